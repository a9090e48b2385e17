import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/hindi-glossary.md is the source of the Hindi store's words: its table "Spellings not to use"
 * lists the variants no Hindi message may use. This keeps every messages/<group>/hi.json to it.
 */
const root = join(import.meta.dirname, "../../..");
const glossary = readFileSync(join(root, "docs/hindi-glossary.md"), "utf8");

/** The wrong spellings: the first column of the table under "## Spellings not to use". */
function wrongSpellings(markdown: string): string[] {
  const section = markdown.split(/^## Spellings not to use$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| wrong"))
    .map((line) => line.split("|")[1]?.trim() ?? "")
    .filter(Boolean);
}

const hindiMessages = readdirSync(join(root, "messages")).flatMap((group) => {
  const messages = JSON.parse(readFileSync(join(root, "messages", group, "hi.json"), "utf8")) as Record<string, string>;
  return Object.entries(messages)
    .filter(([key]) => key !== "$schema")
    .map(([key, text]) => ({ where: `${group}/${key}`, text }));
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The spelling as a word of its own: not inside a longer Devanagari word ("खरीफ" inside "खरीफ़"). */
const asWord = (spelling: string) => new RegExp(`(?<![\\u0900-\\u097F])${escapeRegExp(spelling)}(?![\\u0900-\\u097F])`, "u");

describe("the Hindi messages follow the glossary", () => {
  const wrong = wrongSpellings(glossary);

  it("reads the glossary's list of wrong spellings", () => {
    expect(wrong.length).toBeGreaterThan(30);
    expect(wrong).toContain("ईनवॉईस");
    expect(wrong).toContain("pm बजे");
  });

  it("finds a wrong spelling as a word, and not inside a right one", () => {
    expect(asWord("खरीफ").test("खरीफ़ की फ़सल")).toBe(false);
    expect(asWord("खरीफ").test("खरीफ की फ़सल")).toBe(true);
    expect(asWord("फसल").test("अपनी फ़सल चुनें")).toBe(false);
    expect(asWord("ईनवॉईस").test("आपका ईनवॉईस तैयार है")).toBe(true);
  });

  it("uses none of them in any hi.json", () => {
    const found = hindiMessages.flatMap(({ where, text }) =>
      wrong.filter((spelling) => asWord(spelling).test(text)).map((spelling) => `${where}: "${spelling}"`),
    );
    expect(found).toEqual([]);
  });

  it("leaves no message in English (brands, codes and placeholders aside)", () => {
    const untranslated = hindiMessages.filter(({ text }) => !/[\u0900-\u097F]/u.test(text));
    // What is the same in both languages: a brand or code alone ("UPI ID"), punctuation, a placeholder.
    const same = /^(UPI ID|UPI|[\s\W\d]*(\{\w+\}[\s\W\d]*)*( · Angle| \(PDF\))?)$/u;
    expect(untranslated.filter(({ text }) => !same.test(text)).map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });
});
