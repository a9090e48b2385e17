import { BIGHA_SIZES, type BighaState, bighaSize } from "~/features/dosage/domain/bigha";
import { stateName } from "~/platform/core/indian-states-hi";
import {
  ACRES_PER_HECTARE,
  bighaNote,
  AREA_CONVERSION_NOTES,
  AREA_UNIT_OPTIONS,
  type BaseAmount,
  describeNeed,
  formatBaseAmount,
  formatNumber,
  formatPackSize,
  GUNTHA_PER_ACRE,
  NO_PLAN_MESSAGES,
  type NoPlanReason,
  type PackUnit,
} from "~/features/dosage/domain/dosage";
import type { Locale } from "~/platform/i18n/locale";
import { currentLocale, m } from "~/platform/i18n/i18n.server";

/**
 * The dosage calculator's words in the language of the page being made. The domain writes them in
 * English (the specification's text, kept as it is); a Hindi page gets the same numbers in Hindi.
 */
const hindi = () => currentLocale() === "hi";

const AREA_UNIT_NAMES: Record<string, (inputs?: object, options?: { locale?: Locale }) => string> = {
  acre: m.store_area_acre,
  guntha: m.store_area_guntha,
  bigha: m.store_area_bigha,
  hectare: m.store_area_hectare,
};

const UNIT_NAMES: Record<string, () => string> = {
  g: m.store_unit_g,
  kg: m.store_unit_kg,
  ml: m.store_unit_ml,
  l: m.store_unit_l,
  L: m.store_unit_l,
  piece: m.store_unit_piece,
};

export const areaUnitOptions = () =>
  hindi() ? AREA_UNIT_OPTIONS.map(({ value }) => ({ value, label: AREA_UNIT_NAMES[value]?.() ?? value })) : AREA_UNIT_OPTIONS;

/** The conversions, as sentences with their full stop; the bigha is `bigha`'s State's. */
export const conversionNotes = (bigha: BighaState): readonly string[] => {
  if (!hindi()) return [...AREA_CONVERSION_NOTES, bighaNote(bigha)].map((note) => `${note}.`);
  const { squareMetres, acres } = bighaSize(bigha);
  return [
    m.store_dosage_note_guntha({ guntha: GUNTHA_PER_ACRE }),
    m.store_dosage_note_hectare({ acres: ACRES_PER_HECTARE }),
    m.store_dosage_note_bigha({ state: stateName(bigha, "hi"), sqm: formatNumber(squareMetres), acres: formatNumber(acres) }),
  ];
};

/** The States whose bigha the calculator knows, each with its size: "Madhya Pradesh (1,114.8 m²)". */
export const bighaOptions = () =>
  BIGHA_SIZES.map(({ state }) => {
    const sqm = formatNumber(bighaSize(state).squareMetres);
    return { value: state, label: hindi() ? m.store_dosage_bigha_option({ state: stateName(state, "hi"), sqm }) : `${state} (${sqm} m²)` };
  });

/** "2.5 kg" → "2.5 किलो". */
export function baseAmountText(amount: BaseAmount): string {
  const english = formatBaseAmount(amount);
  if (!hindi()) return english;
  if (amount.kind === "count") return `${formatNumber(amount.amount)} ${m.store_unit_piece()}`;
  const [number, unit = ""] = english.split(" ");
  return `${number} ${UNIT_NAMES[unit]?.() ?? unit}`;
}

export function packSizeText(quantity: number, unit: PackUnit): string {
  if (!hindi()) return formatPackSize(quantity, unit);
  return `${formatNumber(quantity)} ${UNIT_NAMES[unit]?.() ?? unit}`;
}

/** "For 20 guntha (0.5 acres) you need 1 kg". */
export function needText(area: string, unit: string, acres: number, needed: BaseAmount): string {
  if (!hindi()) return describeNeed(area, unit, acres, formatBaseAmount(needed));
  const amount = Number(area.replace(/,/g, ""));
  const inAcres = unit === "acre" ? "" : ` (${formatNumber(acres)} ${m.store_area_acre()})`;
  return m.store_dosage_need({
    area: `${formatNumber(amount)} ${AREA_UNIT_NAMES[unit]?.() ?? unit}${inAcres}`,
    needed: baseAmountText(needed),
  });
}

export const noPlanText = (reason: NoPlanReason) =>
  hindi()
    ? {
        "no-compatible-packs": m.store_dosage_no_packs,
        "not-enough-stock": m.store_dosage_no_stock,
        "too-large": m.store_dosage_too_large,
      }[reason]()
    : NO_PLAN_MESSAGES[reason];
