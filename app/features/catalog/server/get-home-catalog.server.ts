import { getDb } from "~/platform/db/db.server";
import { CATEGORY_KEYS, type CategoryKey } from "~/features/catalog/domain/categories";
import type { ProductCard } from "~/features/catalog/domain/product-view";
import { selectProductCard, toProductCard } from "./select-product-card.server";

export const FEATURED_COUNT = 8;

/**
 * The home page's data: product counts per category and the first 8 products (spec §9).
 */
export async function getHomeCatalog(): Promise<{
  counts: Record<CategoryKey, number>;
  featured: ProductCard[];
}> {
  const db = getDb();
  const [countRows, featured] = await Promise.all([
    db.selectFrom("product_count").select(["category", "n as count"]).where("status", "=", "live").execute(),
    selectProductCard(db.selectFrom("product"))
      .where("product.status", "=", "live")
      .orderBy("product.created_at")
      .orderBy("product.id")
      .limit(FEATURED_COUNT)
      .execute(),
  ]);
  const counts = Object.fromEntries(CATEGORY_KEYS.map((k) => [k, 0])) as Record<CategoryKey, number>;
  for (const row of countRows) counts[row.category] = Number(row.count);
  return { counts, featured: featured.map(toProductCard) };
}
