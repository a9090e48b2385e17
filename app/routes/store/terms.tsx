import type { Route } from "./+types/terms";
import { termsMarkup } from "~/features/storefront/ui/legal/terms-content.server";
import { StaticHtml } from "~/ui/static-html";
import { m } from "~/platform/i18n/i18n.server";
import { storeDetails } from "~/features/settings/server/store-details.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** The page's text in its language, as HTML (it never changes in the browser: no script carries it). */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: m.legal_terms_meta_title(), html: termsMarkup(await storeDetails(context)) };
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.html} />;
}
