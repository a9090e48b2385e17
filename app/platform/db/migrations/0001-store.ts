import { sql, type CreateTableBuilder, type Kysely } from "kysely";

/**
 * The store's own tables. Better Auth's tables (user, session, account, verification, rateLimit)
 * are created before this by its migration API. Column types are chosen to mean the same on SQLite
 * and PostgreSQL: bigint (paise can pass 2^31 for a few tractors), double precision, text ISO times.
 */
export async function up(db: Kysely<unknown>) {
  const categories = sql`('seeds', 'equipment', 'tools', 'fertilizers')`;

  await db.schema
    .createTable("product")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().check(sql`category in ${categories}`))
    .addColumn("price_paise", "bigint", (c) => c.notNull().check(sql`price_paise > 0`))
    .addColumn("stock", "integer", (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn("rating", "double precision", (c) => c.notNull().defaultTo(0).check(sql`rating between 0 and 5`))
    .addColumn("reviews", "integer", (c) => c.notNull().defaultTo(0).check(sql`reviews >= 0`))
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("vendor_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("live").check(sql`status in ('live', 'pending', 'rejected', 'archived')`))
    .addColumn("reject_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  for (const column of ["name", "price_paise", "rating", "created_at"]) {
    await db.schema.createIndex(`product_status_${column}`).on("product").columns(["status", column]).execute();
  }
  await db.schema.createIndex("product_category").on("product").columns(["status", "category", "name"]).execute();
  await db.schema.createIndex("product_vendor").on("product").column("vendor_id").execute();

  await db.schema
    .createTable("vendor")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("business_name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("gst_number", "text", (c) => c.notNull().unique())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  const money =
    (name: string) =>
    <C extends string>(t: CreateTableBuilder<"orders", C>) =>
      t.addColumn(name, "bigint", (c) => c.notNull().check(sql.raw(`${name} >= 0`)));
  let orders = db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("restrict"))
    .addColumn("checkout_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')`))
    .addColumn("payment_method", "text", (c) => c.notNull());
  for (const name of ["subtotal_paise", "shipping_paise", "tax_paise", "total_paise"]) orders = money(name)(orders);
  await orders
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("customer_email", "text", (c) => c.notNull())
    .addColumn("customer_phone", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("orders_checkout_key", ["user_id", "checkout_key"])
    .execute();
  await db.schema.createIndex("orders_user_created").on("orders").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("orders_status_created").on("orders").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("order_line")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("restrict"))
    .addColumn("vendor_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("unit_price_paise", "bigint", (c) => c.notNull().check(sql`unit_price_paise > 0`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("line_total_paise", "bigint", (c) => c.notNull().check(sql`line_total_paise >= 0`))
    .execute();
  await db.schema.createIndex("order_line_order").on("order_line").column("order_id").execute();
  await db.schema.createIndex("order_line_product").on("order_line").column("product_id").execute();
  await db.schema.createIndex("order_line_vendor").on("order_line").column("vendor_id").execute();

  await db.schema
    .createTable("order_event")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("actor_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_event_order").on("order_event").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("contact_message")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('contact', 'expert')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("handled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // Fixed-window counters shared by every server process (sign-in, registration, contact form).
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["rate_limit", "contact_message", "setting", "order_event", "order_line", "orders", "vendor", "product"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
