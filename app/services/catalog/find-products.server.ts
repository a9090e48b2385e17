import { sql } from "kysely";
import { getDatabase } from "~/db/db.server";
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

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function findProducts(query: CatalogQuery, pageSize = PAGE_SIZE): Promise<ProductPage> {
  const { db, engine } = getDatabase();
  let filtered = db.selectFrom("product").where("product.status", "=", "live");
  if (query.category !== "all") filtered = filtered.where("product.category", "=", query.category);
  if (query.q) {
    const pattern = likePattern(query.q);
    // Spec §5: name or description, case-insensitive substring.
    filtered =
      engine === "postgres"
        ? filtered.where((eb) =>
            eb.or([
              eb(sql`product.name`, "ilike", sql`${pattern} escape '\\'`),
              eb(sql`product.description`, "ilike", sql`${pattern} escape '\\'`),
            ]),
          )
        : filtered.where((eb) =>
            eb.or([
              eb(sql`lower(product.name)`, "like", sql`lower(${pattern}) escape '\\'`),
              eb(sql`lower(product.description)`, "like", sql`lower(${pattern}) escape '\\'`),
            ]),
          );
  }

  const [{ matching }, { total }] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as("matching")).executeTakeFirstOrThrow(),
    db
      .selectFrom("product")
      .where("status", "=", "live")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  const pageCount = Math.max(1, Math.ceil(Number(matching) / pageSize));
  const page = Math.min(query.page, pageCount);

  let ordered = selectProductCard(filtered);
  switch (query.sort) {
    case "price-low":
      ordered = ordered.orderBy("product.price_paise", "asc");
      break;
    case "price-high":
      ordered = ordered.orderBy("product.price_paise", "desc");
      break;
    case "rating":
      ordered = ordered.orderBy("product.rating", "desc").orderBy("product.reviews", "desc");
      break;
    default:
      ordered = ordered.orderBy("product.name", "asc");
  }
  const rows = await ordered
    .orderBy("product.id")
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
