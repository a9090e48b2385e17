import type { Route } from "./+types/refund";
import { RefundContent } from "~/components/legal/refund-content";
import { useRootData } from "~/lib/root-data";

export const meta: Route.MetaFunction = () => [{ title: "Refund & Returns Policy · Angle" }];

export default function RefundContentPage() {
  const { store } = useRootData();
  return <RefundContent siteName={store.siteTitle} email={store.email} phone={store.phone} address={store.address} />;
}
