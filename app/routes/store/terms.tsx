import type { Route } from "./+types/terms";
import { TermsContent } from "~/components/legal/terms-content";
import { useRootData } from "~/lib/root-data";

export const meta: Route.MetaFunction = () => [{ title: "Terms of Service · Angle" }];

export default function TermsContentPage() {
  const { store } = useRootData();
  return <TermsContent siteName={store.siteTitle} email={store.email} phone={store.phone} address={store.address} />;
}
