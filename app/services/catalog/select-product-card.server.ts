import type { SelectQueryBuilder } from "kysely";
import type { Database } from "~/db/schema";
import type { ProductCard } from "~/domain/product-view";

export function selectProductCard<O>(query: SelectQueryBuilder<Database, "product", O>) {
  return query.select([
    "product.id",
    "product.name",
    "product.description",
    "product.category",
    "product.price_paise as pricePaise",
    "product.stock",
    "product.rating",
    "product.reviews",
    "product.image",
  ]);
}

export function toProductCard(row: ProductCard): ProductCard {
  return { ...row, pricePaise: Number(row.pricePaise), rating: Number(row.rating) };
}
