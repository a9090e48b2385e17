import { type Kysely, sql } from "kysely";

/**
 * Indexes for the lists' keyset pages (app/platform/db/keyset.server.ts): each list sorts by its columns
 * and then the id, so a page starts with an index seek instead of a sort of every matching row.
 * Old indexes the new ones start with are replaced.
 */
const INDEXES: { name: string; table: string; columns: string[]; replaces?: string }[] = [
  { name: "orders_created_id", table: "orders", columns: ["created_at", "id"] },
  { name: "orders_status_created_id", table: "orders", columns: ["status", "created_at", "id"], replaces: "orders_status_created" },
  { name: "orders_user_created_id", table: "orders", columns: ["user_id", "created_at", "id"], replaces: "orders_user_created" },
  { name: "user_created_id", table: "user", columns: ["createdAt", "id"] },
  { name: "product_name_key_id", table: "product", columns: ["name_key", "id"] },
  { name: "product_status_updated_id", table: "product", columns: ["status", "updated_at", "id"] },
  { name: "product_vendor_updated_id", table: "product", columns: ["vendor_id", "updated_at", "id"], replaces: "product_vendor" },
  { name: "vendor_business_name", table: "vendor", columns: ["business_name", "user_id"] },
  { name: "contact_message_created_id", table: "contact_message", columns: ["created_at", "id"] },
  { name: "order_line_vendor_order", table: "order_line", columns: ["vendor_id", "order_id"], replaces: "order_line_vendor" },
];

export async function up(db: Kysely<unknown>) {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).ifNotExists().on(index.table).columns(index.columns).execute();
    if (index.replaces) await db.schema.dropIndex(index.replaces).ifExists().execute();
  }
  await sql`analyze`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const index of [...INDEXES].reverse()) {
    if (index.replaces) {
      const columns = index.columns.slice(0, index.replaces === "order_line_vendor" || index.replaces === "product_vendor" ? 1 : 2);
      await db.schema.createIndex(index.replaces).ifNotExists().on(index.table).columns(columns).execute();
    }
    await db.schema.dropIndex(index.name).ifExists().execute();
  }
}
