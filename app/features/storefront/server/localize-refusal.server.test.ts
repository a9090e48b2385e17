import { describe, expect, it } from "vitest";
import { formatDate } from "~/platform/core/dates";
import { licenceExpired } from "~/features/vendor-shops/domain/licences";
import { CHECKOUT_FAILED, TOO_MANY_ATTEMPTS } from "~/platform/i18n/messages";
import { returnWindowClosed } from "~/features/orders/domain/returns";
import { TOO_MANY_ORDERS } from "~/features/orders/server/place-order.server";
import { waitInWords } from "~/platform/rate-limit/rate-limit.server";
import { LISTING_RATE_LIMITED } from "~/features/vendor-shops/server/vendor-products.server";
import { accountRefusals } from "../../accounts/server/account-messages.server";
import { areaRefusals } from "../../dosage/server/dosage-text.server";
import { m, withLocale } from "../../../platform/i18n/i18n.server";
import { type CatalogEntry, commonRefusals, type RefusalCatalog } from "./localize-refusal.server";
import { journeyRefusals } from "./refusals.server";
import { vendorRefusals } from "../../vendor-shops/server/vendor-text.server";

const catalogs: Record<string, RefusalCatalog> = {
  journey: journeyRefusals,
  account: accountRefusals,
  vendor: vendorRefusals,
  area: areaRefusals,
  common: commonRefusals,
};

/** An entry's English with sample inputs, and what the Hindi must be: the Hindi message of the same inputs. */
function sample(catalog: RefusalCatalog, entry: CatalogEntry) {
  if (entry.kind === "exact") return { english: entry.english, hindi: entry.render(entry.inputs, { locale: "hi" }) };
  if (entry.kind === "prefix") return { english: `${entry.english}: something`, hindi: entry.render({}, { locale: "hi" }) };
  const english: Record<string, string> = {};
  const hindi: Record<string, string> = {};
  for (const name of entry.names) {
    const form = catalog.forms[name];
    english[name] = form ? form.example : `«${name} 1»`;
    hindi[name] = form ? form.localize(form.example, "hi") : english[name];
  }
  return { english: entry.render(english, { locale: "en" }), hindi: entry.render(hindi, { locale: "hi" }) };
}

describe("refusal catalogues", () => {
  it("say an exact sentence in Hindi", () => {
    expect(journeyRefusals.say(CHECKOUT_FAILED, "hi")).toBe(m.checkout_refusal_failed({}, { locale: "hi" }));
    expect(withLocale("hi", () => journeyRefusals.say(CHECKOUT_FAILED))).toBe("आपका ऑर्डर नहीं हो सका। फिर से कोशिश करें।");
  });

  it("read a sentence's inputs back and say it in Hindi with them", () => {
    const english = "Only 3 of Neem Oil (1 L) left in stock; please reduce the quantity.";
    expect(journeyRefusals.say(english, "hi")).toBe(m.checkout_refusal_only_left({ stock: "3", name: "Neem Oil (1 L)" }, { locale: "hi" }));
    expect(accountRefusals.say(TOO_MANY_ATTEMPTS(1), "hi")).toBe("बहुत बार कोशिश हो चुकी है। 1 सेकंड रुककर फिर से कोशिश करें।");
  });

  it("say the English inputs a sentence carries in Hindi too: a date, a wait, an area", () => {
    expect(journeyRefusals.say(returnWindowClosed("2026-03-31"), "hi")).toContain(formatDate("2026-03-31T12:00:00+05:30", "hi"));
    expect(journeyRefusals.say(returnWindowClosed("2026-03-31"), "hi")).toContain("31 मार्च 2026");
    expect(vendorRefusals.say(licenceExpired("2026-01-05"), "hi")).toContain("5 जनवरी 2026");
    const tooFast = (seconds: number) => TOO_MANY_ORDERS(waitInWords(seconds));
    expect(journeyRefusals.say(tooFast(45), "hi")).toBe("कम समय में बहुत सारे ऑर्डर। 45 सेकंड रुककर फिर से कोशिश करें।");
    expect(journeyRefusals.say(tooFast(60), "hi")).toContain("1 मिनट");
    expect(vendorRefusals.say(LISTING_RATE_LIMITED(waitInWords(600)), "hi")).toContain("10 मिनट");
    expect(areaRefusals.say("Enter an area up to 10,000 acres (4,00,000 guntha).", "hi")).toBe(
      m.store_area_error_max({ max: "10,000 एकड़ (4,00,000 गुंठा)" }, { locale: "hi" }),
    );
    // An input that is not in the English form it expects stays as it is.
    expect(
      journeyRefusals.say("Returns for this order closed on someday: items can be returned within 7 days of delivery.", "hi"),
    ).toContain("someday");
  });

  it("leave a sentence they do not know as it is", () => {
    for (const catalog of Object.values(catalogs)) {
      expect(catalog.say("Something new happened.", "hi")).toBe("Something new happened.");
      expect(catalog.say("", "hi")).toBe("");
    }
  });

  it("give every sentence back unchanged on an English page", () => {
    for (const [name, catalog] of Object.entries(catalogs)) {
      for (const entry of catalog.entries()) {
        const { english } = sample(catalog, entry);
        expect(catalog.say(english, "en"), `${name}: ${entry.key}`).toBe(english);
        expect(
          withLocale("en", () => catalog.say(english)),
          `${name}: ${entry.key}`,
        ).toBe(english);
      }
      const fields = { a: "Something new happened.", b: undefined };
      expect(catalog.fields(fields, "en")).toBe(fields);
    }
  });

  it("know every message they list: its English with any inputs gives its Hindi with the same inputs", () => {
    for (const [name, catalog] of Object.entries(catalogs)) {
      const entries = catalog.entries();
      expect(entries.length, name).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const entry of entries) {
        // An area's own message wins over a later one with the same English (the vendor's "Check your email…").
        if (entry.kind === "exact" && seen.has(entry.english)) continue;
        seen.add(entry.english);
        const { english, hindi } = sample(catalog, entry);
        expect(catalog.say(english, "hi"), `${name}: ${entry.key}: ${english}`).toBe(hindi);
        expect(hindi, `${name}: ${entry.key}`).toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  it("list every message of the prefixes they name", () => {
    const keys = new Set(journeyRefusals.entries().map((e) => e.key));
    const named = Object.keys(m).filter((k) => k.startsWith("checkout_refusal_") || k.startsWith("orders_refusal_"));
    expect(named.length).toBeGreaterThan(40);
    for (const key of named) expect(keys.has(key), key).toBe(true);
    for (const catalog of Object.values(catalogs))
      expect(catalog.entries().map((e) => e.key)).toContain("common_refusal_rate_limit_unavailable");
  });
});
