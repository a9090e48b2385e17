import { sql, type Kysely } from "kysely";

/**
 * Customer groups and price lists (issue 31, docs/decisions/054-price-lists.md). A customer is in at most
 * one group (`customer_group_member`'s key is the user). A price list gives a group its own prices between
 * two instants (`starts_at`, `ends_at`: UTC; the admin enters India times) while it is active. Its entries:
 * a fixed price before GST for a pack size (`variant`), or a percentage off a product's or a whole
 * category's sizes. An order line keeps the list that priced it (`order_line.price_list_id`, for audit; no
 * foreign key, so removing a list never touches a past order).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("customer_group")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 60`))
    .addColumn("name_hi", "text")
    // The name folded to lower case, unique: "FPO" and "fpo" are one group.
    .addColumn("name_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("customer_group_member")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("group_id", "text", (c) => c.notNull().references("customer_group.id").onDelete("cascade"))
    .addColumn("added_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customer_group_member_group").on("customer_group_member").columns(["group_id"]).execute();

  await db.schema
    .createTable("price_list")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("group_id", "text", (c) => c.notNull().references("customer_group.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 80`))
    .addColumn("name_hi", "text")
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active").check(sql`status in ('active', 'paused')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("price_list_window", sql`ends_at is null or ends_at > starts_at`)
    .execute();
  await db.schema.createIndex("price_list_group_status").on("price_list").columns(["group_id", "status"]).execute();

  await db.schema
    .createTable("price_list_entry")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("price_list_id", "text", (c) => c.notNull().references("price_list.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('variant', 'product', 'category')`))
    // A pack size's, a product's id, or a category's key.
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("price_paise", "bigint", (c) => c.check(sql`price_paise > 0`))
    .addColumn("percent_off", "integer", (c) => c.check(sql`percent_off between 1 and 99`))
    .addCheckConstraint(
      "price_list_entry_shape",
      sql`(kind = 'variant' and price_paise is not null and percent_off is null) or (kind <> 'variant' and percent_off is not null and price_paise is null)`,
    )
    .addUniqueConstraint("price_list_entry_target", ["price_list_id", "kind", "target_id"])
    .execute();

  await db.schema.alterTable("order_line").addColumn("price_list_id", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("order_line").dropColumn("price_list_id").execute();
  await db.schema.dropTable("price_list_entry").execute();
  await db.schema.dropTable("price_list").execute();
  await db.schema.dropTable("customer_group_member").execute();
  await db.schema.dropTable("customer_group").execute();
}
