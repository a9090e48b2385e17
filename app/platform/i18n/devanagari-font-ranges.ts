/**
 * The characters the store's Devanagari web font draws (scripts/make-devanagari-font.ts cuts the font
 * to them; app/app.css names the same ranges in `unicode-range`, and a test keeps the two equal).
 *
 * Hindi's letters and signs, not the whole Devanagari block: the letters only Marathi, Sindhi or
 * transliterated Tamil use (ऌ ॡ ऩ ऱ ऴ ॲ–ॿ…), Sanskrit's vocalic signs (ॄ ॢ ॣ) and its stress marks
 * (॑–॔) are left to the phone's own fonts, which have them; they are a fifth of each file (decision
 * 028). ऍ ऑ and their signs stay: Hindi writes English words with them (ऑफ़लाइन).
 */
export const HINDI_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x0901, 0x0903], // candrabindu, anusvara, visarga
  [0x0905, 0x090b], // अ–ऋ
  [0x090d, 0x0928], // ऍ–न
  [0x092a, 0x0930], // प–र
  [0x0932, 0x0933], // ल ळ
  [0x0935, 0x0943], // व–ह, nukta, avagraha, vowel signs to ृ
  [0x0945, 0x094d], // ॅ–ौ, virama
  [0x0950, 0x0950], // ॐ
  [0x0958, 0x095f], // क़–य़
  [0x0964, 0x0970], // danda, double danda, digits ०–९, abbreviation sign
  [0x200c, 0x200d], // zero-width non-joiner / joiner (explicit half forms)
  [0x20b9, 0x20b9], // ₹
  [0x25cc, 0x25cc], // dotted circle (a vowel sign shown on its own)
];

/** The ranges as CSS writes them in `unicode-range`: "U+0901-0903, U+0950, …". */
export function cssUnicodeRange(ranges: readonly (readonly [number, number])[] = HINDI_FONT_RANGES): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}
