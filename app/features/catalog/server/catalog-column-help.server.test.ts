import { describe, expect, it } from "vitest";
import { CATEGORY_KEYS } from "~/features/catalog/domain/categories";
import { CATALOG_COLUMNS } from "~/features/catalog/domain/catalog-csv";
import { CROP_KEYS, SEASONS } from "~/features/catalog/domain/crops";
import { GST_RATES } from "~/features/tax/domain/gst";
import { LICENCE_KINDS } from "~/features/vendor-shops/domain/licences";
import { PACK_UNITS } from "~/features/catalog/domain/pack-units";
import { CATALOG_COLUMN_HELP_TEXT, catalogColumnHelp } from "./catalog-column-help.server";
import { withLocale } from "../../../platform/i18n/i18n.server";
import { loadImportPage } from "../web/catalog-import-page.server";

const DEVANAGARI = /[\u0900-\u097F]/;
const english = (c: (typeof CATALOG_COLUMNS)[number]) => withLocale("en", () => catalogColumnHelp(c));
const hindi = (c: (typeof CATALOG_COLUMNS)[number]) => withLocale("hi", () => catalogColumnHelp(c));

/**
 * What a vendor types into the file as it is, in any language: the columns a help names (those with
 * an underscore: the others, like `name`, are also English words), the values a column takes, and
 * the words of the spreadsheet itself.
 */
const AS_TYPED = new Set<string>([
  ...CATALOG_COLUMNS.filter((c) => c.includes("_")),
  ...CATEGORY_KEYS,
  ...LICENCE_KINDS,
  ...SEASONS,
  ...PACK_UNITS,
  ...CROP_KEYS,
  "CSV",
  "Excel",
  "Text",
]);
/** The tokens of `text` to keep as typed: known words, and numbers and examples (500, 1,299.50, 06022010). */
const typedTokens = (text: string) => {
  const words = text.replaceAll("e.g.", " ").match(/[\w.,]*\w/g) ?? [];
  return [...new Set(words.flatMap((w) => w.split(/,(?!\d{3})/)).filter((w) => AS_TYPED.has(w) || /^\d/.test(w)))];
};
const hasToken = (text: string, token: string) => new RegExp(`(^|[^\\w.,])${token.replace(/[.]/g, "\\.")}(?![\\w]|[.,]\\d)`).test(text);

describe("the import page's column help", () => {
  it("has a help for every column, and only for the columns", () => {
    expect(Object.keys(CATALOG_COLUMN_HELP_TEXT).sort()).toEqual([...CATALOG_COLUMNS].sort());
  });

  it("says it in English on an English page", () => {
    for (const column of CATALOG_COLUMNS) expect(english(column).trim(), column).not.toBe("");
    expect(english("stock")).toBe("Whole number, 0 or more (required).");
    expect(english("name_hi")).toBe(
      "Optional: the name in Hindi (up to 200 characters), shown on the Hindi pages. Blank: they show the English name.",
    );
    expect(DEVANAGARI.test(CATALOG_COLUMNS.map(english).join(" "))).toBe(false);
  });

  it("says it in Hindi on a Hindi page", () => {
    const notHindi = CATALOG_COLUMNS.filter((c) => !hindi(c).trim() || !DEVANAGARI.test(hindi(c)) || hindi(c) === english(c));
    expect(notHindi).toEqual([]);
  });

  it("keeps the column names, values and examples in Hindi exactly as they are typed in the file", () => {
    const lost = CATALOG_COLUMNS.flatMap((c) =>
      typedTokens(english(c))
        .filter((token) => !hasToken(hindi(c), token))
        .map((token) => `${c}: ${token}`),
    );
    expect(lost).toEqual([]);
    // The checks see what they should: a column name, a value, an example.
    expect(typedTokens(english("dosage_per_acre"))).toContain("dosage_unit");
    expect(typedTokens(english("season"))).toEqual(["kharif", "rabi", "zaid", "all"]);
    expect(typedTokens(english("price_rupees"))).toEqual(["1,299.50"]);
    expect(hasToken("जैसे 1299.50", "1,299.50")).toBe(false);
  });

  it("lists the domain's GST rates and crops in both languages", () => {
    for (const locale of ["en", "hi"] as const) {
      expect(withLocale(locale, () => catalogColumnHelp("gst_rate"))).toContain(GST_RATES.join(", "));
      expect(withLocale(locale, () => catalogColumnHelp("crops"))).toContain(CROP_KEYS.join(", "));
    }
  });
});

describe("loadImportPage's columns", () => {
  const paths = { page: "/p", products: "/ps", exportCsv: "/e" };
  const load = (role: "vendor" | "admin", locale: "en" | "hi") =>
    withLocale(locale, () => loadImportPage(new Request("http://localhost/p"), { role, userId: "u1", verified: true }, paths));

  it("are in Hindi on the vendor's Hindi page", async () => {
    const page = await load("vendor", "hi");
    expect(page.columns.map((c) => c.name)).toEqual([...CATALOG_COLUMNS]);
    for (const { name, help } of page.columns) {
      expect(help, name).toMatch(DEVANAGARI);
      expect(help, name).toBe(hindi(name));
    }
  });

  it("are in English on the admin's page and the vendor's English page", async () => {
    for (const role of ["admin", "vendor"] as const) {
      const page = await load(role, "en");
      expect(page.columns).toEqual(CATALOG_COLUMNS.map((name) => ({ name, help: english(name) })));
    }
  });
});
