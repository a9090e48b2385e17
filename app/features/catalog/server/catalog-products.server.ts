import { idChunks } from "~/platform/db/batch.server";
import type { Db } from "~/platform/db/db.server";
import type { ProductStatus } from "~/platform/db/schema";
import type { CatalogProduct } from "~/features/catalog/domain/catalog-csv";
import { loadProductFormExtras } from "./product-form-extras.server";

/** A product as the CSV writes it, with who owns it and where it stands. */
export type StoredCatalogProduct = CatalogProduct & { vendorId: string | null; status: ProductStatus };

/** Who acts on the catalogue in bulk: an admin (every product) or a vendor (their own). */
export type CatalogActor = { role: "admin"; userId: string } | { role: "vendor"; userId: string };

/** Products by id with their sizes, crops and details, a few queries per slice of ids. Missing ids are not in the map. */
export async function loadCatalogProducts(db: Db, productIds: readonly string[]): Promise<Map<string, StoredCatalogProduct>> {
  const out = new Map<string, StoredCatalogProduct>();
  const extras = await loadProductFormExtras(db, productIds);
  for (const ids of idChunks(productIds)) {
    const rows = await db
      .selectFrom("product")
      .select(["id", "version", "name", "description", "category", "regulated_as", "image", "vendor_id", "status"])
      .where("id", "in", ids)
      .execute();
    for (const r of rows) {
      const more = extras.get(r.id);
      if (!more) continue;
      out.set(r.id, {
        id: r.id,
        version: Number(r.version),
        name: r.name,
        description: r.description,
        category: r.category,
        regulatedAs: r.regulated_as,
        hsnCode: more.hsnCode,
        gstRate: more.gstRate,
        image: r.image,
        brand: more.brand,
        season: more.season,
        crops: more.crops,
        dosageAmount: more.dosageAmount,
        dosageUnit: more.dosageUnit,
        howToUse: more.howToUse,
        nameHi: more.nameHi,
        descriptionHi: more.descriptionHi,
        howToUseHi: more.howToUseHi,
        variants: more.variants,
        vendorId: r.vendor_id,
        status: r.status,
      });
    }
  }
  return out;
}

/** Whether the actor may change this product by CSV: an admin any product on the store, a vendor only their own. */
export function mayEdit(actor: CatalogActor, product: StoredCatalogProduct) {
  if (product.status === "archived") return false;
  return actor.role === "admin" || product.vendorId === actor.userId;
}
