import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { cssUnicodeRange, HINDI_FONT_RANGES } from "./devanagari-font-ranges";

const covered = (code: number) => HINDI_FONT_RANGES.some(([from, to]) => code >= from && code <= to);

/** Every file under `dir` whose name ends with one of `endings`. */
function filesUnder(dir: string, endings: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, endings);
    return endings.some((ending) => name.endsWith(ending)) && !name.includes(".test.") ? [path] : [];
  });
}

describe("the Hindi font's characters", () => {
  test("app.css gives the browser the ranges the font was cut to, for both weights", () => {
    const css = readFileSync("app/app.css", "utf8");
    const ranges = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((m) => m[1]?.replace(/\s+/g, " ").trim());
    expect(ranges).toEqual([cssUnicodeRange(), cssUnicodeRange()]);
  });

  test("CSS form of a range and of a single character", () => {
    expect(cssUnicodeRange([[0x0901, 0x0903]])).toBe("U+0901-0903");
    expect(
      cssUnicodeRange([
        [0x20b9, 0x20b9],
        [0x0950, 0x0950],
      ]),
    ).toBe("U+20B9, U+0950");
  });

  test("covers every Devanagari letter of the Hindi interface and of the sample catalogue", () => {
    // (This module's own comment names letters it leaves out.)
    const sources = [
      ...filesUnder("messages", ["hi.json"]),
      ...filesUnder("app/platform/db", [".ts"]),
      ...filesUnder("app/features", [".ts"]).filter((path) => path.includes("/domain/")),
      ...filesUnder("app/platform/core", [".ts"]),
      ...filesUnder("app/platform/i18n", [".ts"]),
    ].filter((path) => !path.endsWith("devanagari-font-ranges.ts") && !path.endsWith(".test.ts"));
    const missing = new Map<string, string>();
    let seen = 0;
    for (const path of sources) {
      for (const char of readFileSync(path, "utf8")) {
        const code = char.codePointAt(0) ?? 0;
        if (code < 0x0900 || code > 0x097f) continue;
        seen++;
        if (!covered(code)) missing.set(char, path);
      }
    }
    expect(seen, "Devanagari characters read").toBeGreaterThan(10_000);
    expect([...missing].map(([char, path]) => `${char} U+${char.codePointAt(0)?.toString(16)} in ${path}`)).toEqual([]);
  });

  test("leaves out what Hindi does not write: Marathi's and Sindhi's own letters, Sanskrit's vocalic signs", () => {
    for (const char of ["ऌ", "ॡ", "ऱ", "ऴ", "ऩ", "ॲ", "ॻ", "ॄ", "ॢ", "॑"]) expect(covered(char.codePointAt(0) ?? 0), char).toBe(false);
    for (const char of ["ऑ", "ॉ", "ऋ", "ृ", "ँ", "ज़", "ड़", "।", "॰", "ॐ", "₹"]) expect(covered(char.codePointAt(0) ?? 0), char).toBe(true);
  });
});
