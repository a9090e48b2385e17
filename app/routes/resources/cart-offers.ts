import { data } from "react-router";
import type { Route } from "./+types/cart-offers";
import { parseCartCookie } from "~/features/cart/domain/cart-cookie";
import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { unitPriceAt } from "~/features/catalog/domain/price-breaks";
import { cartOffersOf, limitCouponGuesses, quoteOffers } from "~/features/offers/server/order-offers.server";
import { findIndianState } from "~/platform/core/indian-states";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { requestUser } from "~/platform/request-policy.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";

/**
 * The offers on a cart as the server grants them now (issue 31, docs/decisions/050-offers.md):
 * GET /resources/cart-offers?lines=p~v.3|p~v.1&coupon=KHARIF10&state=Maharashtra. The lines are the
 * cart cookie's form (ids and counts, never prices: they are the database's). The order's
 * transaction judges the offers again. An unknown code counts as a guess (rate-limited, then 429).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const wanted = parseCartCookie(params.get("lines") ?? "") ?? [];
  const code = (params.get("coupon") ?? "").trim().slice(0, 40);
  const user = await requestUser(context, request);
  const items = await quoteCart(
    wanted.map(({ productId, variantId }) => (variantId ? { productId, variantId } : { productId })),
    user?.id,
  );
  const quantity = new Map(wanted.map((l) => [l.variantId ?? l.productId, l.quantity]));
  const lines = items.map((i) => {
    const count = quantity.get(i.variantId) ?? quantity.get(i.productId) ?? 0;
    // Each line at the unit price its quantity reaches (a quantity price, decision 052) or the customer's
    // price list gives (decision 054, folded into the quote), as the order charges it.
    return {
      productId: i.productId,
      variantId: i.variantId,
      category: i.category,
      quantity: count,
      unitPaise: unitPriceAt(i.pricePaise, i.priceBreaks, count),
    };
  });
  const quote = await quoteOffers({
    lines: lines.filter((l) => l.quantity > 0),
    code: /^[A-Za-z0-9_-]+$/.test(code) ? code : null,
    stateCode: findIndianState(params.get("state") ?? "")?.gstCode ?? "",
    // The delivery pincode when the customer has given one (an offer may be limited to pincodes).
    pincode: /^[1-9][0-9]{5}$/.test(params.get("pin") ?? "") ? (params.get("pin") ?? "") : "",
    userId: user?.id ?? null,
  });
  if (quote.couponRefusal?.code === "checkout.coupon_unknown") {
    const tooMany = await limitCouponGuesses({ userId: user?.id, ip: clientAddress(request) });
    if (tooMany) return data({ ...emptyQuote(), couponError: renderRefusal(tooMany) }, { status: 429 });
  }
  return {
    ...cartOffersOf(quote),
    hints: quote.hints,
    couponError: quote.couponRefusal ? renderRefusal(quote.couponRefusal) : null,
  };
}

function emptyQuote() {
  return { discounts: {} as Record<string, number>, parts: {}, offers: [], freeShipping: false, hints: [] };
}
