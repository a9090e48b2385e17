import type { Route } from "./+types/privacy";
import { PrivacyContent } from "~/components/legal/privacy-content";
import { useRootData } from "~/lib/root-data";

export const meta: Route.MetaFunction = () => [{ title: "Privacy Policy · Angle" }];

export default function PrivacyContentPage() {
  const { store } = useRootData();
  return <PrivacyContent siteName={store.siteTitle} email={store.email} phone={store.phone} address={store.address} />;
}
