import type { Offer, OfferLine } from "~/features/offers/domain/offers";

/** An offer for the pure rule's tests: an active automatic 10% off the cart, changed by `over`. */
export function testOffer(over: Partial<Offer> & Pick<Offer, "id">): Offer {
  return {
    kind: "automatic",
    code: null,
    name: `Offer ${over.id}`,
    nameHi: null,
    discount: { type: "percent", percent: 10 },
    target: "cart",
    targetIds: [],
    minCartPaise: 0,
    minQuantity: 0,
    firstOrderOnly: false,
    states: [],
    pincodes: [],
    vendorId: null,
    approval: "approved",
    customerGroupId: null,
    startsAt: "2026-01-01T00:00:00.000Z",
    endsAt: null,
    maxUses: null,
    usesPerCustomer: null,
    budgetPaise: null,
    uses: 0,
    spentPaise: 0,
    status: "active",
    stacks: false,
    ...over,
  };
}

/** A cart line for the pure rule's tests. */
export function testLine(over: Partial<OfferLine> & Pick<OfferLine, "productId" | "amount">): OfferLine {
  return { variantId: `${over.productId}v`, category: "seeds", crops: [], vendorId: null, quantity: 1, ...over };
}
