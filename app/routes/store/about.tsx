import type { Route } from "./+types/about";
import { aboutMarkup } from "~/components/legal/about-content.server";
import { StaticHtml } from "~/components/static-html";
import { m } from "~/lib/i18n.server";
import { storeDetails } from "~/lib/store-details.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** The page's text in its language, as HTML (it never changes in the browser: no script carries it). */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: m.legal_about_meta_title(), html: aboutMarkup(await storeDetails(context)) };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.html} />;
}
