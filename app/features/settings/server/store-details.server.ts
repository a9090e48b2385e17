import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/platform/env.server";
import { requestState } from "../../../platform/request-policy.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { currentLocale } from "~/platform/i18n/i18n.server";

/** The store's name, tagline and contact details, as the header and footer show them. */
export async function storeDetails(context: Readonly<RouterContextProvider>) {
  const env = getEnv();
  const settings = await requestState(context).settings();
  return {
    siteTitle: settings.siteTitle,
    // A Hindi page's tagline is the admin's Hindi one, where there is one.
    siteTagline: currentLocale() === "hi" && settings.siteTaglineHi ? settings.siteTaglineHi : settings.siteTagline,
    email: env.SUPPORT_EMAIL,
    phone: env.SUPPORT_PHONE,
    address: env.STORE_ADDRESS,
    tax: taxConfig(settings),
  };
}
