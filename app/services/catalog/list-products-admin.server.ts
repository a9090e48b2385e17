import { getDb } from "~/db/db.server";
import { containsInsensitive } from "~/db/like.server";
import { isId } from "~/lib/ids";
import type { CategoryKey } from "~/domain/categories";

export type AdminProductRow = {
  id: string;
  name: string;
  category: CategoryKey;
  pricePaise: number;
  stock: number;
  image: string;
  status: string;
  vendor: string | null;
};

/** All products but archived ones, for the admin list: search by name, filter by category. */
export async function listProductsForAdmin(filter: { q: string; category: CategoryKey | "all" }): Promise<AdminProductRow[]> {
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
    ])
    .where("product.status", "!=", "archived");
  if (filter.category !== "all") query = query.where("product.category", "=", filter.category);
  if (filter.q) {
    query = query.where(containsInsensitive("product.name", filter.q));
  }
  const rows = await query.orderBy("product.name").limit(500).execute();
  return rows.map((r) => ({ ...r, pricePaise: Number(r.pricePaise), vendor: r.vendor ?? null }));
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
