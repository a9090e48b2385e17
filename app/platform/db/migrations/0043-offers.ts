import { sql, type Kysely } from "kysely";

/**
 * Offers (issue 31, docs/decisions/050-offers.md): coupons (a code) and automatic offers, one table.
 * What an offer targets is a list of ids (`target_ids`, JSON text) of the kind `target` names.
 * `uses` and `spent_paise` are raised by a guarded update in the order's transaction and given back
 * when the order is cancelled; `offer_use` says which order used which offer, for whom and how much.
 * Orders and their lines keep the discount they got (before tax: the taxable value is after it).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("offer")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('coupon', 'automatic')`))
    // Upper case, unique among coupons; null for an automatic offer.
    .addColumn("code", "text", (c) => c.unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_hi", "text")
    .addColumn("discount_type", "text", (c) => c.notNull().check(sql`discount_type in ('percent', 'fixed', 'free_shipping')`))
    .addColumn("discount_percent", "integer", (c) => c.check(sql`discount_percent between 1 and 100`))
    .addColumn("discount_paise", "bigint", (c) => c.check(sql`discount_paise > 0`))
    .addColumn("target", "text", (c) => c.notNull().check(sql`target in ('cart', 'products', 'categories', 'crops', 'vendor', 'variants')`))
    .addColumn("target_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("min_cart_paise", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("min_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
    // GST State codes, JSON text; [] is every State.
    .addColumn("states", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("max_uses", "integer")
    .addColumn("uses_per_customer", "integer")
    .addColumn("budget_paise", "bigint")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn("spent_paise", "bigint", (c) => c.notNull().defaultTo(0).check(sql`spent_paise >= 0`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active").check(sql`status in ('active', 'paused', 'ended')`))
    .addColumn("stacks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("offer_status_kind").on("offer").columns(["status", "kind"]).execute();

  await db.schema
    .createTable("offer_use")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("offer_id", "text", (c) => c.notNull().references("offer.id"))
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("discount_paise", "bigint", (c) => c.notNull().check(sql`discount_paise >= 0`))
    // A cancelled order's use is given back: the row is kept, marked, and no longer counts.
    .addColumn("returned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("offer_use_offer_user").on("offer_use").columns(["offer_id", "user_id"]).execute();
  await db.schema.createIndex("offer_use_order").on("offer_use").columns(["order_id"]).execute();

  await db.schema
    .alterTable("orders")
    .addColumn("discount_paise", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  // The discounts the order got, as shown: [{ offerId, name, nameHi, code, paise, freeShipping }].
  await db.schema
    .alterTable("orders")
    .addColumn("offers", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("order_line")
    .addColumn("discount_paise", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("order_line").dropColumn("discount_paise").execute();
  await db.schema.alterTable("orders").dropColumn("offers").execute();
  await db.schema.alterTable("orders").dropColumn("discount_paise").execute();
  await db.schema.dropTable("offer_use").execute();
  await db.schema.dropTable("offer").execute();
}
