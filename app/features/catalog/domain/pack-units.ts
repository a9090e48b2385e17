/** The units a pack size (and a dosage per acre) is measured in. */
export const PACK_UNITS = ["g", "kg", "ml", "l", "piece"] as const;
export type PackUnit = (typeof PACK_UNITS)[number];

export const PACK_UNIT_LABELS: Record<PackUnit, string> = { g: "g", kg: "kg", ml: "ml", l: "L", piece: "piece" };
