import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { currentLocale, m, uiMessages, withLocale } from "./i18n.server";
import { fillMessage, type UiKey } from "./i18n";

/*
 * The browser's strings (docs/decisions/026-hindi.md): uiMessages(locale) is what a page's layout
 * sends, one language only, each message as its pattern ("{count} items") for useT to fill in.
 */

const root = join(import.meta.dirname, "..", "..", "..");
const pathPatterns = [
  JSON.parse(readFileSync(join(root, "project.inlang", "settings.json"), "utf8"))["plugin.inlang.messageFormat"].pathPattern,
].flat() as string[];

/** The ui_ messages as written in messages/ui-*\/<locale>.json. */
function sourceUi(locale: "en" | "hi"): Record<string, string> {
  const all: Record<string, string> = {};
  for (const pattern of pathPatterns.filter((p) => p.includes("/ui-"))) {
    const { $schema: _schema, ...messages } = JSON.parse(readFileSync(join(root, pattern.replace("{locale}", locale)), "utf8"));
    Object.assign(all, messages);
  }
  return all;
}

const DEVANAGARI = /[\u0900-\u097F]/;
const words = (pattern: string) => pattern.replace(/\{\w+\}/g, "").replace(/\b(Angle|UPI|Razorpay|Stripe|Visa|PDF|OTP)\b/g, "");
const paramsOf = (pattern: string) => [...pattern.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);

describe("uiMessages", () => {
  const en = uiMessages("en");
  const hi = uiMessages("hi");

  test("holds every ui_ message and nothing else, in both languages", () => {
    const keys = Object.keys(sourceUi("en")).sort();
    expect(Object.keys(en).sort()).toEqual(keys);
    expect(Object.keys(hi).sort()).toEqual(keys);
    expect(Object.keys(en).filter((k) => !k.startsWith("ui_"))).toEqual([]);
  });

  test("each language's dictionary is that language's file, patterns and all", () => {
    expect(en).toEqual(sourceUi("en"));
    expect(hi).toEqual(sourceUi("hi"));
  });

  test("the Hindi dictionary has no English-only messages", () => {
    const english = Object.entries(hi)
      .filter(([key, value]) => /[A-Za-z]/.test(words(value)) && (!DEVANAGARI.test(value) || value === en[key as UiKey]))
      .map(([key, value]) => `${key}: ${value}`);
    expect(english).toEqual([]);
  });

  test("the English dictionary carries no Hindi but the labels of the Hindi name, description and how to use fields", () => {
    const hindiFields = new Set(["ui_catalog_form_name_hi", "ui_catalog_form_description_hi", "ui_catalog_form_how_to_use_hi"]);
    expect(Object.entries(en).filter(([key, value]) => !hindiFields.has(key) && DEVANAGARI.test(value.replaceAll("हिन्दी", "")))).toEqual(
      [],
    );
  });

  test("placeholders come back as {name} for the browser to fill", () => {
    const withParams = Object.entries(sourceUi("hi")).filter(([, value]) => paramsOf(value).length > 0);
    // The storefront's messages count things ("{count} items"): at least one takes a parameter.
    expect(withParams.length, "ui_ messages with a {param}").toBeGreaterThan(0);
    for (const [key, value] of withParams) {
      for (const name of paramsOf(value)) {
        expect(hi[key as UiKey], key).toContain(`{${name}}`);
        expect(en[key as UiKey], key).toContain(`{${name}}`);
      }
    }
  });

  test("useT's fillMessage fills every placeholder of every Hindi message", () => {
    for (const [key, pattern] of Object.entries(hi)) {
      const inputs = Object.fromEntries(paramsOf(pattern).map((name, i) => [name, `«${i}»`]));
      const filled = fillMessage(pattern, inputs);
      expect(filled, key).not.toMatch(/\{\w+\}/);
      for (const value of Object.values(inputs)) expect(filled, key).toContain(value);
    }
  });

  test("is the same object for a language each time (made once per process)", () => {
    expect(uiMessages("hi")).toBe(hi);
    expect(uiMessages("en")).toBe(en);
  });
});

describe("fillMessage", () => {
  test("fills named placeholders, any number of times, and leaves unknown ones", () => {
    expect(fillMessage("{count} सामान", { count: 3 })).toBe("3 सामान");
    expect(fillMessage("{a} और {a}, {b}", { a: "x" })).toBe("x और x, {b}");
    expect(fillMessage("कुल ₹{amount}", { amount: "1,250" })).toBe("कुल ₹1,250");
    expect(fillMessage("{count} items")).toBe("{count} items");
    expect(fillMessage("{count} items", { count: 0 })).toBe("0 items");
  });
});

describe("the request's language", () => {
  test("English outside a request, the chosen language inside withLocale", () => {
    expect(currentLocale()).toBe("en");
    expect(withLocale("hi", () => currentLocale())).toBe("hi");
    expect(withLocale("hi", () => m.error_not_found_title())).toBe("पेज नहीं मिला");
    expect(m.error_not_found_title()).toBe("Page not found");
    expect(withLocale("hi", () => m.error_reference({ id: "r1" }))).toBe("संदर्भ: r1");
  });
});
