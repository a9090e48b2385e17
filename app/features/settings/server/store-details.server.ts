import type { RouterContextProvider } from "react-router";
import { requestState } from "../../../platform/request-policy.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { taglineIn } from "./hindi-defaults.server";
import { type GeneralSettings, storeAddressLine } from "../domain/settings";

/**
 * Who the store is and how to reach it, from its General Settings: the one source for the header,
 * footer, contact and legal pages and emails; the invoices print the same registered address
 * (docs/decisions/039-store-details.md).
 */
export function storeDetailsOf(settings: GeneralSettings, locale: "en" | "hi") {
  return {
    siteTitle: settings.siteTitle,
    // A Hindi page's tagline and hours are the admin's Hindi ones, where there are some.
    siteTagline: taglineIn(settings, locale),
    legalName: settings.storeLegalName,
    email: settings.supportEmail,
    phone: settings.supportPhone,
    hours: locale === "hi" && settings.supportHoursHi ? settings.supportHoursHi : settings.supportHours,
    address: storeAddressLine(settings),
    gstin: settings.storeGstin,
  };
}

/** The store's details, as the page being made shows them. */
export async function storeDetails(context: Readonly<RouterContextProvider>) {
  const settings = await requestState(context).settings();
  return {
    ...storeDetailsOf(settings, currentLocale() === "hi" ? "hi" : "en"),
    tax: taxConfig(settings),
    // Whether a subsidised fertiliser's card offers Add to cart (docs/decisions/057-territory.md).
    subsidisedDelivered: settings.subsidisedFertilisers === "allowed",
  };
}
