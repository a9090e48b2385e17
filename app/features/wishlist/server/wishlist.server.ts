import { sql } from "kysely";
import { getDatabase, getDb, type Db } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { refusal, RefusalError } from "~/platform/core/refusal";
import type { Locale } from "~/platform/i18n/locale";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import { packLabel } from "~/features/catalog/domain/pack-label";
import { productText } from "~/features/catalog/domain/product-view";
import { licensedToSell } from "~/features/vendor-shops/server/licensed-listings.server";
import { MAX_WISHLIST_ITEMS } from "~/features/wishlist/domain/wishlist";

/**
 * A customer's wishlist (issue 31): private, so the customer's id is part of every statement here;
 * at most MAX_WISHLIST_ITEMS products. Plain arguments, never a Request.
 */

/**
 * Takes the customer's row for the rest of the transaction (PostgreSQL; SQLite's write transaction
 * already has one writer), so two saves of one customer count their list one after the other.
 */
export async function lockCustomer(trx: Db, userId: string) {
  if (getDatabase().engine === "postgres") await trx.selectFrom("user").select("id").where("id", "=", userId).forUpdate().execute();
}

/** A product that may be sold today: live, and licensed where the law asks it. */
export function onSale(trx: Db, productId: string) {
  return trx
    .selectFrom("product")
    .select(["product.id"])
    .where("product.id", "=", productId)
    .where("product.status", "=", "live")
    .where(licensedToSell("product", indiaToday()))
    .executeTakeFirst();
}

/**
 * Saves a product on sale to the customer's list; saving one already there changes nothing. `max`
 * is the list's limit (MAX_WISHLIST_ITEMS; a test passes a small one).
 */
export async function saveToWishlist(userId: string, productId: string, options: { max?: number; now?: Date } = {}) {
  const max = options.max ?? MAX_WISHLIST_ITEMS;
  const now = options.now ?? new Date();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await lockCustomer(trx, userId);
      if (!(await onSale(trx, productId))) throw new RefusalError(refusal("wishlist.unknown_product"), { status: 404 });
      const there = await trx
        .selectFrom("wishlist_item")
        .select("product_id")
        .where("user_id", "=", userId)
        .where("product_id", "=", productId)
        .executeTakeFirst();
      if (there) return;
      const { count } = await trx
        .selectFrom("wishlist_item")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) {
        throw new RefusalError(refusal("wishlist.full", { max }), { status: 409 });
      }
      await trx.insertInto("wishlist_item").values({ user_id: userId, product_id: productId, created_at: now.toISOString() }).execute();
    });
}

/** Takes a product off the customer's own list (another's list is never touched: the id is in the statement). */
export async function removeFromWishlist(userId: string, productId: string) {
  await getDb().deleteFrom("wishlist_item").where("user_id", "=", userId).where("product_id", "=", productId).execute();
}

/** Whether the customer saved this product, and which of its sizes they wait for. */
export async function wishlistState(userId: string, productId: string) {
  const db = getDb();
  const [saved, alerts] = await Promise.all([
    db
      .selectFrom("wishlist_item")
      .select("product_id")
      .where("user_id", "=", userId)
      .where("product_id", "=", productId)
      .executeTakeFirst(),
    db
      .selectFrom("stock_alert")
      .select("variant_id")
      .where("user_id", "=", userId)
      .where("product_id", "=", productId)
      .where("notified_at", "is", null)
      .execute(),
  ]);
  return { saved: saved !== undefined, waitingFor: alerts.map((a) => a.variant_id) };
}

export type WishlistEntry = {
  productId: string;
  name: string;
  image: string;
  category: CategoryKey;
  gstRate: number;
  /** Lowest price of a size in stock (else of all), before GST; integer paise. */
  pricePaise: number;
  priceVaries: boolean;
  stock: number;
  onSale: boolean;
  /** The size "Add to cart" adds: the one the price is of (first in stock, cheapest). */
  size: { id: string; label: string | null; pricePaise: number; stock: number } | null;
  savedAt: string;
};

/** The customer's own list, newest first, in the page's language. */
export async function listWishlist(userId: string, locale: Locale): Promise<WishlistEntry[]> {
  const db = getDb();
  const rows = await db
    .selectFrom("wishlist_item as w")
    .innerJoin("product", "product.id", "w.product_id")
    .select([
      "w.product_id",
      "w.created_at",
      "product.name",
      "product.name_hi",
      "product.image",
      "product.category",
      "product.gst_rate",
      "product.price_paise",
      "product.price_varies",
      "product.variant_count",
      "product.stock",
      sql<boolean | number>`(product.status = 'live' and ${licensedToSell("product", indiaToday())})`.as("on_sale"),
    ])
    .where("w.user_id", "=", userId)
    .orderBy("w.created_at", "desc")
    .orderBy("w.product_id")
    .limit(MAX_WISHLIST_ITEMS)
    .execute();
  const ids = rows.map((r) => r.product_id);
  const sizes = ids.length
    ? await db
        .selectFrom("product_variant")
        .select(["id", "product_id", "label", "price_paise", "stock", "position"])
        .where("product_id", "in", ids)
        .orderBy("product_id")
        .orderBy("position")
        .execute()
    : [];
  const firstSize = new Map<string, (typeof sizes)[number]>();
  for (const s of sizes) {
    const best = firstSize.get(s.product_id);
    const better =
      !best ||
      (Number(s.stock) > 0 && Number(best.stock) <= 0) ||
      (Number(s.stock) > 0 === Number(best.stock) > 0 && Number(s.price_paise) < Number(best.price_paise));
    if (better) firstSize.set(s.product_id, s);
  }
  return rows.map((r) => {
    const size = firstSize.get(r.product_id);
    const several = Number(r.variant_count) > 1;
    return {
      productId: r.product_id,
      name: productText(r.name, r.name_hi, locale),
      image: r.image,
      category: r.category,
      gstRate: Number(r.gst_rate),
      pricePaise: Number(r.price_paise),
      priceVaries: Boolean(r.price_varies),
      stock: Number(r.stock),
      onSale: Boolean(r.on_sale),
      size: size
        ? {
            id: size.id,
            label: several ? packLabel(size.label, locale) : null,
            pricePaise: Number(size.price_paise),
            stock: Number(size.stock),
          }
        : null,
      savedAt: r.created_at,
    };
  });
}
