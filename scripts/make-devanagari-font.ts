// npx tsx scripts/make-devanagari-font.ts
// The Hindi pages' web font: Noto Sans Devanagari (SIL Open Font License 1.1, docs/font-credits.md)
// cut down to Hindi's letters (app/platform/i18n/devanagari-font-ranges.ts), kept whole otherwise: every
// OpenType layout feature and every glyph they reach (conjuncts, half forms, reph, matras'
// positions) stays, so any Hindi word shapes as in the full font. Writes
// app/fonts/noto-sans-devanagari-{400,700}.woff2 (the build gives them hashed names); commit them.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import subsetFont from "subset-font";
import { HINDI_FONT_RANGES } from "../app/platform/i18n/devanagari-font-ranges";

const SOURCE = "node_modules/@expo-google-fonts/noto-sans-devanagari";
const OUT = "app/fonts";

/** Digits, space and basic punctuation, so a run of Hindi text with them keeps one font's spacing. */
const EXTRA = " 0123456789.,:;!?'\"()-–—/%&+*@#";

function text(): string {
  let chars = EXTRA;
  for (const [from, to] of HINDI_FONT_RANGES) for (let code = from; code <= to; code++) chars += String.fromCodePoint(code);
  return chars;
}

const WEIGHTS = [
  { weight: 400, file: "400Regular/NotoSansDevanagari_400Regular.ttf" },
  { weight: 700, file: "700Bold/NotoSansDevanagari_700Bold.ttf" },
];

for (const { weight, file } of WEIGHTS) {
  const source = await readFile(join(SOURCE, file));
  // subset-font keeps all layout features unless told otherwise (hb-subset --layout-features='*').
  // The name table keeps the copyright and the licence (IDs 13, 14) with the default names.
  const woff2 = await subsetFont(source, text(), { targetFormat: "woff2", preserveNameIds: [0, 1, 2, 3, 4, 5, 6, 13, 14] });
  const target = join(OUT, `noto-sans-devanagari-${weight}.woff2`);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, woff2);
  console.log(`${target}: ${(woff2.length / 1024).toFixed(1)} KB (from ${(source.length / 1024).toFixed(0)} KB)`);
}
