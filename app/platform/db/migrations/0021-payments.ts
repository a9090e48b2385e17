import { sql, type Kysely } from "kysely";

const PAYMENT_STATUSES = sql`('awaiting_payment', 'failed', 'paid', 'partly_refunded', 'refunded', 'cod', 'bank_transfer_pending', 'voided')`;

/**
 * Real payments and the order lifecycle (issue 15, docs/decisions/023-payments.md).
 *
 * - `orders.payment_status`, apart from the order's status: a prepaid order (card, UPI) is created
 *   awaiting payment with `payment_due_at` (the stock hold's end); cash on delivery is 'cod'; a bank
 *   transfer waits as 'bank_transfer_pending' until an admin records its reference. `paid_paise` and
 *   `refunded_paise` are what the gateway (or the admin) confirmed. Orders placed before this: card
 *   and UPI orders still pending wait for payment from now on; any other order keeps its method's
 *   offline status.
 * - `payment`: one attempt at a gateway (a Razorpay order or a Stripe Checkout Session), found by the
 *   gateway's id we stored (`gateway_ref`, unique), never by what a browser sends.
 * - `refund`: money going back, through the gateway or (cash on delivery) as a payout the admin
 *   records. `idem_key` is unique ("cancel:<order>", "return:<return>", "extra:<payment>"), so two
 *   racing requests cannot create two refunds for one reason.
 * - `gateway_event`: each webhook event id, stored in the transaction that applies it.
 * - `shipment`: a seller's parcel (courier, tracking number or link); order lines point to theirs.
 * - `return_request`: a customer's return of one line (quantity, reason), decided by an admin or the
 *   line's vendor.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("orders")
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("cod").check(sql`payment_status in ${PAYMENT_STATUSES}`))
    .execute();
  await db.schema.alterTable("orders").addColumn("payment_due_at", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("paid_paise", "integer", (c) => c.notNull().defaultTo(0).check(sql`paid_paise >= 0`))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("refunded_paise", "integer", (c) => c.notNull().defaultTo(0).check(sql`refunded_paise >= 0`))
    .execute();
  await db.schema.alterTable("orders").addColumn("paid_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_reference", "text").execute();
  const due = new Date(Date.now() + 30 * 60_000).toISOString();
  await sql`update orders set payment_status = case
      when payment_method in ('card', 'upi') and status = 'pending' then 'awaiting_payment'
      when payment_method in ('card', 'upi') and status = 'cancelled' then 'voided'
      when payment_method = 'bank_transfer' then 'bank_transfer_pending'
      else 'cod' end,
    payment_due_at = case when payment_method in ('card', 'upi') and status = 'pending' then ${due} else null end`.execute(db);
  // The hold sweep: pending orders awaiting payment, oldest due first.
  await db.schema.createIndex("orders_payment_due").on("orders").columns(["payment_status", "payment_due_at"]).execute();

  await db.schema
    .createTable("payment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("gateway", "text", (c) => c.notNull().check(sql`gateway in ('razorpay', 'stripe')`))
    .addColumn("gateway_ref", "text", (c) => c.notNull().unique())
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('created', 'paid', 'failed', 'expired')`))
    .addColumn("gateway_payment_id", "text")
    .addColumn("method", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_order").on("payment").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("refund")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("payment_id", "text", (c) => c.references("payment.id"))
    .addColumn("idem_key", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('gateway', 'payout')`))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('cancelled', 'return', 'late_payment', 'extra_payment')`))
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sending', 'processed', 'failed')`))
    .addColumn("gateway_refund_id", "text")
    .addColumn("payout_reference", "text")
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("actor_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refund_order").on("refund").column("order_id").execute();
  await db.schema.createIndex("refund_due").on("refund").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("gateway_event")
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("gateway_event_pk", ["gateway", "event_id"])
    .execute();

  await db.schema
    .createTable("shipment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    // null: the store's own lines.
    .addColumn("vendor_id", "text")
    .addColumn("courier", "text", (c) => c.notNull().check(sql`length(courier) between 2 and 80`))
    .addColumn("tracking", "text", (c) => c.notNull().check(sql`length(tracking) between 3 and 300`))
    .addColumn("actor_id", "text")
    .addColumn("shipped_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shipment_order").on("shipment").column("order_id").execute();
  await db.schema.alterTable("order_line").addColumn("shipment_id", "text").execute();

  await db.schema
    .createTable("return_request")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("order_line_id", "text", (c) => c.notNull().unique().references("order_line.id").onDelete("cascade"))
    .addColumn("vendor_id", "text")
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`length(reason) between 3 and 500`))
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('requested', 'approved', 'rejected')`))
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .addColumn("decision_note", "text")
    .addColumn("refund_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("return_request_order").on("return_request").column("order_id").execute();
  await db.schema.createIndex("return_request_status").on("return_request").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["return_request", "shipment", "gateway_event", "refund", "payment"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex("orders_payment_due").ifExists().execute();
  await db.schema.alterTable("order_line").dropColumn("shipment_id").execute();
  for (const column of ["payment_reference", "paid_at", "refunded_paise", "paid_paise", "payment_due_at", "payment_status"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
