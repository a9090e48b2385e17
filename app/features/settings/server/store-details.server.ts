import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/platform/env.server";
import { requestState } from "../../../platform/request-policy.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";

/** The store's name, tagline and contact details, as the header and footer show them. */
export async function storeDetails(context: Readonly<RouterContextProvider>) {
  const env = getEnv();
  const settings = await requestState(context).settings();
  return {
    siteTitle: settings.siteTitle,
    siteTagline: settings.siteTagline,
    email: env.SUPPORT_EMAIL,
    phone: env.SUPPORT_PHONE,
    address: env.STORE_ADDRESS,
    tax: taxConfig(settings),
  };
}
