import { getDatabase, getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { refusal, RefusalError } from "~/platform/core/refusal";
import { newId } from "~/platform/ids";
import { localizePath, type Locale } from "~/platform/i18n/locale";
import { hasRealEmail, provenMobile } from "~/features/accounts/domain/mobile";
import { lineName } from "~/features/catalog/domain/pack-label";
import type { EmailContext } from "~/features/messaging/server/email-context.server";
import { emailOutboxRow, smsOutboxRow } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import { backInStockEmail, backInStockSms } from "~/features/wishlist/domain/back-in-stock-messages";
import { MAX_OPEN_ALERTS } from "~/features/wishlist/domain/wishlist";
import { lockCustomer, onSale } from "./wishlist.server";

/**
 * "Tell me when it's back" (issue 31). A request is for one sold-out size; its messages are written
 * now, in the customer's language and as their message choices allow (an email unless they turned
 * non-essential emails off; an SMS to a proved number when they have no email or turned SMS updates
 * on), and kept on the request. When the size's stock goes from 0 to more, the database trigger of
 * 0045-wishlist copies them into the outbox in that same transaction and closes the request: one
 * message per request, whatever path the stock came back by.
 */
export async function askBackInStock(userId: string, variantId: string, ctx: EmailContext, locale: Locale, now = new Date()) {
  const postgres = getDatabase().engine === "postgres";
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await lockCustomer(trx, userId);
      // The size's row, taken (PostgreSQL) so that a restock committing meanwhile waits for this
      // request, or this request sees its stock: never a request left open on a size in stock.
      let query = trx
        .selectFrom("product_variant as v")
        .innerJoin("product", "product.id", "v.product_id")
        .select(["v.id", "v.product_id", "v.label", "v.stock", "product.name", "product.name_hi", "product.variant_count"])
        .where("v.id", "=", variantId);
      if (postgres) query = query.forUpdate("v");
      const size = await query.executeTakeFirst();
      if (!size || !(await onSale(trx, size.product_id))) throw new RefusalError(refusal("wishlist.unknown_product"), { status: 404 });
      if (Number(size.stock) > 0) throw new RefusalError(refusal("wishlist.in_stock"), { status: 409 });
      const open = await trx
        .selectFrom("stock_alert")
        .select("id")
        .where("user_id", "=", userId)
        .where("notified_at", "is", null)
        .execute();
      if (open.length >= MAX_OPEN_ALERTS)
        throw new RefusalError(refusal("wishlist.too_many_alerts", { max: MAX_OPEN_ALERTS }), { status: 409 });
      const waiting = await trx
        .selectFrom("stock_alert")
        .select("id")
        .where("user_id", "=", userId)
        .where("variant_id", "=", variantId)
        .where("notified_at", "is", null)
        .executeTakeFirst();
      if (waiting) return { id: waiting.id };

      const customer = await trx
        .selectFrom("user")
        .select(["email", "phoneNumber", "phoneNumberVerified", "phone", "verified_phone", "sms_order_updates"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      const id = newId();
      const several = Number(size.variant_count) > 1;
      const name = lineName({ name: size.name, nameHi: size.name_hi, variantLabel: several ? size.label : null }, locale);
      const path = `/products/${size.product_id}${several ? `?size=${encodeURIComponent(size.id)}` : ""}`;
      const email = hasRealEmail(customer.email)
        ? await emailOutboxRow(trx, "back-in-stock", `back-in-stock:${id}:email`, {
            to: customer.email,
            ...backInStockEmail(ctx.store, { name, path }, locale),
          })
        : null;
      const sms = smsRow(customer, { id, name, link: `${ctx.store.baseUrl}${localizePath(path, locale)}`, store: ctx.store.name }, locale);
      if (!email && !sms) throw new RefusalError(refusal("wishlist.no_channel"), { status: 409 });
      await trx
        .insertInto("stock_alert")
        .values({
          id,
          user_id: userId,
          product_id: size.product_id,
          variant_id: size.id,
          created_at: now.toISOString(),
          notified_at: null,
          email_to: email?.recipient ?? null,
          email_payload: email?.payload ?? null,
          sms_to: sms?.recipient ?? null,
          sms_payload: sms?.payload ?? null,
        })
        .execute();
      return { id };
    });
}

type SmsColumns = {
  email: string;
  phoneNumber: string | null;
  phoneNumberVerified: boolean | number | null;
  phone: string | null;
  verified_phone: string | null;
  sms_order_updates: boolean | number;
};

/** The SMS as order SMS go: to a proved number, for a customer with no email or with SMS updates on; through MSG91 only with its template. */
function smsRow(customer: SmsColumns, item: { id: string; name: string; link: string; store: string }, customerLocale: Locale) {
  if (hasRealEmail(customer.email) && !customer.sms_order_updates) return null;
  const to = provenMobile(customer);
  if (!to) return null;
  const env = getEnv();
  const { locale, templateId } = smsTemplate("back-in-stock-sms", customerLocale, env);
  if (env.MSG91_AUTH_KEY !== undefined && !templateId) return null;
  const sms = backInStockSms(item.store, { name: item.name, link: item.link }, locale);
  return smsOutboxRow("back-in-stock-sms", `back-in-stock:${item.id}:sms`, { to, ...sms, ...(templateId ? { templateId } : {}) });
}

/** Stops waiting for a size (the customer's own request only). */
export async function cancelBackInStock(userId: string, variantId: string) {
  await getDb()
    .deleteFrom("stock_alert")
    .where("user_id", "=", userId)
    .where("variant_id", "=", variantId)
    .where("notified_at", "is", null)
    .execute();
}

/** The sizes the customer waits for, newest first, named in the page's language. */
export async function listBackInStock(userId: string, locale: Locale) {
  const rows = await getDb()
    .selectFrom("stock_alert as a")
    .innerJoin("product_variant as v", "v.id", "a.variant_id")
    .innerJoin("product", "product.id", "a.product_id")
    .select(["a.variant_id", "a.product_id", "a.created_at", "v.label", "product.name", "product.name_hi", "product.variant_count"])
    .where("a.user_id", "=", userId)
    .where("a.notified_at", "is", null)
    .orderBy("a.created_at", "desc")
    .orderBy("a.id")
    .limit(MAX_OPEN_ALERTS)
    .execute();
  return rows.map((r) => {
    const several = Number(r.variant_count) > 1;
    return {
      variantId: r.variant_id,
      productId: r.product_id,
      name: lineName({ name: r.name, nameHi: r.name_hi, variantLabel: several ? r.label : null }, locale),
      path: `/products/${r.product_id}${several ? `?size=${encodeURIComponent(r.variant_id)}` : ""}`,
    };
  });
}
