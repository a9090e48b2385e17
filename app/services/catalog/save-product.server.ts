import { sql } from "kysely";
import { getDb, type Db } from "~/db/db.server";
import type { ProductStatus } from "~/db/schema";
import type { ProductFormInput } from "~/domain/product-form";
import { isId, newId } from "~/lib/ids";

export const PLACEHOLDER_IMAGE = "/images/products/placeholder.svg";

/**
 * Every write to a product row sets this: the edit forms carry the version they were filled from
 * and a save whose version is no longer current is refused. A counter, not a timestamp: two
 * writes in one millisecond share a timestamp, never a version.
 */
export const nextVersion = () => sql<number>`version + 1`;

/** Creates a product (store-owned when vendorId is null); in `options.db` when given, e.g. a transaction. */
export async function createProduct(
  input: ProductFormInput,
  options: { image?: string; vendorId?: string | null; status?: ProductStatus; db?: Db },
) {
  const id = newId();
  const now = new Date().toISOString();
  await (options.db ?? getDb())
    .insertInto("product")
    .values({
      id,
      name: input.name,
      description: input.description,
      category: input.category,
      price_paise: input.price,
      stock: input.stock,
      rating: 0,
      reviews: 0,
      image: options.image ?? PLACEHOLDER_IMAGE,
      vendor_id: options.vendorId ?? null,
      status: options.status ?? "live",
      reject_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id };
}

/** The columns a product form changes (shared by the admin's and a vendor's edits). */
export function productEdits(input: ProductFormInput, image?: string) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    price_paise: input.price,
    stock: input.stock,
    ...(image ? { image } : {}),
    version: nextVersion(),
    updated_at: new Date().toISOString(),
  };
}

export const PRODUCT_CHANGED =
  "This product changed while you were editing (a sale or another edit). Please reload and make your change again.";

/**
 * Updates a product's editable fields: "missing" when there is no such product, "stale" when it
 * changed since the form was loaded (a sale took stock, say), so an old stock figure never
 * overwrites a newer one.
 */
export async function updateProduct(
  id: string,
  input: ProductFormInput,
  options: { image?: string; version: number },
): Promise<"updated" | "missing" | "stale"> {
  // Not one of our ids (a NUL in the URL would be a database error on PostgreSQL): nothing to update.
  if (!isId(id)) return "missing";
  const result = await getDb()
    .updateTable("product")
    .set(productEdits(input, options.image))
    .where("id", "=", id)
    .where("status", "!=", "archived")
    .where("version", "=", options.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return "updated";
  const exists = await getDb().selectFrom("product").select("id").where("id", "=", id).where("status", "!=", "archived").executeTakeFirst();
  return exists ? "stale" : "missing";
}

/**
 * Deletes a product, or archives it when past orders name it, so those orders keep their lines.
 */
export async function deleteOrArchiveProduct(id: string): Promise<"deleted" | "archived" | "missing"> {
  try {
    return await deleteOrArchiveOnce(id);
  } catch (error) {
    // An order for it was committed between our check and the delete: archive it instead.
    if (/foreign key/i.test(String((error as Error).message))) return archiveProduct(id);
    throw error;
  }
}

async function archiveProduct(id: string) {
  const r = await getDb()
    .updateTable("product")
    .set({ status: "archived", version: nextVersion(), updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) ? ("archived" as const) : ("missing" as const);
}

function deleteOrArchiveOnce(id: string): Promise<"deleted" | "archived" | "missing"> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const sold = await trx.selectFrom("order_line").select("id").where("product_id", "=", id).limit(1).executeTakeFirst();
      if (sold) {
        const r = await trx
          .updateTable("product")
          .set({ status: "archived", version: nextVersion(), updated_at: new Date().toISOString() })
          .where("id", "=", id)
          .executeTakeFirst();
        return Number(r.numUpdatedRows) ? "archived" : "missing";
      }
      const r = await trx.deleteFrom("product").where("id", "=", id).executeTakeFirst();
      return Number(r.numDeletedRows) ? "deleted" : "missing";
    });
}
