import { type Db, getDb } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { licensedToSell } from "~/features/vendor-shops/server/licensed-listings.server";
import { type KitTaxPart, type QuotedItem, productText } from "~/features/catalog/domain/product-view";
import { packLabel } from "~/features/catalog/domain/pack-label";
import { decodePriceBreaks } from "~/features/catalog/domain/price-breaks-input";
import { memberPriced } from "~/features/price-lists/domain/member-price";
import { memberListPrices } from "~/features/price-lists/server/member-prices.server";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { MAX_CART_LINES } from "~/features/cart/domain/cart-limits";
import { gstinStateCode } from "~/features/tax/domain/gst";
import { indianStateByGstCode } from "~/platform/core/indian-states";

export type CartKey = { productId: string; variantId?: string };

const ID = /^[a-z0-9]{6,40}$/;

/**
 * Reads "productId~variantId,productId,…" (a cart's lines, as the quote URL carries them): at most
 * MAX_CART_LINES, malformed parts dropped.
 */
export function parseCartKeys(text: string): CartKey[] {
  const keys: CartKey[] = [];
  for (const part of [...new Set(text.split(","))].slice(0, MAX_CART_LINES)) {
    const [productId = "", variantId, ...extra] = part.split("~");
    if (!ID.test(productId) || (variantId !== undefined && !ID.test(variantId)) || extra.length > 0) continue;
    keys.push(variantId ? { productId, variantId } : { productId });
  }
  return keys;
}

/**
 * Current price and stock of the sizes in a visitor's cart (a signed-in member's at their price list's price); sizes of products not on sale (a
 * seller's licence for it lapsed included), and sizes that are gone, are left out. A line naming only its product (a cart from before pack
 * sizes) gets the product's first size: the one whose id is the product's, wherever the sizes have
 * been reordered to (checkout's mergeCartLines and the client cart read such a line the same way).
 */
export async function quoteCart(keys: readonly CartKey[], userId?: string | null): Promise<QuotedItem[]> {
  if (keys.length === 0) return [];
  const db = getDb();
  const variantIds = keys.flatMap((k) => (k.variantId ? [k.variantId] : []));
  const bare = keys.filter((k) => !k.variantId).map((k) => k.productId);
  const productIds = [...new Set(keys.map((k) => k.productId))];
  const rows = await db
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select([
      "v.id",
      "v.product_id",
      "v.label",
      "v.price_paise",
      "v.mrp_paise",
      "v.stock",
      "v.position",
      "v.price_breaks",
      "p.name",
      "p.name_hi",
      "p.image",
      "p.category",
      "p.variant_count",
      "p.gst_rate",
      (eb) => eb.selectFrom("vendor").select("vendor.gst_number").whereRef("vendor.user_id", "=", "p.vendor_id").as("vendor_gstin"),
    ])
    .where("p.id", "in", productIds)
    .where("p.status", "=", "live")
    .where(licensedToSell("p", indiaToday()))
    .where((eb) => {
      const ors = [];
      if (variantIds.length) ors.push(eb("v.id", "in", variantIds));
      if (bare.length) ors.push(eb("v.product_id", "in", bare));
      return eb.or(ors);
    })
    .orderBy("v.product_id")
    .orderBy("v.position")
    .execute();
  const kitTax = await kitTaxOf(
    db,
    rows.map((r) => r.id),
  );
  const locale = currentLocale();
  // A member of a customer group is quoted their list's prices (docs/decisions/054-price-lists.md), as the order charges them;
  // a kit keeps its own price (decision 055), as the order charges it.
  const listed = await memberListPrices(
    db,
    userId,
    rows
      .filter((r) => !kitTax.has(r.id))
      .map((r) => ({ variantId: r.id, productId: r.product_id, category: r.category, pricePaise: Number(r.price_paise) })),
  );
  const toItem = (key: string, r: (typeof rows)[number]): QuotedItem => {
    const { pricePaise, priceBreaks } = memberPriced(Number(r.price_paise), decodePriceBreaks(r.price_breaks), listed.get(r.id) ?? null);
    return {
      key,
      productId: r.product_id,
      variantId: r.id,
      variantLabel: Number(r.variant_count) > 1 ? packLabel(r.label, locale) : null,
      name: productText(r.name, r.name_hi, locale),
      pricePaise,
      mrpPaise: Number(r.mrp_paise),
      image: r.image,
      category: r.category,
      stock: Number(r.stock),
      gstRate: Number(r.gst_rate),
      sellerStateCode: r.vendor_gstin === null ? null : (indianStateByGstCode(gstinStateCode(r.vendor_gstin))?.gstCode ?? ""),
      // Quantity prices (issue 31): the cart prices a line at the break its quantity reaches, as the order will.
      ...(priceBreaks?.length ? { priceBreaks } : {}),
      ...(kitTax.has(r.id) ? { kitTax: kitTax.get(r.id) } : {}),
    };
  };
  const items: QuotedItem[] = [];
  for (const key of keys) {
    const row = key.variantId
      ? rows.find((r) => r.id === key.variantId && r.product_id === key.productId)
      : // The size made from the product by 0013-pack-sizes (its id is the product's), as checkout and
        // the client cart read such a line; if that size was removed since, the first by position.
        (rows.find((r) => r.id === key.productId && r.product_id === key.productId) ?? rows.find((r) => r.product_id === key.productId));
    if (row) items.push(toItem(key.variantId ?? key.productId, row));
  }
  return items;
}

/**
 * The parts of the kits among these sizes, as the cart prices a kit's GST (docs/decisions/055-kits.md):
 * each part's price × quantity, its quantity, its product's rate and its seller's State.
 */
async function kitTaxOf(db: Db, variantIds: readonly string[]): Promise<Map<string, KitTaxPart[]>> {
  const byKit = new Map<string, KitTaxPart[]>();
  if (variantIds.length === 0) return byKit;
  const parts = await db
    .selectFrom("kit_part as k")
    .innerJoin("product_variant as v", "v.id", "k.part_variant_id")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select([
      "k.kit_variant_id",
      "k.quantity",
      "v.price_paise",
      "p.gst_rate",
      (eb) => eb.selectFrom("vendor").select("vendor.gst_number").whereRef("vendor.user_id", "=", "p.vendor_id").as("vendor_gstin"),
    ])
    .where("k.kit_variant_id", "in", variantIds)
    .orderBy("k.kit_variant_id")
    .orderBy("k.position")
    .orderBy("k.part_variant_id")
    .execute();
  for (const part of parts) {
    const quantity = Number(part.quantity);
    byKit.set(part.kit_variant_id, [
      ...(byKit.get(part.kit_variant_id) ?? []),
      {
        weight: Number(part.price_paise) * quantity,
        quantity,
        rate: Number(part.gst_rate),
        sellerStateCode: part.vendor_gstin === null ? null : (indianStateByGstCode(gstinStateCode(part.vendor_gstin))?.gstCode ?? ""),
      },
    ]);
  }
  return byKit;
}
