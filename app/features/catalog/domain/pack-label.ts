import { sizeName } from "./variants";

/*
 * Pack sizes and order lines in Hindi. Apart from variants.ts (client-safe, in the browser's bundles)
 * because its Hindi words must not travel in English pages' scripts: only server code imports it
 * (docs/decisions/026-hindi.md: Hindi travels as page data).
 */
const HINDI_UNITS: Readonly<Record<string, string>> = {
  g: "ग्राम",
  gm: "ग्राम",
  gms: "ग्राम",
  gram: "ग्राम",
  grams: "ग्राम",
  kg: "किलो",
  kgs: "किलो",
  ml: "मि.ली.",
  l: "लीटर",
  ltr: "लीटर",
  litre: "लीटर",
  litres: "लीटर",
  liter: "लीटर",
  liters: "लीटर",
  ft: "फ़ुट",
  m: "मीटर",
};

const NUMBER = String.raw`(\d+(?:[.,]\d+)*)`;
const UNIT = `(${Object.keys(HINDI_UNITS).join("|")})`;

/**
 * A pack size's label as a Hindi page shows it: "10 g" → "10 ग्राम", "25 kg bag" → "25 किलो की बोरी",
 * "100 kg (4 bags)" → "100 किलो (4 बोरी)", "Pack of 5" → "5 का पैक", "1 sapling" → "1 पौधा". Labels are
 * typed by admins and vendors in English; the words they use for sizes are few, so they are put into
 * Hindi by pattern. A word outside these patterns stays as it was typed (a label typed in Hindi too).
 */
export function packLabel(label: string, locale: string): string {
  if (locale !== "hi") return label;
  const unit = (u: string) => HINDI_UNITS[u.toLowerCase()] ?? u;
  return label
    .replace(new RegExp(String.raw`^\s*pack\s+of\s+${NUMBER}\s*$`, "i"), "$1 का पैक")
    .replace(new RegExp(String.raw`${NUMBER}\s*${UNIT}\s+(?:bag|sack)\b`, "gi"), (_, n: string, u: string) => `${n} ${unit(u)} की बोरी`)
    .replace(new RegExp(String.raw`${NUMBER}\s*${UNIT}(?![\p{L}])`, "giu"), (_, n: string, u: string) => `${n} ${unit(u)}`)
    .replace(new RegExp(String.raw`${NUMBER}\s+(?:bags|sacks)\b`, "gi"), "$1 बोरी")
    .replace(/\b1\s+(?:bag|sack)\b/gi, "1 बोरी")
    .replace(/\b1\s+saplings?\b/gi, "1 पौधा")
    .replace(new RegExp(String.raw`${NUMBER}\s+saplings?\b`, "gi"), "$1 पौधे")
    .replace(/\b1\s+(?:piece|pc)\b/gi, "1 नग")
    .replace(new RegExp(String.raw`${NUMBER}\s+(?:pieces|pcs|pc)\b`, "gi"), "$1 नग")
    .replace(/^\s*standard\s*$/i, "सामान्य");
}

/**
 * An order line's name in a language: its Hindi name snapshot on a Hindi page where the product had
 * one, else the English name; with its pack size ("हाइब्रिड टमाटर के बीज (10 ग्राम)").
 */
export function lineName(line: { name: string; nameHi?: string | null; variantLabel?: string | null }, locale: string): string {
  const name = locale === "hi" && line.nameHi?.trim() ? line.nameHi : line.name;
  return sizeName(name, line.variantLabel ? packLabel(line.variantLabel, locale) : line.variantLabel);
}
