// The fonts of the phone the benchmark stands for. Every Android phone since 5.0 carries Noto Sans
// Devanagari, and our Hindi pages name it first (app/app.css: `local("Noto Sans Devanagari")`), so on a
// phone the font is there when the page is first laid out. This host has none (DejaVu and Liberation
// only): without it Chromium lays a Hindi page out with fallback fonts while the web font downloads,
// then again when it arrives — a cost no phone pays (docs/decisions/049-the-phones-own-font.md). The
// benchmark's Chromium gets the system's fonts plus the same Noto Sans Devanagari (regular and bold,
// from the package the invoices' fonts come from) through a fontconfig file of its own; the system's
// fonts are untouched.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";

/** The fontconfig file that adds the phone's Devanagari font to the system's, written under `dir`. */
export function phoneFontConfig(dir: string): { FONTCONFIG_FILE: string; fonts: string[] } {
  const require = createRequire(import.meta.url);
  const fontDir = dirname(require.resolve("@expo-google-fonts/noto-sans-devanagari/package.json"));
  const fonts = [join(fontDir, "400Regular"), join(fontDir, "700Bold")];
  mkdirSync(join(dir, "fontconfig-cache"), { recursive: true });
  const file = join(dir, "fonts.conf");
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
${fonts.map((f) => `  <dir>${f}</dir>`).join("\n")}
  <cachedir>${join(dir, "fontconfig-cache")}</cachedir>
</fontconfig>
`,
  );
  return { FONTCONFIG_FILE: file, fonts };
}
