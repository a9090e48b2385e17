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
    "product.mrp_paise as mrpPaise",
    "product.price_varies as priceVaries",
    "product.variant_count as sizes",
    "product.stock",
    "product.rating",
    "product.reviews",
    "product.image",
    "product.gst_rate as gstRate",
  ]);
}

export type CardRow = Omit<ProductCard, "mrpPaise" | "priceVaries"> & { mrpPaise: number | null; priceVaries: number | boolean };

export function toProductCard(row: CardRow): ProductCard {
  const pricePaise = Number(row.pricePaise);
  return {
    ...row,
    pricePaise,
    mrpPaise: row.mrpPaise === null ? pricePaise : Number(row.mrpPaise),
    priceVaries: Boolean(row.priceVaries),
    sizes: Number(row.sizes),
    rating: Number(row.rating),
    gstRate: Number(row.gstRate),
  };
}
