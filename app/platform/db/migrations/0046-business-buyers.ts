import { sql, type Kysely } from "kysely";

/**
 * Buying as a business (issue 31, docs/decisions/051-business-buyers.md): a customer's GSTIN and the legal
 * name it is registered under (`customer_business`, one per account, deleted with it), and on each order
 * the GSTIN and legal name its tax invoices were made out to (`orders.buyer_gstin`, `buyer_legal_name`;
 * null for a sale to an unregistered buyer). The order keeps its own copy: a later change of the account's
 * details never reaches an order's invoices or the GST report.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("customer_business")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("legal_name", "text", (c) => c.notNull().check(sql`length(legal_name) between 2 and 120`))
    .addColumn("gstin", "text", (c) => c.notNull().check(sql`length(gstin) = 15`))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("orders").addColumn("buyer_gstin", "text").execute();
  await db.schema.alterTable("orders").addColumn("buyer_legal_name", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("orders").dropColumn("buyer_legal_name").execute();
  await db.schema.alterTable("orders").dropColumn("buyer_gstin").execute();
  await db.schema.dropTable("customer_business").execute();
}
