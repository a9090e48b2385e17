import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The fonts tax documents are drawn in: Noto Sans Devanagari (SIL OFL 1.1), whose Google Fonts
 * build also carries Latin and the rupee sign ₹, so one family prints an English address, a Hindi
 * product name and an amount. Read from the npm package's TTFs, resolved from this module: that
 * finds the project's node_modules from the source in dev and tests and from build/server/ after
 * `npm run build` alike. pdfkit embeds only the glyphs a document uses.
 */
const FONT_PACKAGE = "@expo-google-fonts/noto-sans-devanagari";
const FILES = {
  regular: `${FONT_PACKAGE}/400Regular/NotoSansDevanagari_400Regular.ttf`,
  bold: `${FONT_PACKAGE}/700Bold/NotoSansDevanagari_700Bold.ttf`,
} as const;

export type DocumentFonts = Record<keyof typeof FILES, Buffer>;

let fonts: DocumentFonts | undefined;

/** Both weights, read once per process. */
export function loadDocumentFonts(): DocumentFonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = { regular: readFileSync(require.resolve(FILES.regular)), bold: readFileSync(require.resolve(FILES.bold)) };
  }
  return fonts;
}
