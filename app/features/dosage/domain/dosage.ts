// Per-acre dosage → how much a farmer needs → the cheapest mix of pack sizes that covers it.
// Pure and client-safe: the product page runs it on the server (GET form) and in the browser alike.

import { defined } from "~/platform/defined";
import { PACK_UNIT_LABELS, type PackUnit } from "../../catalog/domain/pack-units";
import { type Refusal, refusal } from "../../../platform/core/refusal";
import { type BighaState, bighaSize, DEFAULT_BIGHA_STATE } from "./bigha";

export type { PackUnit } from "../../catalog/domain/pack-units";

export type AmountKind = "mass" | "volume" | "count";
/** An amount in base units: grams, millilitres or pieces. */
export type BaseAmount = { kind: AmountKind; amount: number };

const UNIT_BASE: Record<PackUnit, { kind: AmountKind; factor: number }> = {
  g: { kind: "mass", factor: 1 },
  kg: { kind: "mass", factor: 1000 },
  ml: { kind: "volume", factor: 1 },
  l: { kind: "volume", factor: 1000 },
  piece: { kind: "count", factor: 1 },
};

export function toBase(quantity: number, unit: PackUnit): BaseAmount {
  const { kind, factor } = UNIT_BASE[unit];
  return { kind, amount: quantity * factor };
}

const grouped = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });

/** Indian digit grouping (12,50,000), up to 3 decimals so a kg or litre figure stays exact to the g/ml. */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

/** "2.5 kg", "750 g", "1.5 L", "3 pieces": the larger unit from 1,000 g / 1,000 ml up. */
export function formatBaseAmount({ kind, amount }: BaseAmount): string {
  if (kind === "count") return `${formatNumber(amount)} ${amount === 1 ? "piece" : "pieces"}`;
  const [small, large] = kind === "mass" ? ["g", "kg"] : ["ml", "L"];
  return amount >= 1000 ? `${formatNumber(amount / 1000)} ${large}` : `${formatNumber(amount)} ${small}`;
}

/** A pack size as the seller wrote it: "500 g", "1 L", "10 pieces". */
export function formatPackSize(quantity: number, unit: PackUnit): string {
  if (unit === "piece") return formatBaseAmount({ kind: "count", amount: quantity });
  return `${formatNumber(quantity)} ${PACK_UNIT_LABELS[unit]}`;
}

// ---------------------------------------------------------------- area

export const GUNTHA_PER_ACRE = 40;
export const ACRES_PER_HECTARE = 2.471;
/** The pakka bigha (Rajasthan's): what the calculator uses unless the farmer's State has its own (./bigha.ts). */
const ACRES_PER_BIGHA = 0.625;
export const MAX_AREA_ACRES = 1000;

export const AREA_UNITS = [
  { value: "acre", label: "Acre", plural: "acres", acresPerUnit: 1 },
  { value: "guntha", label: "Guntha", plural: "guntha", acresPerUnit: 1 / GUNTHA_PER_ACRE },
  { value: "bigha", label: "Bigha", plural: "bigha", acresPerUnit: ACRES_PER_BIGHA },
  { value: "hectare", label: "Hectare", plural: "hectares", acresPerUnit: ACRES_PER_HECTARE },
] as const;
export type AreaUnit = (typeof AREA_UNITS)[number]["value"];

export function isAreaUnit(value: unknown): value is AreaUnit {
  return AREA_UNITS.some((u) => u.value === value);
}

/** The conversions the calculator uses, shown under the form so nobody has to guess (the bigha: `bighaNote`). */
export const AREA_CONVERSION_NOTES = [`1 acre = ${GUNTHA_PER_ACRE} guntha`, `1 hectare = ${ACRES_PER_HECTARE} acres`] as const;

/** Which bigha the calculator uses, in words: "Bigha sizes differ by State; here 1 bigha = 1,114.8 m² (0.275 acre), Madhya Pradesh's." */
export function bighaNote(state: BighaState): string {
  const { squareMetres, acres } = bighaSize(state);
  return `Bigha sizes differ by State; here 1 bigha = ${formatNumber(squareMetres)} m² (${formatNumber(acres)} acre), ${state}'s`;
}

/** The area units as the calculator's <select> offers them. */
export const AREA_UNIT_OPTIONS: readonly { value: string; label: string }[] = AREA_UNITS.map(({ value, label }) => ({ value, label }));

/**
 * What the dosage calculator shows, as text worked out on the server (the product page's loader),
 * so the page's script carries no unit tables or number formats.
 */
export type DosageCalculatorView = {
  /** The dosage per acre, written out: "2 kg". */
  recommended: string;
  units: readonly { value: string; label: string }[];
  notes: readonly string[];
  /** The area and unit as submitted (query string), shown back in the form; the unit is a known one. */
  area: string;
  areaUnit: string;
  /** Whose bigha (`?bigha=`): the States to choose from, and the one in use. */
  bighaStates: readonly { value: string; label: string }[];
  bighaState: string;
  error: string | null;
  plan: DosagePlanView | null;
};
export type DosagePlanView = {
  /** "For 20 guntha (0.5 acres) you need 1 kg". */
  summary: string;
  /** `pricePaise` is the price of one pack; the line shows count × price. */
  lines: { id: string; label: string; count: number; pricePaise: number }[];
  totalPaise: number;
  /** Why no packs could be suggested (shown instead of the lines). */
  none?: string;
  /** All of the above as HTML, made by the loader (components/dosage-plan.server.tsx). */
  html: string;
};

/** "For 20 guntha (0.5 acres) you need 1 kg": the calculator's answer, with the area as typed. */
export function describeNeed(area: string, unit: string, acres: number, needed: string): string {
  const areaUnit = AREA_UNITS.find((u) => u.value === unit) ?? AREA_UNITS[0];
  const amount = Number(area.replace(/,/g, ""));
  const inAcres = areaUnit.value === "acre" ? "" : ` (${formatNumber(acres)} ${acres === 1 ? "acre" : "acres"})`;
  return `For ${formatNumber(amount)} ${amount === 1 ? areaUnit.label.toLowerCase() : areaUnit.plural}${inAcres} you need ${needed}`;
}

export type AreaResult = { ok: true; acres: number } | { ok: false; refusal: Refusal };

/**
 * Reads an area typed by a person. Accepts "2", "2.5", ".5" and digit-grouping commas ("1,000",
 * "1,00,000" — the commas are dropped, so "1,5" reads as 15, as a grouping comma would). No signs,
 * exponents or units in the text: the unit comes from its own field.
 */
export function parseArea(value: string, unit: string, bighaOf: BighaState = DEFAULT_BIGHA_STATE): AreaResult {
  const known = AREA_UNITS.find((u) => u.value === unit);
  if (!known) return { ok: false, refusal: refusal("dosage.area_unit") };
  // A bigha is the chosen State's (./bigha.ts).
  const areaUnit = known.value === "bigha" ? { ...known, acresPerUnit: bighaSize(bighaOf).acres } : known;
  const text = value.trim().replace(/,/g, "");
  if (text === "") return { ok: false, refusal: refusal("dosage.area_empty") };
  if (/^-\s*(\d|\.\d)/.test(text)) return { ok: false, refusal: refusal("dosage.area_positive") };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return { ok: false, refusal: refusal("dosage.area_number") };
  const amount = Number(text);
  if (amount <= 0) return { ok: false, refusal: refusal("dosage.area_positive") };
  const acres = amount * areaUnit.acresPerUnit;
  if (acres > MAX_AREA_ACRES * (1 + 1e-12)) {
    const max = formatNumber(Math.floor((MAX_AREA_ACRES / areaUnit.acresPerUnit) * 100) / 100);
    const inUnit = areaUnit.value === "acre" ? null : { amount: max, unit: areaUnit.value };
    return { ok: false, refusal: refusal("dosage.area_max", { acres: formatNumber(MAX_AREA_ACRES), inUnit }) };
  }
  return { ok: true, acres };
}

/**
 * Dosage × area, in base units, rounded up to a whole gram, millilitre or piece (a farmer
 * short by a fraction is still short). Float noise such as 4000.0000000001 is trimmed first.
 */
export function amountNeeded(dosage: { amount: number; unit: PackUnit }, acres: number): BaseAmount {
  const perAcre = toBase(dosage.amount, dosage.unit);
  const exact = Math.round(perAcre.amount * acres * 1e6) / 1e6;
  return { kind: perAcre.kind, amount: Math.ceil(exact) };
}

// ---------------------------------------------------------------- cheapest packs

export type PackOption = { id: string; quantity: number; unit: PackUnit; pricePaise: number; stock: number };
export type PackPlan = { lines: { id: string; count: number }[]; totalPaise: number; coveredAmount: number };
export type NoPlanReason = "no-compatible-packs" | "not-enough-stock" | "too-large";
export type PackPlanResult = PackPlan | { none: NoPlanReason };

export const NO_PLAN_MESSAGES: Record<NoPlanReason, string> = {
  "no-compatible-packs": "No pack sizes of this product are in stock for this amount.",
  "not-enough-stock": "We don't have enough stock to cover this area. Try a smaller area.",
  "too-large": "This amount is too large to plan here. Please contact us for a bulk order.",
};

/** Upper bound on DP cells (amount states × pack chunks): ~20 M simple steps, well under 100 ms. */
export const MAX_PLAN_CELLS = 20_000_000;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

type Item = { id: string; size: number; price: number; cap: number; fixed: number };

/**
 * The cheapest multiset of in-stock packs (same kind as `needed`) whose total ≥ needed; ties go to
 * fewer packs, then less excess. Never more of a pack than its stock or `maxPerPack`.
 *
 * Algorithm (exact):
 * 1. Work in integer units: amounts in thousandths of a g/ml/piece, divided by the gcd of the pack
 *    sizes, so the target T and sizes sᵢ are small integers and prices are integer paise.
 * 2. Reduction (only shrinks the table; never changes the answer). Sort packs by price per unit, then
 *    larger first. For pack b in that order, the packs after it cost at least as much per unit and
 *    are no larger when the per-unit price ties. Any s_b packs after b contain a non-empty subset
 *    whose size is k·s_b (pigeonhole on prefix sums mod s_b), with k ≤ A = the largest size after b;
 *    swapping it for k packs of b costs no more and uses no more packs (on a tie every swapped pack
 *    is ≤ s_b), with the same total. So an optimum with the most b (keeping earlier commitments) has
 *    count_b > cap_b − A, or fewer than s_b packs after b, and then
 *    count_b ≥ ⌈(T − R − (s_b − 1)·A)/s_b⌉ with R = what the packs before b can still add.
 *    The smaller of those two lower bounds is committed up front and the rest solved below.
 * 3. Bounded knapsack DP over exact totals 0 … T′+S−1 with binary splitting of each cap (1, 2, 4, …),
 *    minimising (paise, pack count) lexicographically — both additive, so the DP is exact. Totals
 *    ≥ T′+S are never optimal: dropping any pack j from such a mix would still cover T′ with fewer
 *    packs at no more cost. The answer is the best (paise, count, excess) over totals ≥ T′; a bit
 *    table records each chunk's choice to rebuild the lines.
 * Work is O((T′+S) · Σ log capᵢ); past MAX_PLAN_CELLS it answers "too-large" rather than hang.
 */
export function cheapestPacks(needed: BaseAmount, packs: readonly PackOption[], maxPerPack = 999): PackPlanResult {
  const raw = packs
    .map((pack) => {
      const base = toBase(pack.quantity, pack.unit);
      return {
        id: pack.id,
        kind: base.kind,
        milli: Math.round(base.amount * 1000),
        price: pack.pricePaise,
        cap: Math.min(Math.floor(pack.stock), Math.floor(maxPerPack)),
      };
    })
    // Malformed rows (no size, negative or fractional price) cannot be priced exactly: left out.
    .filter((p) => p.kind === needed.kind && p.milli > 0 && Number.isSafeInteger(p.price) && p.price >= 0 && p.cap > 0);
  if (raw.length === 0) return { none: "no-compatible-packs" };

  const unit = raw.reduce((g, p) => gcd(g, p.milli), 0);
  const target = Math.max(0, Math.ceil(Math.round(needed.amount * 1000) / unit));
  const items: Item[] = raw.map((p) => ({ id: p.id, size: p.milli / unit, price: p.price, cap: p.cap, fixed: 0 }));
  if (items.reduce((sum, it) => sum + it.size * it.cap, 0) < target) return { none: "not-enough-stock" };

  const largest = Math.max(...items.map((it) => it.size));
  const byValue = [...items].sort((a, b) => a.price * b.size - b.price * a.size || b.size - a.size);
  let rest = target;
  let before = 0; // what the packs already passed can still add on top of their fixed counts
  byValue.forEach((b, i) => {
    const after = Math.max(0, ...byValue.slice(i + 1).map((it) => it.size));
    const byStock = b.cap - after + 1;
    const byCount = Math.ceil((rest - before - (b.size - 1) * after) / b.size);
    const fixed = Math.max(0, Math.min(b.cap, byStock, byCount));
    b.fixed = fixed;
    b.cap -= fixed;
    rest -= fixed * b.size;
    before += b.cap * b.size;
  });

  if (!solveBounded(items, Math.max(0, rest), largest)) return { none: "too-large" };
  const lines: { id: string; count: number }[] = [];
  let totalPaise = 0;
  let coveredMilli = 0;
  for (const it of items) {
    if (it.fixed === 0) continue;
    lines.push({ id: it.id, count: it.fixed });
    totalPaise += it.fixed * it.price;
    coveredMilli += it.fixed * it.size * unit;
  }
  return { lines, totalPaise, coveredAmount: coveredMilli / 1000 };
}

/**
 * Adds to each item's `fixed` count the best (paise, count, excess) cover of `target` from its
 * remaining `cap`; false (nothing changed) when the table would pass MAX_PLAN_CELLS.
 */
function solveBounded(items: Item[], target: number, largest: number): boolean {
  if (target === 0) return true;
  const width = target + largest;
  const chunks: { item: Item; k: number; size: number; price: number }[] = [];
  for (const item of items) {
    let left = item.cap;
    for (let k = 1; left > 0; k *= 2) {
      const take = Math.min(k, left);
      chunks.push({ item, k: take, size: item.size * take, price: item.price * take });
      left -= take;
    }
  }
  if (width * chunks.length > MAX_PLAN_CELLS) return false;

  const none = Number.POSITIVE_INFINITY;
  const cost = new Float64Array(width).fill(none);
  const packsUsed = new Float64Array(width);
  cost[0] = 0;
  const took = new Uint8Array(Math.ceil((width * chunks.length) / 8));
  chunks.forEach(({ k, size, price }, c) => {
    const row = c * width;
    for (let t = width - 1; t >= size; t--) {
      const from = cost[t - size] ?? none;
      if (from === none) continue;
      const candidate = from + price;
      const candidateCount = (packsUsed[t - size] ?? 0) + k;
      const current = cost[t] ?? none;
      if (candidate < current || (candidate === current && candidateCount < (packsUsed[t] ?? 0))) {
        cost[t] = candidate;
        packsUsed[t] = candidateCount;
        const bit = row + t;
        took[bit >> 3] = (took[bit >> 3] ?? 0) | (1 << (bit & 7));
      }
    }
  });

  // Some total in [target, width) is reachable: the caller checked that the stock covers the target,
  // and adding packs one by one first reaches the target by less than one (largest) pack.
  let best = -1;
  let bestCost = none;
  let bestCount = 0;
  for (let t = target; t < width; t++) {
    const c = cost[t] ?? none;
    const n = packsUsed[t] ?? 0;
    if (c < bestCost || (c === bestCost && n < bestCount)) [best, bestCost, bestCount] = [t, c, n];
  }
  for (let c = chunks.length - 1, t = best; c >= 0; c--) {
    const bit = c * width + t;
    const chunk = defined(chunks[c], "a DP chunk");
    if ((took[bit >> 3] ?? 0) & (1 << (bit & 7))) {
      chunk.item.fixed += chunk.k;
      t -= chunk.size;
    }
  }
  return true;
}
