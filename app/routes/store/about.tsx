import type { Route } from "./+types/about";
import { AboutContent } from "~/components/legal/about-content";
import { useRootData } from "~/lib/root-data";

export const meta: Route.MetaFunction = () => [{ title: "About us · Angle" }];

export default function AboutContentPage() {
  const { store } = useRootData();
  return <AboutContent siteName={store.siteTitle} email={store.email} phone={store.phone} address={store.address} />;
}
