import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/** Labels of the inputs that take Hindi text, in Hindi on every page (see below). */
const HINDI_FIELD_LABELS = new Set(["ui_catalog_form_name_hi", "ui_catalog_form_description_hi", "ui_catalog_form_how_to_use_hi"]);

/*
 * The message files (messages/<area>/{en,hi}.json, docs/hindi-glossary.md): every area the inlang
 * project lists has both languages with the same keys and the same {params}; no key is defined
 * twice; the browser's keys (ui_…) live in ui-* areas only; and the Hindi is Hindi. Reads the JSON
 * directly: no database, no compiled messages.
 */

const root = join(import.meta.dirname, "..", "..");
const settings = JSON.parse(readFileSync(join(root, "project.inlang", "settings.json"), "utf8")) as {
  locales: string[];
  "plugin.inlang.messageFormat": { pathPattern: string[] | string };
};
const patterns = [settings["plugin.inlang.messageFormat"].pathPattern].flat();

type Messages = Record<string, unknown>;
const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN_LETTER = /[A-Za-z]/;

/**
 * What a Hindi message may keep from the English, and only these: the store's and payment
 * providers' brand names (docs/hindi-glossary.md: "Brand names stay as they are"), and the
 * machine-readable examples a form shows (an email address, a GSTIN, a PAN, an IFSC code).
 * Everything else a Hindi message says is written in Devanagari.
 */
const KEPT_AS_IS: RegExp[] = [
  /\b(Angle|UPI|Razorpay|Stripe|Visa|Mastercard|RuPay|PDF|CSV|OTP)\b/g,
  /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, // email addresses
  /\b\d{2}[A-Z]{5}\d{4}[A-Z][A-Z\d]Z[A-Z\d]\b/g, // GSTIN
  /\b[A-Z]{5}\d{4}[A-Z]\b/g, // PAN
  /\b[A-Z]{4}0[A-Z\d]{6}\b/g, // IFSC
  /\bhttps?:\/\/\S+/g,
];

/** A message's text less its {params} and what may stay in English. */
function wordsOf(value: string) {
  let text = value.replace(/\{\w+\}/g, " ");
  for (const kept of KEPT_AS_IS) text = text.replace(kept, " ");
  return text;
}

const params = (value: string) => [...new Set([...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

function areaOf(pattern: string) {
  const match = /^\.\/messages\/([^/]+)\/\{locale\}\.json$/.exec(pattern);
  if (!match?.[1]) throw new Error(`unexpected message path pattern ${pattern}`);
  return match[1];
}

const areas = patterns.map(areaOf);

function read(area: string, locale: string): Messages {
  const file = join(root, "messages", area, `${locale}.json`);
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(file, "utf8")) as Messages;
  return messages;
}

describe("message files", () => {
  test("the project speaks English first, then Hindi", () => {
    expect(settings.locales).toEqual(["en", "hi"]);
    expect(areas.length).toBeGreaterThan(0);
  });

  for (const area of areas) {
    describe(area, () => {
      test("has en.json and hi.json", () => {
        for (const locale of ["en", "hi"])
          expect(existsSync(join(root, "messages", area, `${locale}.json`)), `messages/${area}/${locale}.json`).toBe(true);
      });

      test("en and hi define the same keys", () => {
        const en = read(area, "en");
        const hi = read(area, "hi");
        expect(
          Object.keys(en).filter((k) => !(k in hi)),
          `keys in messages/${area}/en.json missing from hi.json`,
        ).toEqual([]);
        expect(
          Object.keys(hi).filter((k) => !(k in en)),
          `keys in messages/${area}/hi.json missing from en.json`,
        ).toEqual([]);
      });

      test("every message is a non-empty string with snake_case key", () => {
        for (const locale of ["en", "hi"]) {
          for (const [key, value] of Object.entries(read(area, locale))) {
            expect(key, `messages/${area}/${locale}.json key`).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
            expect(typeof value, `${area}/${locale}: ${key} is text`).toBe("string");
            expect(String(value).trim(), `${area}/${locale}: ${key} is empty`).not.toBe("");
          }
        }
      });

      test("en and hi take the same {params}", () => {
        const en = read(area, "en");
        const hi = read(area, "hi");
        const differ = Object.keys(en)
          .filter((k) => typeof en[k] === "string" && typeof hi[k] === "string")
          .filter((k) => params(en[k] as string).join() !== params(hi[k] as string).join())
          .map((k) => `${k}: en {${params(en[k] as string).join(", ")}} / hi {${params(hi[k] as string).join(", ")}}`);
        expect(differ, `messages/${area}: params differ`).toEqual([]);
      });

      test(area.startsWith("ui-") ? "every key starts with ui_" : "no key starts with ui_", () => {
        const keys = [...new Set([...Object.keys(read(area, "en")), ...Object.keys(read(area, "hi"))])];
        const misplaced = keys.filter((k) => k.startsWith("ui_") !== area.startsWith("ui-"));
        expect(
          misplaced,
          area.startsWith("ui-")
            ? `messages/${area}: keys sent to the browser must start with ui_`
            : `messages/${area}: ui_ keys belong in a ui-* area (they are sent to the browser)`,
        ).toEqual([]);
      });

      test("the Hindi is written in Devanagari, not left in English", () => {
        const en = read(area, "en");
        const hi = read(area, "hi");
        const english: string[] = [];
        const untranslated: string[] = [];
        for (const [key, value] of Object.entries(hi)) {
          if (typeof value !== "string") continue;
          const words = wordsOf(value);
          // Latin words left over (beyond brand names and examples) in a message with no Devanagari at all.
          if (LATIN_LETTER.test(words) && !DEVANAGARI.test(words)) english.push(`${key}: ${JSON.stringify(value)}`);
          // The same text as the English: allowed only when it has no words to translate ("₹{amount}", "{count}").
          if (value === en[key] && LATIN_LETTER.test(words)) untranslated.push(`${key}: ${JSON.stringify(value)}`);
        }
        expect(english, `messages/${area}/hi.json: messages in English`).toEqual([]);
        expect(untranslated, `messages/${area}/hi.json: messages identical to the English`).toEqual([]);
      });

      // The product form's fields for the Hindi name, description and how to use are labelled in
      // Hindi in both languages, as the switch names हिन्दी: the vendor typing there reads Hindi.
      test("the English has no Hindi in it (an English page carries none but the switch's हिन्दी)", () => {
        const hindi = Object.entries(read(area, "en"))
          .filter(
            ([key, value]) => typeof value === "string" && !HINDI_FIELD_LABELS.has(key) && DEVANAGARI.test(value.replaceAll("हिन्दी", "")),
          )
          .map(([key]) => key);
        expect(hindi, `messages/${area}/en.json`).toEqual([]);
      });
    });
  }

  test("no key is defined in two areas", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const area of areas) {
      for (const key of Object.keys(read(area, "en"))) {
        const first = seen.get(key);
        if (first) duplicates.push(`${key} (messages/${first} and messages/${area})`);
        else seen.set(key, area);
      }
    }
    expect(duplicates, "keys defined in more than one area").toEqual([]);
  });

  test("every message directory is listed in project.inlang/settings.json", () => {
    const dirs = readdirSync(join(root, "messages"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(dirs).toEqual([...areas].sort());
  });
});
