/**
 * Devanagari spelled more than one way (issue 16): a nukta (क़ or क + ़) and a chandrabindu (ँ, where
 * many type the anusvara ं) are left to the writer's taste, so search reads them away on both sides.
 * The database folds its copy of a product's Hindi the same way (0023-hindi-catalogue); keep the
 * two in step (DEVANAGARI_FOLDS is what both use).
 */
export const DEVANAGARI_FOLDS: readonly [from: string, to: string][] = [
  ["\u0958", "\u0915"], // क़ → क
  ["\u0959", "\u0916"], // ख़ → ख
  ["\u095A", "\u0917"], // ग़ → ग
  ["\u095B", "\u091C"], // ज़ → ज
  ["\u095C", "\u0921"], // ड़ → ड
  ["\u095D", "\u0922"], // ढ़ → ढ
  ["\u095E", "\u092B"], // फ़ → फ
  ["\u095F", "\u092F"], // य़ → य
  ["\u093C", ""], // the nukta sign itself
  ["\u0901", "\u0902"], // chandrabindu → anusvara
];

const FOLD = new Map(DEVANAGARI_FOLDS);
const FOLDABLE = new RegExp(`[${DEVANAGARI_FOLDS.map(([from]) => from).join("")}]`, "gu");

/** A text as search compares it: Devanagari nukta dropped, chandrabindu as anusvara; anything else unchanged. */
export function foldDevanagari(text: string): string {
  return text.replace(FOLDABLE, (c) => FOLD.get(c) ?? c);
}

/**
 * The language a text a person wrote is in, for its `lang` attribute: Hindi when it is mostly
 * Devanagari, else English. Reviews and notes are shown in the language they were written in; the
 * attribute lets a screen reader read each in its own voice.
 */
export function writtenLanguage(text: string): "hi" | "en" {
  const devanagari = text.match(/[\u0900-\u097F]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return devanagari > latin ? "hi" : "en";
}
