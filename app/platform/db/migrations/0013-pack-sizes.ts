import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Pack sizes and product details for farmers (issue 12, docs/decisions/016-pack-sizes.md).
 *
 * - `product_variant`: a product's pack sizes, each with its own SKU, MRP, price, stock and
 *   shipping weight. Every existing product becomes one variant whose id is the product's id, so
 *   a cart saved before this migration (lines keyed by product id) still finds what it holds.
 * - `product` keeps `price_paise` and `stock` as a summary of its variants (lowest in-stock price,
 *   total stock), written in the same transaction as any variant change: the catalogue's filters,
 *   sorts and keyset pages keep their indexes at 100,000 products. New: `mrp_paise` (of the
 *   variant the price comes from), `price_varies` ("from ₹X" on cards), `variant_count` (a card with several sizes asks to choose one), brand, gallery (JSON list
 *   of pictures after the cover), season, dosage per acre and how to use.
 * - `product_crop`: the crops a product is for (/crops).
 * - `order_line`: snapshots of the variant sold (id, label, SKU).
 */
export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  const bool = postgres ? "boolean" : "integer";
  const no = postgres ? sql`false` : sql`0`;
  const decimal = postgres ? "double precision" : "real";

  await db.schema
    .createTable("product_variant")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("pack_quantity", decimal, (c) => c.notNull().check(sql`pack_quantity > 0`))
    .addColumn("pack_unit", "text", (c) => c.notNull())
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("mrp_paise", "bigint", (c) => c.notNull())
    .addColumn("price_paise", "bigint", (c) => c.notNull().check(sql`price_paise > 0`))
    .addColumn("stock", "integer", (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn("weight_grams", "integer", (c) => c.notNull().check(sql`weight_grams > 0`))
    .addCheckConstraint("product_variant_price_within_mrp", sql`price_paise <= mrp_paise`)
    .execute();
  await db.schema.createIndex("product_variant_product").on("product_variant").columns(["product_id", "position"]).execute();

  await db.schema.alterTable("product").addColumn("mrp_paise", "bigint").execute();
  await db.schema
    .alterTable("product")
    .addColumn("price_varies", bool, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema
    .alterTable("product")
    .addColumn("variant_count", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("product").addColumn("brand", "text").execute();
  await db.schema
    .alterTable("product")
    .addColumn("gallery", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("product").addColumn("season", "text").execute();
  await db.schema.alterTable("product").addColumn("dosage_amount", decimal).execute();
  await db.schema.alterTable("product").addColumn("dosage_unit", "text").execute();
  await db.schema.alterTable("product").addColumn("how_to_use", "text").execute();

  await db.schema
    .createTable("product_crop")
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("crop", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_crop_pk", ["product_id", "crop"])
    .execute();
  await db.schema.createIndex("product_crop_crop").on("product_crop").columns(["crop", "product_id"]).execute();

  await db.schema.alterTable("order_line").addColumn("variant_id", "text").execute();
  await db.schema
    .alterTable("order_line")
    .addColumn("variant_label", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("order_line")
    .addColumn("sku", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  // Every product becomes one variant with its id, price and stock; the MRP is the price.
  await sql`
    insert into product_variant (id, product_id, position, label, pack_quantity, pack_unit, sku, mrp_paise, price_paise, stock, weight_grams)
    select id, id, 0, 'Standard', 1, 'piece', ${sql.lit("AG-")} || upper(id), price_paise, price_paise, stock, 1000 from product
  `.execute(db);
  await sql`update product set mrp_paise = price_paise`.execute(db);
  await sql`update order_line set variant_id = product_id, sku = ${sql.lit("AG-")} || upper(product_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const column of ["variant_id", "variant_label", "sku"]) await db.schema.alterTable("order_line").dropColumn(column).execute();
  await db.schema.dropTable("product_crop").ifExists().execute();
  for (const column of [
    "mrp_paise",
    "price_varies",
    "variant_count",
    "brand",
    "gallery",
    "season",
    "dosage_amount",
    "dosage_unit",
    "how_to_use",
  ]) {
    await db.schema.alterTable("product").dropColumn(column).execute();
  }
  await db.schema.dropTable("product_variant").ifExists().execute();
}
