import { sql, type Kysely } from "kysely";

const RATES = sql`(0, 5, 18, 40)`;

/**
 * GST by HSN and place of supply, tax invoices and credit notes (issue 14, docs/decisions/022-gst.md).
 *
 * - `product.hsn_code` (4–8 digits) and `product.gst_rate` (0, 5, 18 or 40). Existing products get
 *   their category's usual heading and rate: seeds 1209 nil, machinery 8432 5%, hand tools 8201 5%,
 *   fertilisers 3105 5%, and pesticides 3808 18%; an admin corrects what is not right.
 * - What each order line was taxed at, as it was (`order_line`): HSN, rate, taxable value, the
 *   CGST/SGST/IGST amounts and the seller's State; and on `orders` the mode, the place of supply,
 *   the tax on the delivery charge and the sellers as they were (`sellers`, JSON), which the
 *   invoices are issued from. Orders placed before this have none of it, and no invoices.
 * - `tax_document`: invoices and credit notes, each a frozen snapshot (JSON) with its totals in
 *   columns for the GST report. One invoice per seller per order (a partial unique index).
 * - `document_counter`: the last number of each series (seller, kind) per financial year, taken
 *   by an update in the issuing transaction, so numbers are consecutive and gapless: a rolled-back
 *   issue rolls its number back too, and PostgreSQL's row lock makes concurrent issues take turns.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("product")
    .addColumn("hsn_code", "text", (c) => c.notNull().defaultTo("").check(sql`hsn_code = '' or length(hsn_code) between 4 and 8`))
    .execute();
  await db.schema
    .alterTable("product")
    .addColumn("gst_rate", "integer", (c) => c.notNull().defaultTo(18).check(sql`gst_rate in ${RATES}`))
    .execute();
  await sql`update product set
      hsn_code = case when regulated_as = 'pesticide' then '3808' else case category
        when 'seeds' then '1209' when 'equipment' then '8432' when 'tools' then '8201' else '3105' end end,
      gst_rate = case when regulated_as = 'pesticide' then 18 else case category when 'seeds' then 0 else 5 end end`.execute(db);

  for (const [column, type, fallback] of [
    ["hsn_code", "text", ""],
    ["gst_rate", "integer", 0],
    ["taxable_paise", "integer", 0],
    ["cgst_paise", "integer", 0],
    ["sgst_paise", "integer", 0],
    ["igst_paise", "integer", 0],
    ["seller_state_code", "text", ""],
  ] as const) {
    await db.schema
      .alterTable("order_line")
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  for (const [column, type, fallback] of [
    ["tax_mode", "text", "flat"],
    ["buyer_state_code", "text", ""],
    ["shipping_gst_rate", "integer", 0],
    ["shipping_cgst_paise", "integer", 0],
    ["shipping_sgst_paise", "integer", 0],
    ["shipping_igst_paise", "integer", 0],
    ["sellers", "text", "[]"],
  ] as const) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }

  await db.schema
    .createTable("tax_document")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("restrict"))
    // "store", or the vendor's user id (kept as a record even if the account goes).
    .addColumn("seller", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note')`))
    .addColumn("number", "text", (c) => c.notNull().check(sql`length(number) between 1 and 16`))
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("refers_to", "text", (c) => c.references("tax_document.id").onDelete("restrict"))
    .addColumn("place_of_supply", "text", (c) => c.notNull())
    .addColumn("taxable_paise", "integer", (c) => c.notNull())
    .addColumn("cgst_paise", "integer", (c) => c.notNull())
    .addColumn("sgst_paise", "integer", (c) => c.notNull())
    .addColumn("igst_paise", "integer", (c) => c.notNull())
    .addColumn("total_paise", "integer", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tax_document_number").on("tax_document").columns(["seller", "kind", "number"]).unique().execute();
  await db.schema
    .createIndex("tax_document_one_invoice")
    .on("tax_document")
    .columns(["order_id", "seller"])
    .where(sql.ref("kind"), "=", "invoice")
    .unique()
    .execute();
  await db.schema.createIndex("tax_document_order").on("tax_document").column("order_id").execute();
  await db.schema.createIndex("tax_document_issued").on("tax_document").columns(["issued_at"]).execute();
  await db.schema.createIndex("tax_document_seller_issued").on("tax_document").columns(["seller", "issued_at"]).execute();

  await db.schema
    .createTable("document_counter")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("last", "integer", (c) => c.notNull().check(sql`last >= 0`))
    .addPrimaryKeyConstraint("document_counter_pk", ["series", "financial_year"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("document_counter").ifExists().execute();
  await db.schema.dropTable("tax_document").ifExists().execute();
  for (const column of [
    "sellers",
    "shipping_igst_paise",
    "shipping_sgst_paise",
    "shipping_cgst_paise",
    "shipping_gst_rate",
    "buyer_state_code",
    "tax_mode",
  ]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  for (const column of ["seller_state_code", "igst_paise", "sgst_paise", "cgst_paise", "taxable_paise", "gst_rate", "hsn_code"]) {
    await db.schema.alterTable("order_line").dropColumn(column).execute();
  }
  await db.schema.alterTable("product").dropColumn("gst_rate").execute();
  await db.schema.alterTable("product").dropColumn("hsn_code").execute();
}
