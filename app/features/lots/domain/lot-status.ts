/**
 * Where a lot stands, as its product's pages show it: recalled; expired (its expiry has come);
 * stopped (its sell-by day has come, its expiry not yet: within its kind's margin); empty (none on
 * hand); or selling, until its sell-by day when it has one.
 */
export type LotStatus =
  | { kind: "recalled" }
  | { kind: "expired" }
  | { kind: "stopped"; since: string }
  | { kind: "empty" }
  | { kind: "selling"; until: string | null };

export function lotStatus(
  lot: { quantity: number; recalledAt: string | null; sellBefore: string | null; expiresOn: string | null },
  today: string,
): LotStatus {
  if (lot.recalledAt) return { kind: "recalled" };
  if (lot.expiresOn && lot.expiresOn <= today) return { kind: "expired" };
  if (lot.sellBefore && lot.sellBefore <= today) return { kind: "stopped", since: lot.sellBefore };
  if (lot.quantity <= 0) return { kind: "empty" };
  return { kind: "selling", until: lot.sellBefore };
}
