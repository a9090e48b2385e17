import type { Route } from "./+types/about";
import { aboutMarkup } from "~/features/storefront/ui/legal/about-content.server";
import { StaticHtml } from "~/ui/static-html";
import { m } from "~/platform/i18n/i18n.server";
import { storeDetails } from "~/features/settings/server/store-details.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** The page's text in its language, as HTML (it never changes in the browser: no script carries it). */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: m.legal_about_meta_title(), html: aboutMarkup(await storeDetails(context)) };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.html} />;
}
