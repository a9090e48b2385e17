import { getDb } from "~/db/db.server";
import { isId } from "~/lib/ids";
import type { ProductFormInput } from "~/domain/product-form";
import type { CategoryKey } from "~/domain/categories";
import type { ProductStatus } from "~/db/schema";
import { createProduct, productEdits } from "~/services/catalog/save-product.server";

type ListingRow = {
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  price_paise: number;
  stock: number;
  image: string;
  status: ProductStatus;
  reject_reason: string | null;
  updated_at: string;
};

/** A listing as the vendor's pages show it; `version` is the edit stamp an update must match. */
function toListing(r: ListingRow) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    pricePaise: Number(r.price_paise),
    stock: Number(r.stock),
    image: r.image,
    status: r.status,
    rejectReason: r.reject_reason,
    version: r.updated_at,
  };
}

const LISTING_COLUMNS = [
  "id",
  "name",
  "description",
  "category",
  "price_paise",
  "stock",
  "image",
  "status",
  "reject_reason",
  "updated_at",
] as const;

/** A vendor's own listings (never another vendor's, never the store's). */
export async function listVendorProducts(vendorId: string) {
  const rows = await getDb()
    .selectFrom("product")
    .select(LISTING_COLUMNS)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived")
    .orderBy("updated_at", "desc")
    .execute();
  return rows.map(toListing);
}

export async function getVendorProduct(vendorId: string, productId: string) {
  if (!isId(productId)) return null;
  const row = await getDb()
    .selectFrom("product")
    .select(LISTING_COLUMNS)
    .where("id", "=", productId)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived")
    .executeTakeFirst();
  return row ? toListing(row) : null;
}

/** A new listing waits for an admin's approval before shoppers see it. */
export function createVendorProduct(vendorId: string, input: ProductFormInput, image?: string) {
  return createProduct(input, { image, vendorId, status: "pending" });
}

/**
 * An edited listing goes back to the approval queue. False if it is not this vendor's, or if it
 * changed since the form was loaded (a sale took stock): an old stock figure never wins.
 */
export async function updateVendorProduct(vendorId: string, productId: string, input: ProductFormInput, image?: string, version?: string) {
  let query = getDb()
    .updateTable("product")
    .set({ ...productEdits(input, image), status: "pending", reject_reason: null })
    .where("id", "=", productId)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived");
  if (version) query = query.where("updated_at", "=", version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
