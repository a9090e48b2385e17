import { type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "~/platform/db/schema";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { type ProductCard, productText } from "~/features/catalog/domain/product-view";

export function selectProductCard<O>(query: SelectQueryBuilder<Database, "product", O>) {
  return query.select([
    "product.id",
    "product.name",
    "product.description",
    "product.name_hi as nameHi",
    "product.description_hi as descriptionHi",
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
    sql<number>`case when product.regulated_as = 'fertiliser' then product.subsidised else 0 end`.as("subsidised"),
  ]);
}

export type CardRow = Omit<ProductCard, "mrpPaise" | "priceVaries" | "subsidised"> & {
  mrpPaise: number | null;
  priceVaries: number | boolean;
  subsidised?: number;
  nameHi: string | null;
  descriptionHi: string | null;
};

/** A card in the request's language: the Hindi name and description on a Hindi page where given (0023-hindi-catalogue). */
export function toProductCard({ nameHi, descriptionHi, ...row }: CardRow): ProductCard {
  const pricePaise = Number(row.pricePaise);
  const locale = currentLocale();
  return {
    ...row,
    name: productText(row.name, nameHi, locale),
    description: productText(row.description, descriptionHi, locale),
    pricePaise,
    mrpPaise: row.mrpPaise === null ? pricePaise : Number(row.mrpPaise),
    priceVaries: Boolean(row.priceVaries),
    sizes: Number(row.sizes),
    rating: Number(row.rating),
    gstRate: Number(row.gstRate),
    subsidised: Number(row.subsidised) === 1,
  };
}
