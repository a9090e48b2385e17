import { getDb } from "~/platform/db/db.server";
import { isId } from "~/platform/ids";
import { indiaToday } from "~/platform/core/india-day";
import { deleteOrArchiveProduct, nextVersion } from "~/features/catalog/server/save-product.server";
import { syncListing } from "./licensed-listings.server";

/**
 * A vendor takes their own listing off sale and puts it back, or removes it. The vendor's id is in
 * every query's where: another vendor's listing, the store's own product, an archived one and a
 * missing one are the same answer, null (the page says "not found"), and nothing changes.
 */

/** The listings that are on sale, or would be but for a licence: the ones a vendor may pause. */
const PAUSABLE = ["live", "unlicensed"] as const;

/** Takes a listing off sale: "paused". Null when it is not this vendor's, or is not on sale. */
export async function pauseListing(vendorId: string, productId: string): Promise<"paused" | null> {
  if (!isId(productId)) return null;
  const result = await getDb()
    .updateTable("product")
    .set({ status: "paused", version: nextVersion(), updated_at: new Date().toISOString() })
    .where("id", "=", productId)
    .where("vendor_id", "=", vendorId)
    .where("status", "in", PAUSABLE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? "paused" : null;
}

/**
 * Puts a paused listing back on sale without a new approval (it was approved, and an edit since
 * would have sent it back to the queue). "unlicensed" instead when the vendor's licence for what it
 * is regulated as lapsed meanwhile. Null when it is not this vendor's, or is not paused.
 */
export async function resumeListing(vendorId: string, productId: string, today: string = indiaToday()) {
  if (!isId(productId)) return null;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable("product")
        .set({ status: "live", version: nextVersion(), updated_at: new Date().toISOString() })
        .where("id", "=", productId)
        .where("vendor_id", "=", vendorId)
        .where("status", "=", "paused")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      await syncListing(trx, productId, today);
      const row = await trx.selectFrom("product").select("status").where("id", "=", productId).executeTakeFirstOrThrow();
      return row.status === "unlicensed" ? ("unlicensed" as const) : ("live" as const);
    });
}

/**
 * Removes a listing: deleted when no order names it; archived when one does, so order history,
 * invoices and reports keep their lines while the listing leaves the vendor's list and the store.
 * Null when it is not this vendor's (or already archived).
 */
export async function removeListing(vendorId: string, productId: string): Promise<"deleted" | "archived" | null> {
  if (!isId(productId)) return null;
  const mine = await getDb()
    .selectFrom("product")
    .select("id")
    .where("id", "=", productId)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived")
    .executeTakeFirst();
  if (!mine) return null;
  // The owner of a product never changes, so the check above still holds for the write.
  const outcome = await deleteOrArchiveProduct(productId);
  return outcome === "missing" ? null : outcome;
}
