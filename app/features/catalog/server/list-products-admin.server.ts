import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { containsInsensitive } from "~/platform/db/like.server";
import { FIRST_PAGE, type Page, type PageRequest } from "~/platform/core/pagination";
import { isId } from "~/platform/ids";
import type { CategoryKey } from "~/features/catalog/domain/categories";

export type AdminProductRow = {
  id: string;
  name: string;
  category: CategoryKey;
  pricePaise: number;
  stock: number;
  image: string;
  status: string;
  vendor: string | null;
  /** how many pack sizes; the price is the lowest ("from ₹X") when there are several */
  sizes: number;
};

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** A to Z as shoppers see it (name_key is lower(name), kept by the database; 0005). */
const BY_NAME: Keyset<{ nameKey: string; id: string }> = {
  keys: [
    { ref: "product.name_key", field: "nameKey", kind: "string" },
    { ref: "product.id", field: "id", kind: "string" },
  ],
  order: "asc",
};

/** A page of all products but archived ones, for the admin list: search by name, filter by category. */
export async function listProductsForAdmin(
  filter: { q: string; category: CategoryKey | "all" },
  request: PageRequest = FIRST_PAGE,
): Promise<Page<AdminProductRow>> {
  let query = getDb()
    .selectFrom("product")
    .leftJoin("vendor", "vendor.user_id", "product.vendor_id")
    .select([
      "product.id",
      "product.name",
      "product.category",
      "product.price_paise as pricePaise",
      "product.stock",
      "product.image",
      "product.status",
      "vendor.business_name as vendor",
      sql<string>`product.name_key`.as("nameKey"),
      (eb) =>
        eb
          .selectFrom("product_variant")
          .whereRef("product_variant.product_id", "=", "product.id")
          .select((v) => v.fn.countAll<number>().as("n"))
          .as("sizes"),
    ])
    .where("product.status", "!=", "archived");
  if (filter.category !== "all") query = query.where("product.category", "=", filter.category);
  if (filter.q) {
    query = query.where(containsInsensitive("product.name", filter.q));
  }
  const page = await paginate(query, BY_NAME, request, ADMIN_PRODUCTS_PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map(({ nameKey: _, ...r }) => ({
      ...r,
      pricePaise: Number(r.pricePaise),
      vendor: r.vendor ?? null,
      sizes: Number(r.sizes ?? 1),
    })),
  };
}

export async function getProductForAdmin(id: string) {
  if (!isId(id)) return null;
  const row = await getDb()
    .selectFrom("product")
    .select([
      "id",
      "name",
      "description",
      "category",
      "price_paise as pricePaise",
      "stock",
      "rating",
      "reviews",
      "image",
      "status",
      "vendor_id as vendorId",
      "version",
    ])
    .where("id", "=", id)
    .where("status", "!=", "archived")
    .executeTakeFirst();
  return row ? { ...row, pricePaise: Number(row.pricePaise), rating: Number(row.rating), version: Number(row.version) } : null;
}
