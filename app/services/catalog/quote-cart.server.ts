import { getDb } from "~/db/db.server";
import type { ProductCard } from "~/domain/product-view";
import { selectProductCard, toProductCard } from "./select-product-card.server";

/** Current price and stock for the products in a visitor's cart; ids not on sale are left out. */
export async function quoteCart(productIds: string[]): Promise<ProductCard[]> {
  const ids = [...new Set(productIds.filter((id) => /^[a-z0-9]{6,40}$/.test(id)))].slice(0, 50);
  if (ids.length === 0) return [];
  const rows = await selectProductCard(getDb().selectFrom("product"))
    .where("product.id", "in", ids)
    .where("product.status", "=", "live")
    .execute();
  return rows.map(toProductCard);
}
