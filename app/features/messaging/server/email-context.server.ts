import type { PriceDisplay } from "~/features/tax/domain/gst";
import type { EmailStore } from "~/features/messaging/domain/emails/layout";
import type { BankTransferDetails } from "~/features/payments/domain/bank-transfer";
import type { PaymentMethodNames } from "~/features/payments/domain/payment-settings";
import { getEnv } from "~/platform/env.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { storeAddressLine } from "~/features/settings/domain/settings";
import { getBankTransferDetails, getPaymentMethodNames } from "~/features/settings/server/payment-settings.server";

/** What rendering an email needs besides the event: the store, the admin's address, payment names, the bank account. */
export type EmailContext = {
  store: EmailStore;
  adminEmail: string;
  paymentNames: PaymentMethodNames;
  /** The admin's own methods' names on Hindi pages (their English where they have none). */
  paymentNamesHi?: PaymentMethodNames;
  /** The store's account for bank transfers (Payment Settings), shown to a customer who pays that way. */
  bankTransfer: BankTransferDetails | null;
  /** How the store shows prices (General Settings): an order's email shows them the same way. */
  priceDisplay?: PriceDisplay;
};

/**
 * Read before the transaction that queues the emails (SQLite has one connection: a read through
 * getDb() inside another transaction would wait for it).
 */
export async function getEmailContext(): Promise<EmailContext> {
  const [settings, paymentNames, paymentNamesHi, bankTransfer] = await Promise.all([
    getGeneralSettings(),
    getPaymentMethodNames(),
    getPaymentMethodNames("hi"),
    getBankTransferDetails(),
  ]);
  const env = getEnv();
  return {
    store: {
      name: settings.siteTitle,
      // The same details as the footer and the invoices (General Settings).
      address: storeAddressLine(settings),
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
      baseUrl: env.BASE_URL,
    },
    adminEmail: settings.adminEmail,
    paymentNames,
    paymentNamesHi,
    bankTransfer,
    priceDisplay: settings.priceDisplay,
  };
}
