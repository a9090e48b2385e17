import { sql } from "kysely";
import { getDatabase } from "~/db/db.server";
import { containsInsensitive } from "~/db/like.server";
import { PAGE_SIZE, type CatalogQuery } from "~/domain/catalog-query";
import type { ProductCard } from "./product-view";
import { selectProductCard, toProductCard } from "./select-product-card.server";

export type ProductPage = {
  products: ProductCard[];
  /** products matching the search and category */
  matching: number;
  /** all products on sale */
  total: number;
  page: number;
  pageCount: number;
};

export async function findProducts(query: CatalogQuery, pageSize = PAGE_SIZE): Promise<ProductPage> {
  const { db, engine } = getDatabase();
  let filtered = db.selectFrom("product").where("product.status", "=", "live");
  if (query.category !== "all") filtered = filtered.where("product.category", "=", query.category);
  if (query.q) {
    // Spec §5: name or description, case-insensitive substring.
    const q = query.q;
    filtered =
      engine === "sqlite" && q.length >= 3
        ? // The FTS5 trigram index finds the substring in either column ("" escapes a quote in a phrase).
          filtered.where(sql<boolean>`product.rowid in (select rowid from product_search where product_search match ${`"${q.replace(/"/g, '""')}"`})`)
        : filtered.where((eb) => eb.or([containsInsensitive("product.name", q), containsInsensitive("product.description", q)]));
  }

  // Counts per category come from product_count (kept by triggers); only a search counts rows.
  const counts = await db.selectFrom("product_count").select(["category", "n"]).where("status", "=", "live").execute();
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const matching = query.q
    ? Number((await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)
    : query.category === "all"
      ? total
      : Number(counts.find((c) => c.category === query.category)?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(Number(matching) / pageSize));
  const page = Math.min(query.page, pageCount);

  let ordered = selectProductCard(filtered);
  switch (query.sort) {
    case "price-low":
      ordered = ordered.orderBy("product.price_paise", "asc").orderBy("product.id");
      break;
    case "price-high":
      ordered = ordered.orderBy("product.price_paise", "desc").orderBy("product.id", "desc");
      break;
    case "rating":
      ordered = ordered.orderBy("product.rating", "desc").orderBy("product.reviews", "desc").orderBy("product.id", "desc");
      break;
    default:
      // Alphabetical for people: "Neem" before "NPK", on every engine and collation.
      ordered = ordered.orderBy(sql`lower(product.name)`, "asc").orderBy("product.id");
  }
  const rows = await ordered
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();

  return {
    products: rows.map(toProductCard),
    matching: Number(matching),
    total: Number(total),
    page,
    pageCount,
  };
}
