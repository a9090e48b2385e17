import { getDb } from "~/db/db.server";
import type { ProductCard } from "~/domain/product-view";
import { selectProductCard, toProductCard } from "./select-product-card.server";

/** A product on sale, or null (missing, archived, or awaiting approval). */
export async function getProduct(id: string): Promise<ProductCard | null> {
  if (!/^[a-z0-9]{6,40}$/.test(id)) return null;
  const row = await selectProductCard(getDb().selectFrom("product"))
    .where("product.id", "=", id)
    .where("product.status", "=", "live")
    .executeTakeFirst();
  return row ? toProductCard(row) : null;
}
