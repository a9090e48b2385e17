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
