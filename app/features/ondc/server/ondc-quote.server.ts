import { getDb } from "~/platform/db/db.server";
import { isId } from "~/platform/ids";
import { indiaToday } from "~/platform/core/india-day";
import { findIndianState } from "~/platform/core/indian-states";
import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { unitPriceAt } from "~/features/catalog/domain/price-breaks";
import { quotedProduct } from "~/features/cart/domain/cart-cookie";
import type { CartLine } from "~/features/cart/domain/cart";
import { priceCart } from "~/features/cart/domain/order-pricing";
import { MAX_LINE_QUANTITY } from "~/features/cart/domain/cart-limits";
import { automaticCartOffers } from "~/features/offers/server/order-offers.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { checkDelivery } from "~/features/delivery/server/delivery.server";
import { licensedToSell } from "~/features/vendor-shops/server/licensed-listings.server";
import { type BecknError, ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { breakupTotal, type QuotedLine, type StoreQuote } from "~/features/ondc/domain/quote";
import { buyerPrice } from "~/features/ondc/domain/catalog";

/** The provider id of the store's own goods; a vendor shop's is its vendor's id (the catalogue's ids). */
export const STORE_PROVIDER = "store";

export type OndcAsk = { id: string; count: number };

/** Where the order goes, as the store's delivery rules answer for the pincode. */
export type OndcDelivery = { pincode: string; state: string; tatDays: number; cod: boolean; codMaxPaise: number };

export type OndcQuoteOutcome =
  | { kind: "quoted"; quote: StoreQuote; delivery: OndcDelivery; productOf: Map<string, string> }
  | { kind: "refused"; error: BecknError };

/**
 * Quotes a buyer app's items the way the storefront's cart and checkout price them, with the same
 * server functions as the phone desk's cart (quoteAssistedCart): each size's price and quantity price
 * (quoteCart), the automatic offers the server grants (automaticCartOffers; no coupon travels on ONDC), the
 * totals by the cart's engine (priceCart) to the pincode's State, and the delivery answer for it.
 * `userId` is the buyer's account when one is known (init, confirm), else null: a new customer, in
 * no customer group, so no price list applies (placeOrder reads price lists only for a group's member).
 *
 * Every item must be a live, licensed size of the provider's goods (30004 otherwise); the pincode must
 * be served (30009). A size short of stock is quoted at what is left (0 when sold out), and the caller
 * tells the buyer app with 40002.
 */
export async function quoteForOndc(input: {
  providerId: string;
  items: readonly OndcAsk[];
  pincode: string;
  userId: string | null;
}): Promise<OndcQuoteOutcome> {
  const asked = mergeAsks(input.items);
  if (asked.length === 0 || asked.some((a) => !isId(a.id))) return { kind: "refused", error: ONDC_ERRORS.itemNotFound };
  if (asked.some((a) => a.count > MAX_LINE_QUANTITY)) return { kind: "refused", error: ONDC_ERRORS.itemOutOfStock };
  const sizes = await getDb()
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["v.id", "v.product_id", "p.vendor_id"])
    .where(
      "v.id",
      "in",
      asked.map((a) => a.id),
    )
    .where("p.status", "=", "live")
    .where(licensedToSell("p", indiaToday()))
    .execute();
  const byId = new Map(sizes.map((s) => [s.id, s]));
  // A size of another provider's goods is, to this provider, no item of theirs.
  const ofProvider = (vendorId: string | null) => (vendorId ?? STORE_PROVIDER) === input.providerId;
  if (asked.some((a) => !byId.has(a.id) || !ofProvider(byId.get(a.id)?.vendor_id ?? null)))
    return { kind: "refused", error: ONDC_ERRORS.itemNotFound };

  const checked = await checkDelivery(input.pincode);
  if (checked.kind !== "delivers") return { kind: "refused", error: ONDC_ERRORS.notServiceable };
  const state = checked.place.state;
  const stateCode = findIndianState(state)?.gstCode ?? "";

  const productOf = new Map(sizes.map((s) => [s.id, s.product_id]));
  const items = await quoteCart(
    asked.map((a) => ({ productId: productOf.get(a.id) ?? "", variantId: a.id })),
    input.userId,
  );
  const counted = asked.map((a) => {
    const item = items.find((i) => i.variantId === a.id);
    if (!item) throw new Error("a live size was not quoted");
    return { item, asked: a.count, count: Math.min(a.count, Math.max(0, item.stock)) };
  });
  const selling = counted.filter((c) => c.count > 0);
  const lines: CartLine[] = selling.map((c) => ({ product: quotedProduct(c.item), quantity: c.count }));
  const cartOffers = await automaticCartOffers(lines, { stateCode, pincode: checked.pincode, userId: input.userId });
  const config = taxConfig(await getGeneralSettings());
  const priced = priceCart(lines, config, state, cartOffers);

  const quoted: QuotedLine[] = counted.map((c) => {
    const at = selling.indexOf(c);
    const unit = unitPriceAt(c.item.pricePaise, c.item.priceBreaks, Math.max(1, c.count));
    const taxed = at >= 0 ? priced.breakdown.lines[at] : undefined;
    return {
      itemId: c.item.variantId,
      title: c.item.variantLabel ? `${c.item.name} (${c.item.variantLabel})` : c.item.name,
      asked: c.asked,
      count: c.count,
      available: Math.min(Math.max(0, c.item.stock), MAX_LINE_QUANTITY),
      unitPaise: unit,
      unitWithGstPaise: buyerPrice(unit, c.item.gstRate, config.mode),
      // As priceCart takes it: never more than the line's amount.
      discountPaise: at >= 0 ? Math.min(unit * c.count, cartOffers.discounts[c.item.variantId] ?? 0) : 0,
      taxPaise: taxed?.tax ?? 0,
    };
  });
  const quote: StoreQuote = {
    providerId: input.providerId,
    lines: quoted,
    deliveryPaise: priced.shipping + priced.breakdown.shipping.tax,
    totalPaise: priced.total,
  };
  // The breakup is the order's own arithmetic laid out; were it ever to differ, no quote is better than a wrong one.
  if (breakupTotal(quote) !== quote.totalPaise) throw new Error("an ONDC quote's breakup does not add up to its total");
  const days = Math.round((Date.parse(checked.date) - Date.parse(indiaToday())) / 86_400_000);
  return {
    kind: "quoted",
    quote,
    productOf,
    delivery: { pincode: checked.pincode, state, tatDays: Math.max(1, days), cod: checked.cod, codMaxPaise: checked.codMaxPaise },
  };
}

/** The same size asked for twice is one line with the counts added, as the checkout merges a cart. */
function mergeAsks(items: readonly OndcAsk[]): OndcAsk[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.id, (merged.get(item.id) ?? 0) + item.count);
  return [...merged].map(([id, count]) => ({ id, count }));
}

/** The sizes quoted short of what was asked: ONDC's 40002, its message naming each item, as ONDC's examples do. */
export function shortOf(quote: StoreQuote): BecknError | null {
  const short = quote.lines.filter((l) => l.count < l.asked);
  if (short.length === 0) return null;
  return { ...ONDC_ERRORS.itemOutOfStock, message: JSON.stringify(short.map((l) => ({ item_id: l.itemId, error: "40002" }))) };
}
