import type { Db } from "~/platform/db/db.server";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import type { CartLine } from "~/features/cart/domain/cart";
import { type CartOffers, lineUnitPrice } from "~/features/cart/domain/order-pricing";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { type AppliedOffer, type OfferResult, shareByValue } from "~/features/offers/domain/offers";

/*
 * A discount a member of staff gives an order (docs/decisions/064-draft-orders.md): a sum off the goods
 * after the offers, before GST, at most the placing role's share of their value. It is spread over the
 * lines as a fixed-sum offer is (shareByValue), so each line's taxable value and GST fall with it, and
 * it is listed with the order's offers under the store's name. Its reason goes to the audit trail.
 */

export type StaffDiscount = {
  paise: number;
  reason: string;
  /** The placing member of staff's limit, a percentage of the goods' value (staff-policy.ts). */
  limitPercent: number;
  /** The draft it was given on, if any: named in the audit entry. */
  draftId?: string;
};

/** The id the discount has among an order's stored offers (orders.offers): never an offer's. */
export const STAFF_DISCOUNT_ID = "staff-discount";

/**
 * Each line's share of the discount, given what is left of each line after the offers; or the refusal
 * when the discount is above the goods' value or the role's share of it, said with the limit.
 */
export function spreadStaffDiscount(
  discount: Pick<StaffDiscount, "paise" | "limitPercent">,
  left: readonly number[],
): { shares: number[] } | { refused: Refusal; status: 403 | 409 } {
  const goods = left.reduce((s, v) => s + Math.max(0, v), 0);
  if (discount.paise > goods) return { refused: refusal("orders.discount_over_goods", { maxPaise: goods }), status: 409 };
  const most = Math.floor((goods * discount.limitPercent) / 100);
  if (discount.paise > most) {
    return { refused: refusal("orders.discount_over_limit", { percent: discount.limitPercent, maxPaise: most }), status: 403 };
  }
  return {
    shares: shareByValue(
      discount.paise,
      left.map((v) => Math.max(0, v)),
    ),
  };
}

/** The discount as one more applied "offer", named in both languages, for the order's stored offers. */
export function staffDiscountOffer(paise: number): AppliedOffer {
  return {
    offerId: STAFF_DISCOUNT_ID,
    kind: "automatic",
    code: null,
    name: m.orders_staff_discount_name({}, { locale: "en" }),
    nameHi: m.orders_staff_discount_name({}, { locale: "hi" }),
    paise,
    freeShipping: false,
    fundedBy: null,
  };
}

/** The offers' result with the staff discount after them, as the order's stored offers show both. */
export function withStaffShares(
  offered: OfferResult | null,
  count: number,
  shares: readonly number[],
): Pick<OfferResult, "applied" | "lines"> {
  const paise = shares.reduce((s, v) => s + v, 0);
  return {
    applied: [...(offered?.applied ?? []), staffDiscountOffer(paise)],
    lines: Array.from({ length: count }, (_, i) => ({
      discount: (offered?.lines[i]?.discount ?? 0) + (shares[i] ?? 0),
      parts: [...(offered?.lines[i]?.parts ?? []), { offerId: STAFF_DISCOUNT_ID, paise: shares[i] ?? 0 }],
    })),
  };
}

/** The audit entry of an order's staff discount, in the order's transaction: who, how much, why. */
export async function recordOrderDiscount(trx: Db, orderId: string, discount: StaffDiscount) {
  await recordAudit(trx, {
    kind: "order.discount",
    object: { type: "order", id: orderId },
    before: null,
    after: {
      discount_paise: discount.paise,
      limit_percent: discount.limitPercent,
      ...(discount.draftId ? { draft_order: discount.draftId } : {}),
    },
    reason: discount.reason,
  });
}

/**
 * A cart's offers with a draft's discount after them, spread over the lines as placeOrder spreads it
 * (on what the offers left of each line), for the desk's quote; at most the goods' value.
 */
export function withDraftDiscount(lines: readonly CartLine[], offers: CartOffers, paise: number) {
  const key = (l: CartLine) => l.product.variantId ?? l.product.id;
  const left = lines.map((l) => Math.max(0, lineUnitPrice(l) * l.quantity - (offers.discounts[key(l)] ?? 0)));
  const goods = left.reduce((s, v) => s + v, 0);
  const given = Math.min(Math.max(0, paise), goods);
  if (given === 0) return { goods, paise: 0, offers };
  const shares = shareByValue(given, left);
  const discounts = { ...offers.discounts };
  const parts = { ...offers.parts };
  lines.forEach((l, i) => {
    const share = shares[i] ?? 0;
    discounts[key(l)] = (discounts[key(l)] ?? 0) + share;
    const before = parts[key(l)] ?? ((offers.discounts[key(l)] ?? 0) > 0 ? [{ offerId: "", paise: offers.discounts[key(l)] ?? 0 }] : []);
    parts[key(l)] = [...before, { offerId: STAFF_DISCOUNT_ID, paise: share }];
  });
  const named = staffDiscountOffer(given);
  return {
    goods,
    paise: given,
    offers: {
      ...offers,
      discounts,
      parts,
      offers: [
        ...offers.offers,
        {
          offerId: named.offerId,
          name: currentLocale() === "hi" ? (named.nameHi ?? named.name) : named.name,
          paise: given,
          freeShipping: false,
        },
      ],
    },
  };
}
