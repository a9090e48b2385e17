/**
 * Offers (issue 31): coupons and automatic offers, and how they combine
 * (docs/decisions/050-offers.md). Pure: the cart's quote and the order's transaction run the same
 * function on the same inputs, so what the cart shows is what the order charges. Money is integer
 * paise; a line's amount is its value before tax (decision 022), and its discount lowers its taxable
 * value.
 */

export const OFFER_KINDS = ["coupon", "automatic"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_TARGETS = ["cart", "products", "categories", "crops", "vendor", "variants"] as const;
export type OfferTarget = (typeof OFFER_TARGETS)[number];
export const OFFER_STATUSES = ["active", "paused", "ended"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export type OfferDiscount =
  | { type: "percent"; percent: number }
  | { type: "fixed"; paise: number }
  | { type: "free_shipping" }
  /**
   * Buy `buy` units of the targeted pack sizes, get `get` units of the pack sizes `getVariantIds`
   * ([]: the same ones) at `percent` off (100: free), for each `buy` bought.
   */
  | { type: "buy_x_get_y"; buy: number; get: number; getVariantIds: readonly string[]; percent: number };

export const APPROVALS = ["approved", "pending", "rejected"] as const;
export type Approval = (typeof APPROVALS)[number];

export type Offer = {
  id: string;
  kind: OfferKind;
  /** Upper case; null for an automatic offer. */
  code: string | null;
  name: string;
  nameHi: string | null;
  discount: OfferDiscount;
  target: OfferTarget;
  /** Ids of the kind `target` names (product, category key, crop key, vendor, pack size); [] for the cart. */
  targetIds: readonly string[];
  minCartPaise: number;
  minQuantity: number;
  firstOrderOnly: boolean;
  /** GST State codes; [] is every State. */
  states: readonly string[];
  /** Delivery pincodes, or prefixes ending in "*" ("4130*"); [] is everywhere. */
  pincodes: readonly string[];
  /** The vendor that pays for it (its own products only); null: the store. */
  vendorId: string | null;
  /** The admin's decision on a vendor's offer; the store's own are approved. Only approved ones apply. */
  approval: Approval;
  /** The customer group whose members alone get it (decision 054); null: everyone. */
  customerGroupId: string | null;
  /** ISO instants (the admin's India times, converted). */
  startsAt: string;
  endsAt: string | null;
  maxUses: number | null;
  usesPerCustomer: number | null;
  budgetPaise: number | null;
  uses: number;
  spentPaise: number;
  status: OfferStatus;
  stacks: boolean;
};

/** A cart or order line as offers see it. `amount` is its value before tax and discount, in paise. */
export type OfferLine = {
  productId: string;
  variantId: string;
  category: string;
  crops: readonly string[];
  vendorId: string | null;
  quantity: number;
  amount: number;
};

export type OfferContext = {
  /** ISO instant. */
  now: string;
  /** The delivery State's GST code, "" when not yet known. */
  stateCode: string;
  /** The delivery pincode, "" when not yet known (a pincode offer then shows as applying). */
  pincode?: string;
  /** Null when not known (a guest's cart): a first-order offer is then shown as applying. */
  firstOrder: boolean | null;
  /** The customer's group (decision 054); null for a guest or a customer in none. */
  groupId?: string | null;
  /** The customer's uses of each offer (not given back). */
  customerUses: ReadonlyMap<string, number>;
};

/** Why an offer does not apply: said to the customer for a coupon they entered. */
export type OfferRefusal =
  | { reason: "unknown" }
  | { reason: "not_started"; startsAt: string }
  | { reason: "expired" }
  | { reason: "used_up" }
  | { reason: "min_value"; paise: number }
  | { reason: "min_quantity"; quantity: number }
  | { reason: "not_for_these_products" }
  | { reason: "first_order_only" }
  | { reason: "not_your_state" }
  | { reason: "not_your_pincode" }
  | { reason: "already_used" }
  /** For the members of a customer group the customer is not in. */
  | { reason: "not_your_group" }
  /** Buy X get Y: X are bought, the Y units are not in the cart (`more` of the pack size `variantId`). */
  | { reason: "add_items"; variantId: string; more: number };

/** "Add 1 more DAP 50 kg to get it free": a buy-X-get-Y offer the cart can reach by adding `more` of a pack size. */
export type OfferHint = { offerId: string; variantId: string; more: number; percent: number };

/** A discount the order gets, as shown: the offer's name and what it saved. */
export type AppliedOffer = {
  offerId: string;
  kind: OfferKind;
  code: string | null;
  name: string;
  nameHi: string | null;
  /** Off the goods (the sum of its share on every line). */
  paise: number;
  freeShipping: boolean;
  /** The vendor that pays for it; null: the store (recorded with the order and its use). */
  fundedBy: string | null;
};

export type OfferResult = {
  /** Per input line, in order: its discount (0 ≤ discount ≤ amount) and each offer's share of it. */
  lines: { discount: number; parts: { offerId: string; paise: number }[] }[];
  /** The offers that gave something, in the order they were applied. */
  applied: AppliedOffer[];
  /** The order's delivery is free. */
  freeShipping: boolean;
  discount: number;
  /** The entered coupon: applied, or why not. Null when none was entered. */
  coupon: { code: string; applied: true } | { code: string; applied: false; refusal: OfferRefusal } | null;
  /** Buy-X-get-Y offers the cart would get (or get once more) by adding the Y units. */
  hints: OfferHint[];
};

/** Whether a delivery pincode is in an offer's list: a pincode equal, or a prefix ("4130*") it starts with. */
export function pincodeMatches(patterns: readonly string[], pincode: string): boolean {
  return patterns.some((p) => (p.endsWith("*") ? pincode.startsWith(p.slice(0, -1)) : pincode === p));
}

/**
 * Buy X get Y on a cart: which lines are the X (the targeted ones; when other pack sizes are the Y,
 * those are not counted as X) and which the Y, how many Y units are given, and how many more Y units
 * would be given with what is bought (so the cart can say what to add).
 */
function buyXGetY(offer: Offer, d: Extract<OfferDiscount, { type: "buy_x_get_y" }>, lines: readonly OfferLine[]) {
  const isGet = (l: OfferLine) => (d.getVariantIds.length === 0 ? targets(offer, l) : d.getVariantIds.includes(l.variantId));
  const same = d.getVariantIds.length === 0 || lines.every((l) => !targets(offer, l) || isGet(l));
  const bought = lines.reduce((s, l) => s + (targets(offer, l) && (same || !isGet(l)) ? l.quantity : 0), 0);
  const inCart = lines.reduce((s, l) => s + (isGet(l) ? l.quantity : 0), 0);
  let given: number;
  let due: number;
  if (same) {
    // The X and the Y are the same units: each set of X + Y gives Y; a part set of at least X is owed Y.
    const set = d.buy + d.get;
    const rest = bought % set;
    given = Math.floor(bought / set) * d.get;
    due = rest >= d.buy ? d.get - (rest - d.buy) : 0;
  } else {
    const owed = Math.floor(bought / d.buy) * d.get;
    given = Math.min(owed, inCart);
    due = owed - given;
  }
  const first = lines.find((l) => isGet(l));
  const variantId = first?.variantId ?? d.getVariantIds[0] ?? lines.find((l) => targets(offer, l))?.variantId ?? "";
  return { isGet, bought, given, due, variantId };
}

/** A code as stored and compared: trimmed, upper case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether the offer's target includes the line. */
export function targets(offer: Pick<Offer, "target" | "targetIds">, line: OfferLine): boolean {
  const ids = offer.targetIds;
  switch (offer.target) {
    case "cart":
      return true;
    case "products":
      return ids.includes(line.productId);
    case "variants":
      return ids.includes(line.variantId);
    case "categories":
      return ids.includes(line.category);
    case "crops":
      return line.crops.some((c) => ids.includes(c));
    case "vendor":
      return line.vendorId !== null && ids.includes(line.vendorId);
  }
}

/**
 * Whether the offer applies to this cart, and if not, why: its status and window, its limits, the
 * customer's first order and State, its target and its minimums (the cart's value before any
 * discount; the quantity of the lines it targets).
 */
export function offerRefusal(offer: Offer, lines: readonly OfferLine[], ctx: OfferContext): OfferRefusal | null {
  if (offer.status === "ended") return { reason: "expired" };
  if (offer.status !== "active") return { reason: "unknown" };
  if (ctx.now < offer.startsAt) return { reason: "not_started", startsAt: offer.startsAt };
  if (offer.endsAt !== null && ctx.now >= offer.endsAt) return { reason: "expired" };
  if (offer.maxUses !== null && offer.uses >= offer.maxUses) return { reason: "used_up" };
  if (offer.budgetPaise !== null && offer.spentPaise >= offer.budgetPaise) return { reason: "used_up" };
  if (offer.usesPerCustomer !== null && (ctx.customerUses.get(offer.id) ?? 0) >= offer.usesPerCustomer) return { reason: "already_used" };
  if (offer.firstOrderOnly && ctx.firstOrder === false) return { reason: "first_order_only" };
  if (offer.customerGroupId !== null && (ctx.groupId ?? null) !== offer.customerGroupId) return { reason: "not_your_group" };
  if (offer.states.length > 0 && ctx.stateCode !== "" && !offer.states.includes(ctx.stateCode)) return { reason: "not_your_state" };
  if (offer.pincodes.length > 0 && (ctx.pincode ?? "") !== "" && !pincodeMatches(offer.pincodes, ctx.pincode ?? ""))
    return { reason: "not_your_pincode" };
  const targeted = lines.filter((l) => targets(offer, l));
  if (targeted.length === 0) return { reason: "not_for_these_products" };
  const goods = lines.reduce((s, l) => s + l.amount, 0);
  if (goods < offer.minCartPaise) return { reason: "min_value", paise: offer.minCartPaise };
  const quantity = targeted.reduce((s, l) => s + l.quantity, 0);
  if (quantity < offer.minQuantity) return { reason: "min_quantity", quantity: offer.minQuantity };
  const d = offer.discount;
  if (d.type === "buy_x_get_y") {
    const x = buyXGetY(offer, d, lines);
    if (x.bought < d.buy) return { reason: "min_quantity", quantity: d.buy };
    if (x.given === 0) return { reason: "add_items", variantId: x.variantId, more: x.due };
  }
  return null;
}

/**
 * `total` shared over `weights` in proportion, by largest remainder (ties to the earlier), exactly:
 * the shares add up to `total` and none is above its weight when `total` ≤ the weights' sum.
 */
export function shareByValue(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const floors = weights.map((w) => Math.floor((w * total) / sum));
  let left = total - floors.reduce((s, f) => s + f, 0);
  const order = weights.map((w, i) => ({ i, r: (w * total) % sum })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left--;
  }
  return floors;
}

/**
 * What one offer takes off each line, given what is left of each line (`left`): a percentage of each
 * targeted line (rounded down to the paisa), or a fixed sum shared over the targeted lines by their
 * value, never more than is left. Capped by the offer's budget left, shared the same way.
 */
function offerShares(offer: Offer, lines: readonly OfferLine[], left: readonly number[]): number[] {
  const hit = lines.map((l, i) => (targets(offer, l) ? (left[i] ?? 0) : 0));
  let shares: number[];
  const d = offer.discount;
  if (d.type === "percent") shares = hit.map((v) => Math.floor((v * d.percent) / 100));
  else if (d.type === "fixed")
    shares = shareByValue(
      Math.min(
        d.paise,
        hit.reduce((s, v) => s + v, 0),
      ),
      hit,
    );
  else if (d.type === "buy_x_get_y") shares = freeUnitShares(offer, d, lines, left);
  else shares = hit.map(() => 0);
  if (offer.budgetPaise !== null) {
    const budgetLeft = Math.max(0, offer.budgetPaise - offer.spentPaise);
    const total = shares.reduce((s, v) => s + v, 0);
    if (total > budgetLeft) shares = shareByValue(budgetLeft, shares);
  }
  return shares;
}

/**
 * Buy X get Y: the Y units given are taken from the cheapest Y units in the cart (by what is left of
 * each unit), each at the offer's percentage off what is left of it, rounded down to the paisa.
 */
function freeUnitShares(
  offer: Offer,
  d: Extract<OfferDiscount, { type: "buy_x_get_y" }>,
  lines: readonly OfferLine[],
  left: readonly number[],
): number[] {
  const x = buyXGetY(offer, d, lines);
  const shares = lines.map(() => 0);
  let units = x.given;
  const order = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => x.isGet(l) && l.quantity > 0)
    // Cheapest unit first: left_a / q_a < left_b / q_b, compared exactly.
    .sort((a, b) => (left[a.i] ?? 0) * b.l.quantity - (left[b.i] ?? 0) * a.l.quantity || a.i - b.i);
  for (const { l, i } of order) {
    if (units <= 0) break;
    const n = Math.min(units, l.quantity);
    units -= n;
    shares[i] = Math.min(left[i] ?? 0, Math.floor(((left[i] ?? 0) * n * d.percent) / (l.quantity * 100)));
  }
  return shares;
}

/**
 * The buy-X-get-Y offers the cart can reach (or reach once more) by adding units: each offer that
 * applies but for its Y units, or that gives fewer Y units than what is bought would give.
 */
function offerHints(offers: readonly Offer[], lines: readonly OfferLine[], ctx: OfferContext): OfferHint[] {
  const hints: OfferHint[] = [];
  for (const offer of offers) {
    const d = offer.discount;
    if (d.type !== "buy_x_get_y") continue;
    const refused = offerRefusal(offer, lines, ctx);
    if (refused && refused.reason !== "add_items") continue;
    const x = buyXGetY(offer, d, lines);
    if (x.due > 0 && x.variantId !== "") hints.push({ offerId: offer.id, variantId: x.variantId, more: x.due, percent: d.percent });
  }
  return hints;
}

const byId = (a: Offer, b: Offer) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The rule (docs/decisions/050-offers.md), in three steps on what is left of each line:
 * 1. each line gets the best single automatic offer not marked `stacks` (the largest discount on
 *    it; a tie goes to the offer with the smaller id);
 * 2. at most one coupon, the one entered, on what is left;
 * 3. every automatic offer marked `stacks`, in the order of their ids, each on what is left.
 * A discount never takes a line below zero (each step takes at most what is left), so never a
 * price above what it was, nor above MRP. Free delivery: any applicable offer that gives it.
 * Offers are judged on the cart before any discount (minimum value and quantity).
 */
export function applyOffers(
  offers: readonly Offer[],
  lines: readonly OfferLine[],
  ctx: OfferContext,
  enteredCode: string | null = null,
): OfferResult {
  const code = enteredCode === null ? null : normaliseCode(enteredCode);
  const left = lines.map((l) => Math.max(0, l.amount));
  const parts: { offerId: string; paise: number }[][] = lines.map(() => []);
  const given = new Map<string, number>();
  const freeShippers: Offer[] = [];
  const ok = (o: Offer) => o.approval === "approved" && offerRefusal(o, lines, ctx) === null;
  const take = (offer: Offer, shares: readonly number[]) => {
    shares.forEach((s, i) => {
      if (s <= 0) return;
      left[i] = (left[i] ?? 0) - s;
      parts[i]?.push({ offerId: offer.id, paise: s });
      given.set(offer.id, (given.get(offer.id) ?? 0) + s);
    });
  };

  const automatic = offers.filter((o) => o.kind === "automatic" && ok(o)).sort(byId);
  // 1. The best single non-stacking automatic offer per line.
  const base = automatic.filter((o) => !o.stacks);
  const candidates = base.map((o) => offerShares(o, lines, left));
  const best = lines.map((_, i) => {
    let at = -1;
    let most = 0;
    candidates.forEach((shares, k) => {
      const v = shares[i] ?? 0;
      if (v > most) {
        most = v;
        at = k;
      }
    });
    return at;
  });
  base.forEach((offer, k) => {
    take(
      offer,
      (candidates[k] ?? []).map((v, i) => (best[i] === k ? v : 0)),
    );
  });

  // 2. The coupon entered, if it applies.
  let coupon: OfferResult["coupon"] = null;
  let couponOffer: Offer | undefined;
  if (code !== null && code !== "") {
    couponOffer = offers.find((o) => o.kind === "coupon" && o.code === code && o.approval === "approved");
    const refused = couponOffer ? offerRefusal(couponOffer, lines, ctx) : { reason: "unknown" as const };
    if (refused || !couponOffer) {
      coupon = { code, applied: false, refusal: refused ?? { reason: "unknown" } };
      couponOffer = undefined;
    } else {
      coupon = { code, applied: true };
      take(couponOffer, offerShares(couponOffer, lines, left));
    }
  }

  // 3. The stacking automatic offers, each on what is left.
  for (const offer of automatic.filter((o) => o.stacks)) take(offer, offerShares(offer, lines, left));

  for (const offer of [...automatic, ...(couponOffer ? [couponOffer] : [])]) {
    if (offer.discount.type === "free_shipping") freeShippers.push(offer);
  }
  const order = [...base, ...(couponOffer ? [couponOffer] : []), ...automatic.filter((o) => o.stacks)];
  const applied: AppliedOffer[] = order
    .filter((o) => (given.get(o.id) ?? 0) > 0 || freeShippers.includes(o))
    .map((o) => ({
      offerId: o.id,
      kind: o.kind,
      code: o.code,
      name: o.name,
      nameHi: o.nameHi,
      paise: given.get(o.id) ?? 0,
      freeShipping: freeShippers.includes(o),
      fundedBy: o.vendorId,
    }));
  const lineResults = lines.map((l, i) => ({ discount: Math.max(0, l.amount) - (left[i] ?? 0), parts: parts[i] ?? [] }));
  return {
    lines: lineResults,
    applied,
    freeShipping: freeShippers.length > 0,
    discount: lineResults.reduce((s, l) => s + l.discount, 0),
    coupon,
    hints: offerHints(
      offers.filter((o) => o.approval === "approved" && (o.kind === "automatic" || (code !== null && o.code === code))),
      lines,
      ctx,
    ),
  };
}
