/**
 * A kit's price shared over its parts (docs/decisions/055-kits.md): `total` paise split in proportion
 * to `weights` (each part's own price × its quantity in the kit), rounded down, then the paise left
 * over given one each to the largest remainders (ties to the earlier part). The shares sum exactly to
 * `total`, none is negative, and each is within one paisa of its exact proportion. Weights of zero all
 * round share equally.
 */
export function splitKitPrice(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError("the kit's total must be whole paise, not below zero");
  if (weights.length === 0) return [];
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError("a part's weight must be whole paise, not below zero");
  const sum = weights.reduce((s, w) => s + w, 0);
  const even = sum === 0;
  const of = (w: number) => (even ? 1 : w);
  const whole = even ? weights.length : sum;
  // BigInt: total × weight may pass 2^53 for a large order of a dear kit.
  const exact = weights.map((w) => BigInt(total) * BigInt(of(w)));
  const shares = exact.map((e) => Number(e / BigInt(whole)));
  let left = total - shares.reduce((s, x) => s + x, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e % BigInt(whole) }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

/** A kit's part as its price is split: `weight` its own price × its quantity in one kit, `quantity` that quantity. */
export type KitSplitPart = { weight: number; quantity: number };

/**
 * One kit's price as a whole-paise unit price per part (docs/decisions/055-kits.md): the price split
 * over the parts by weight (splitKitPrice), each part's share divided by its quantity in the kit and
 * rounded to the paisa, and what that leaves over (either way) put on one part, so Σ unit × quantity
 * is the kit's price exactly: the part of quantity 1 with the largest share (the earlier on a tie),
 * which can always take it. Without one, a part whose quantity divides what is left (2 seed packets
 * and 2 sprays at an even price): the part taking it may then be a few paise a unit from its
 * proportion. Every unit is at least a paisa; should the part taking the rest be left below one, the
 * others' units are rounded down instead. Null when no part can take it (no part of quantity 1 and
 * no quantity dividing the rest, or a kit priced at a few paise).
 */
export function kitUnitPrices(price: number, parts: readonly KitSplitPart[]): number[] | null {
  if (parts.some((p) => !Number.isSafeInteger(p.quantity) || p.quantity < 1))
    throw new RangeError("a part's quantity must be a whole number from 1");
  const shares = splitKitPrice(
    price,
    parts.map((p) => p.weight),
  );
  const single = (i: number) => (parts[i]?.quantity === 1 ? 0 : 1);
  const takers = parts.map((_, i) => i).sort((a, b) => single(a) - single(b) || (shares[b] ?? 0) - (shares[a] ?? 0) || a - b);
  for (const at of takers) {
    const quantity = parts[at]?.quantity ?? 1;
    // Every unit price at least a paisa (an order line's unit price is above zero).
    for (const round of [Math.round, Math.floor]) {
      const units = parts.map((p, i) => (i === at ? 0 : Math.max(1, round((shares[i] ?? 0) / p.quantity))));
      const rest = price - units.reduce((s, u, i) => s + u * (parts[i]?.quantity ?? 0), 0);
      if (rest >= quantity && rest % quantity === 0) {
        units[at] = rest / quantity;
        return units;
      }
    }
  }
  return null;
}

/**
 * The part lines of `kits` of one kit: each line's amount and unit price. Unit-exact when kitUnitPrices
 * finds units (amount = unit × quantity in the kit × kits); otherwise the kits' price split by weight,
 * each amount exact and its unit price that amount per unit, rounded (it then may not multiply out).
 * Either way the amounts add up to price × kits.
 */
export function kitPartLines(price: number, parts: readonly KitSplitPart[], kits: number): { amount: number; unit: number }[] {
  const units = kitUnitPrices(price, parts);
  if (units) return parts.map((p, i) => ({ unit: units[i] ?? 0, amount: (units[i] ?? 0) * p.quantity * kits }));
  const amounts = splitKitPrice(
    price * kits,
    parts.map((p) => p.weight),
  );
  return parts.map((p, i) => {
    const amount = amounts[i] ?? 0;
    return { amount, unit: Math.max(1, Math.round(amount / Math.max(1, p.quantity * kits))) };
  });
}

/** One offer's part of a line's discount (as `OfferResult.lines[i].parts`). */
export type KitOfferPart = { offerId: string; paise: number };

/**
 * A kit line's discount over its part lines (docs/decisions/055-kits.md): offers judge a kit as one
 * line; each offer's part of its discount, in the order given, is shared over what is left of each
 * part line in proportion (largest remainder), so no part line goes below zero, each offer's parts add
 * up to it (or to what is left, when it is more), and the lines' discounts add up to the kit's.
 * `amounts` are the part lines' amounts.
 */
export function splitKitDiscount(
  amounts: readonly number[],
  offerParts: readonly KitOfferPart[],
): { discount: number; parts: KitOfferPart[] }[] {
  const left = [...amounts];
  const out = amounts.map(() => ({ discount: 0, parts: [] as KitOfferPart[] }));
  for (const part of offerParts) {
    // Never more than is left (a cart's quote made for another quantity): the rest is not taken.
    const paise = Math.min(
      part.paise,
      left.reduce((s, v) => s + v, 0),
    );
    if (paise <= 0) continue;
    const shares = splitKitPrice(paise, left);
    shares.forEach((s, j) => {
      const line = out[j];
      if (s <= 0 || !line) return;
      left[j] = (left[j] ?? 0) - s;
      line.discount += s;
      line.parts.push({ offerId: part.offerId, paise: s });
    });
  }
  return out;
}

/**
 * Lines as offers see them, a kit's part lines as one (keys: the kit's size id for a part line, null
 * for a line of its own): the groups of line indexes, in the order of their first line.
 */
export function kitOfferGroups(keys: readonly (string | null)[]): number[][] {
  const groups: number[][] = [];
  const byKit = new Map<string, number[]>();
  keys.forEach((key, i) => {
    if (key === null) {
      groups.push([i]);
      return;
    }
    const group = byKit.get(key);
    if (group) group.push(i);
    else {
      const fresh = [i];
      byKit.set(key, fresh);
      groups.push(fresh);
    }
  });
  return groups;
}

/**
 * The offers' result on the groups (one entry per group) put back on the lines: a line of its own
 * keeps its group's; a kit's discount and its offers' parts are shared over its part lines by
 * splitKitDiscount. `amounts` are the lines' amounts.
 */
export function spreadKitDiscounts(
  groups: readonly (readonly number[])[],
  amounts: readonly number[],
  results: readonly { discount: number; parts: readonly KitOfferPart[] }[],
): { discount: number; parts: KitOfferPart[] }[] {
  const out = amounts.map(() => ({ discount: 0, parts: [] as KitOfferPart[] }));
  groups.forEach((group, g) => {
    const result = results[g] ?? { discount: 0, parts: [] };
    const spread = splitKitDiscount(
      group.map((i) => amounts[i] ?? 0),
      result.parts,
    );
    group.forEach((i, k) => {
      out[i] = spread[k] ?? { discount: 0, parts: [] };
    });
  });
  return out;
}
