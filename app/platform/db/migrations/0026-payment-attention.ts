import { sql, type Kysely } from "kysely";

/**
 * Payments the store did not apply to their order (docs/decisions/023-payments.md): a second
 * capture of a paid order, a capture that came after the order was cancelled, one for another
 * amount or currency.
 *
 * - `stray_payment`: one row per gateway payment id (unique per gateway), so a redelivery or a
 *   racing duplicate finds it and changes nothing. `resolution`: 'refund' (refunded: automatically
 *   for a second or late payment; by an admin for a mismatch, `refund_id` its refund), 'settled' (an
 *   admin matched it by hand, with a note), or null while it waits for an admin.
 * - `refund.gateway_payment_id`: the gateway payment a refund returns when it is not its attempt's
 *   own (a second capture on one Razorpay order or Stripe session).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("stray_payment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("payment_id", "text", (c) => c.notNull().references("payment.id").onDelete("cascade"))
    .addColumn("gateway", "text", (c) => c.notNull().check(sql`gateway in ('razorpay', 'stripe')`))
    .addColumn("gateway_payment_id", "text", (c) => c.notNull())
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise >= 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("method", "text")
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('second_payment', 'late_payment', 'amount_mismatch', 'currency_mismatch')`),
    )
    .addColumn("resolution", "text", (c) => c.check(sql`resolution in ('refund', 'settled')`))
    .addColumn("refund_id", "text", (c) => c.references("refund.id"))
    .addColumn("note", "text")
    .addColumn("resolved_by", "text")
    .addColumn("resolved_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("stray_payment_gateway_payment", ["gateway", "gateway_payment_id"])
    .execute();
  await db.schema.createIndex("stray_payment_order").on("stray_payment").columns(["order_id", "created_at"]).execute();
  // The admin's list of payments waiting for a decision.
  await db.schema.createIndex("stray_payment_open").on("stray_payment").columns(["resolution", "created_at"]).execute();
  await db.schema.alterTable("refund").addColumn("gateway_payment_id", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("refund").dropColumn("gateway_payment_id").execute();
  await db.schema.dropTable("stray_payment").ifExists().execute();
}
