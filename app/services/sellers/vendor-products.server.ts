import { getDb } from "~/db/db.server";
import { type Keyset, paginate } from "~/db/keyset.server";
import { FIRST_PAGE, type PageRequest } from "~/domain/pagination";
import { isId } from "~/lib/ids";
import type { ProductFormInput } from "~/domain/product-form";
import { createProduct, productEdits } from "~/services/catalog/save-product.server";

export const VENDOR_PRODUCTS_PAGE_SIZE = 25;

const LATEST_EDIT_FIRST: Keyset<{ updated_at: string; id: string }> = {
  keys: [
    { ref: "product.updated_at", field: "updated_at", kind: "string" },
    { ref: "product.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** A page of a vendor's own listings (never another vendor's, never the store's), latest edit first. */
export async function listVendorProducts(vendorId: string, request: PageRequest = FIRST_PAGE) {
  const query = getDb()
    .selectFrom("product")
    .select(["id", "name", "category", "price_paise", "stock", "image", "status", "reject_reason", "updated_at"])
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived");
  const page = await paginate(query, LATEST_EDIT_FIRST, request, VENDOR_PRODUCTS_PAGE_SIZE);
  return { ...page, rows: page.rows.map((r) => ({ ...r, price_paise: Number(r.price_paise) })) };
}

export async function getVendorProduct(vendorId: string, productId: string) {
  if (!isId(productId)) return null;
  const row = await getDb()
    .selectFrom("product")
    .select(["id", "name", "description", "category", "price_paise", "stock", "image", "status", "reject_reason", "updated_at"])
    .where("id", "=", productId)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived")
    .executeTakeFirst();
  return row ? { ...row, price_paise: Number(row.price_paise) } : null;
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
