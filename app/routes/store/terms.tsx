import type { Route } from "./+types/terms";
import { termsMarkup } from "~/components/legal/terms-content.server";
import { StaticHtml } from "~/components/static-html";
import { m } from "~/lib/i18n.server";
import { storeDetails } from "~/lib/store-details.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** The page's text in its language, as HTML (it never changes in the browser: no script carries it). */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: m.legal_terms_meta_title(), html: termsMarkup(await storeDetails(context)) };
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.html} />;
}
