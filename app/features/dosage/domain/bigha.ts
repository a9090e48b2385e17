// A bigha is not one size: each State (often each district) has its own. The calculator lets the
// farmer choose their State's, and says which it uses (docs/bigha-sizes.md has the sources).

export const SQ_FT_PER_ACRE = 43_560;
export const SQ_M_PER_SQ_FT = 0.092_903_04;

/** The States whose bigha the sources agree on, in square feet as they give it; `name` as INDIAN_STATES has it. */
export const BIGHA_SIZES = [
  { state: "Assam", squareFeet: 14_400 },
  { state: "Bihar", squareFeet: 27_225 },
  { state: "Gujarat", squareFeet: 17_424 },
  { state: "Himachal Pradesh", squareFeet: 8_712 },
  { state: "Jharkhand", squareFeet: 27_211 },
  { state: "Madhya Pradesh", squareFeet: 12_000 },
  { state: "Rajasthan", squareFeet: 27_225 },
  { state: "Uttar Pradesh", squareFeet: 27_000 },
  { state: "West Bengal", squareFeet: 14_400 },
] as const;
export type BighaState = (typeof BIGHA_SIZES)[number]["state"];

/**
 * Used when the farmer's State is not known or has no bigha of its own here: the pakka bigha of
 * Rajasthan (27,225 sq ft = 0.625 acre), the one the calculator always used.
 */
export const DEFAULT_BIGHA_STATE: BighaState = "Rajasthan";

export function isBighaState(value: unknown): value is BighaState {
  return BIGHA_SIZES.some((b) => b.state === value);
}

/** A bigha's size: in acres (what the calculator multiplies by) and square metres (what it says). */
export function bighaSize(state: BighaState): { state: BighaState; acres: number; squareMetres: number } {
  const squareFeet = BIGHA_SIZES.find((b) => b.state === state)?.squareFeet ?? 27_225;
  return { state, acres: squareFeet / SQ_FT_PER_ACRE, squareMetres: Math.round(squareFeet * SQ_M_PER_SQ_FT * 10) / 10 };
}

/**
 * Whose bigha: the one chosen in the form (`?bigha=`), else the delivery State's (the customer's
 * address, the pincode checked) when it has one here, else DEFAULT_BIGHA_STATE.
 */
export function chooseBigha(chosen: string | null | undefined, deliveryState: string | null | undefined): BighaState {
  if (isBighaState(chosen)) return chosen;
  if (isBighaState(deliveryState)) return deliveryState;
  return DEFAULT_BIGHA_STATE;
}
