import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import type { Keyset } from "~/platform/db/keyset.server";
import { walkKeyset } from "~/platform/db/keyset.server";
import { containsInsensitive } from "~/platform/db/like.server";
import { CATALOG_COLUMNS, catalogCsvRows } from "~/features/catalog/domain/catalog-csv";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import { CSV_BOM } from "~/platform/core/csv";
import { csvRows } from "~/platform/csv.server";
import { type CatalogActor, loadCatalogProducts } from "./catalog-products.server";

const BY_NAME: Keyset<{ name_key: string; id: string }> = {
  keys: [
    { ref: "product.name_key", field: "name_key", kind: "string" },
    { ref: "product.id", field: "id", kind: "string" },
  ],
  order: "asc",
};

export type CatalogExportFilter = { q?: string; category?: CategoryKey | "all" };

/**
 * The products an actor may edit as a product CSV (one row per pack size, A to Z): an admin's every
 * product but archived ones (optionally as filtered on Manage Products), a vendor's own. UTF-8 with
 * a byte-order mark, so Excel shows ₹ and Devanagari; streamed a few hundred products at a time,
 * so a large catalogue is never held whole. Re-importing it unchanged changes nothing.
 */
export function exportCatalogCsv(actor: CatalogActor, filter: CatalogExportFilter = {}): ReadableStream<Uint8Array> {
  const db = getDb();
  let query = db
    .selectFrom("product")
    .select(["product.id", sql<string>`product.name_key`.as("name_key")])
    .where("product.status", "!=", "archived");
  if (actor.role === "vendor") query = query.where("product.vendor_id", "=", actor.userId);
  if (filter.category && filter.category !== "all") query = query.where("product.category", "=", filter.category);
  if (filter.q) query = query.where(containsInsensitive("product.name", filter.q));
  const batches = walkKeyset(query, BY_NAME, 250);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRows([CATALOG_COLUMNS])));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      const ids = next.value.map((r) => r.id);
      const products = await loadCatalogProducts(db, ids);
      const rows = ids.flatMap((id) => {
        const p = products.get(id);
        return p ? catalogCsvRows(p) : [];
      });
      controller.enqueue(encoder.encode(csvRows(rows)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** The whole export as text (tests, the benchmark). */
export async function exportCatalogCsvText(actor: CatalogActor, filter: CatalogExportFilter = {}) {
  return new Response(exportCatalogCsv(actor, filter)).text();
}
