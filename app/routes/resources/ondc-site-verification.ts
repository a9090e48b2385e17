import { siteVerificationPage } from "~/features/ondc/server/subscription.server";

/** ONDC's site verification page: our subscribe call's request id, signed (decision 073); 404 until configured. */
export function loader() {
  return siteVerificationPage();
}
