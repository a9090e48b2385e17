import type { EmailStore } from "~/domain/emails/layout";
import type { PaymentMethodNames } from "~/domain/payment-settings";
import { getEnv } from "~/env.server";
import { getGeneralSettings } from "~/services/settings/get-general-settings.server";
import { getPaymentMethodNames } from "~/services/settings/payment-settings.server";

/** What rendering an email needs besides the event: the store, the admin's address, payment names. */
export type EmailContext = { store: EmailStore; adminEmail: string; paymentNames: PaymentMethodNames };

/**
 * Read before the transaction that queues the emails (SQLite has one connection: a read through
 * getDb() inside another transaction would wait for it).
 */
export async function getEmailContext(): Promise<EmailContext> {
  const [settings, paymentNames] = await Promise.all([getGeneralSettings(), getPaymentMethodNames()]);
  const env = getEnv();
  return {
    store: {
      name: settings.siteTitle,
      address: env.STORE_ADDRESS,
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      baseUrl: env.BASE_URL,
    },
    adminEmail: settings.adminEmail,
    paymentNames,
  };
}
