import { INDIAN_STATE_NAMES } from "../../../platform/core/indian-states";
import { type Refusal, refusal } from "../../../platform/core/refusal";
import type { LicenceKind } from "./licences";

/**
 * Where a seller's regulated goods may be delivered, and subsidised fertilisers
 * (docs/decisions/057-territory.md). A fertiliser dealer's authorisation is valid only in the State
 * that granted it; seed and pesticide licences are limited to their States only when the store says
 * so. Client-safe: the settings and licence forms use it too.
 */

/** How the store sells subsidised fertilisers: not delivered at all (the default), or as any product. */
export const SUBSIDISED_SALES = ["not_for_delivery", "allowed"] as const;
export type SubsidisedSale = (typeof SUBSIDISED_SALES)[number];

export type TerritorySettings = {
  /** Seed and pesticide licences limit delivery to their States too (fertiliser licences always do). */
  licenceStatesForSeedsAndPesticides: boolean;
  /** The States the store's own licences are valid in; none: the store's products go everywhere. */
  storeLicenceStates: readonly string[];
  subsidisedFertilisers: SubsidisedSale;
};

/** Whether a licence of `kind` limits where its seller's goods go. */
export function isTerritorial(kind: LicenceKind, settings: Pick<TerritorySettings, "licenceStatesForSeedsAndPesticides">): boolean {
  return kind === "fertiliser" || settings.licenceStatesForSeedsAndPesticides;
}

/** A licence's States as stored (a JSON array of names), the unknown dropped; null when none were entered. */
export function readLicenceStates(stored: string | null | undefined): string[] | null {
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return null;
    const names = parsed.filter((s): s is string => typeof s === "string" && INDIAN_STATE_NAMES.includes(s));
    return names.length ? names : null;
  } catch {
    return null;
  }
}

/** A licence's States as stored: in the list's order, each once; null for none. */
export function storeLicenceStates(states: readonly string[]): string | null {
  const chosen = INDIAN_STATE_NAMES.filter((name) => states.includes(name));
  return chosen.length ? JSON.stringify(chosen) : null;
}

/** What the delivery rule needs of a product: its name, kind, seller and (for a vendor's) licence's States as stored. */
export type DeliveredProduct = {
  name: string;
  regulatedAs: LicenceKind | null;
  vendorId: string | null;
  licenceStates: string | null;
  subsidised: boolean;
};

/**
 * Why a product may not be delivered to `state` (a State's name), or null when it may. A vendor's
 * licence without States (entered before States were asked for) and a store without its licences'
 * States limit nothing.
 */
export function deliveryRefusal(product: DeliveredProduct, state: string, settings: TerritorySettings): Refusal | null {
  if (product.subsidised && product.regulatedAs === "fertiliser" && settings.subsidisedFertilisers === "not_for_delivery")
    return refusal("checkout.subsidised", { name: product.name });
  if (!product.regulatedAs || !isTerritorial(product.regulatedAs, settings)) return null;
  const states = product.vendorId === null ? settings.storeLicenceStates : (readLicenceStates(product.licenceStates) ?? []);
  if (states.length === 0 || states.includes(state)) return null;
  return refusal("checkout.outside_licence_states", { name: product.name, state, kind: product.regulatedAs, states: [...states] });
}

/** Whether the product page offers the product for delivery at all (a subsidised fertiliser, by default, not). */
export function soldForDelivery(
  product: Pick<DeliveredProduct, "regulatedAs" | "subsidised">,
  settings: Pick<TerritorySettings, "subsidisedFertilisers">,
) {
  return !(product.subsidised && product.regulatedAs === "fertiliser" && settings.subsidisedFertilisers === "not_for_delivery");
}
