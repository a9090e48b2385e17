import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { CartLine } from "../domain/cart";
import { cartCookieValue } from "../domain/cart-cookie";
import type { CartOffers } from "../domain/order-pricing";

/** The server's answer (/resources/cart-offers): its discounts, and why an entered coupon does not apply. */
type OffersAnswer = CartOffers & { couponError?: string | null; hints?: CartOfferHint[] };

/** Buy X get Y: "Add 1 more DAP (50 kg) to get it free". */
export type CartOfferHint = { offerId: string; variantId: string; name: string; more: number; percent: number };

/**
 * The offers the server grants this cart now (issue 31): asked again when the lines, the delivery
 * State or the applied coupon change. Until it answers, no discount is shown; the order's transaction
 * decides in the end.
 */
export function useCartOffers(lines: readonly CartLine[], stateName: string | undefined, coupon: string, pincode = "") {
  const fetcher = useFetcher<OffersAnswer>();
  const value = cartCookieValue(lines);
  const url = value
    ? `/resources/cart-offers?lines=${encodeURIComponent(value)}&state=${encodeURIComponent(stateName ?? "")}&coupon=${encodeURIComponent(coupon)}${pincode ? `&pin=${encodeURIComponent(pincode)}` : ""}`
    : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher's identity changes with each answer
  useEffect(() => {
    if (url && navigator.onLine) void fetcher.load(url);
  }, [url]);
  const answer = fetcher.data;
  return {
    offers: answer ?? null,
    couponError: answer?.couponError ?? null,
    hints: answer?.hints ?? [],
    checking: fetcher.state !== "idle",
  };
}
