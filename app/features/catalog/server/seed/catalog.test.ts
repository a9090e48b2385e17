import { describe, expect, it } from "vitest";
import { GST_RATES, isGstRate } from "~/features/tax/domain/gst";
import { HSN_PATTERN } from "~/features/tax/domain/gst-forms";
import { SAMPLE_PRODUCT_GST } from "../../../../platform/db/migrations/0020-sample-product-gst";
import { SAMPLE_PRODUCT_HINDI } from "../../../../platform/db/migrations/0023-hindi-catalogue";
import { SAMPLE_HOW_TO_USE_HINDI } from "../../../../platform/db/migrations/0025-how-to-use-hindi";
import { imageSrcSet } from "~/ui/image-srcset";
import { sampleProducts } from "./catalog";
import { sampleSizes } from "./seed.server";
import { SAMPLE_REPRICING } from "../../../../platform/db/migrations/0040-sample-prices-within-mrp";
import { chargedUnitPrice } from "~/features/tax/domain/gst";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";

/** The heading and rate 0019-gst gave a product of a category (its backfill). */
const backfill = (category: string): [string, number] =>
  category === "seeds" ? ["1209", 0] : category === "equipment" ? ["8432", 5] : category === "tools" ? ["8201", 5] : ["3105", 5];

describe("the sample catalogue's HSN codes and GST rates (docs/gst-rates.md)", () => {
  it("every product has an 8-digit HSN code and one of the rates", () => {
    expect(sampleProducts).toHaveLength(16);
    for (const p of sampleProducts) {
      expect(p.hsnCode, p.name).toMatch(HSN_PATTERN);
      expect(p.hsnCode, p.name).toMatch(/^\d{8}$/);
      expect(isGstRate(p.gstRate), p.name).toBe(true);
      expect(GST_RATES).toContain(p.gstRate);
    }
  });

  it("follows the schedules as docs/gst-rates.md explains: planting material and hand tools nil, pumps 18%, the rest 5%", () => {
    const rate = (hsn: string) => sampleProducts.filter((p) => p.hsnCode.startsWith(hsn)).map((p) => p.gstRate);
    // Seeds for sowing (1209) and live plants (0602) are nil; cereal seed in packets (1005, 1006) is 5%.
    expect(rate("1209")).toEqual([0]);
    expect(rate("0602")).toEqual([0]);
    expect(rate("1005")).toEqual([5]);
    expect(rate("1006")).toEqual([5]);
    // Hand tools of heading 8201 are nil; machinery, sprayers, drip kits and fertilisers 5%.
    expect(new Set(rate("8201"))).toEqual(new Set([0]));
    for (const heading of ["8424", "8432", "8701", "3101", "3105", "2306"]) {
      expect(rate(heading).length, heading).toBeGreaterThan(0);
      expect(new Set(rate(heading)), heading).toEqual(new Set([5]));
    }
    expect(rate("8413")).toEqual([18]);
    // Every product is covered by one of the rules above.
    const headings = ["1209", "0602", "1005", "1006", "8201", "8424", "8432", "8701", "3101", "3105", "2306", "8413"];
    for (const p of sampleProducts)
      expect(
        headings.some((h) => p.hsnCode.startsWith(h)),
        p.name,
      ).toBe(true);
  });

  it("migration 0020 gives a store seeded before them the same values, from what 0019 gave each product", () => {
    expect(SAMPLE_PRODUCT_GST.map((m) => m.id).sort()).toEqual(sampleProducts.map((p) => p.id).sort());
    for (const p of sampleProducts) {
      const m = SAMPLE_PRODUCT_GST.find((x) => x.id === p.id);
      expect(m?.to, p.name).toEqual([p.hsnCode, p.gstRate]);
      expect(m?.from, p.name).toEqual(backfill(p.category));
    }
  });
});

describe("the sample catalogue in Hindi (issue 16)", () => {
  it("every product has a Hindi name and description, in Devanagari, as 0023-hindi-catalogue gives an older store", () => {
    for (const p of sampleProducts) {
      expect(p.nameHi, p.name).toMatch(/[\u0900-\u097F]/u);
      expect(p.descriptionHi, p.name).toMatch(/[\u0900-\u097F]/u);
      expect(p.nameHi.length).toBeLessThanOrEqual(200);
      expect(p.descriptionHi.length).toBeLessThanOrEqual(2000);
    }
    expect(SAMPLE_PRODUCT_HINDI).toEqual(sampleProducts.map(({ id, nameHi, descriptionHi }) => ({ id, nameHi, descriptionHi })));
  });

  it('every product with a "how to use" has it in Hindi too, and only those, as 0025-how-to-use-hindi gives an older store', () => {
    const withHowToUse = sampleProducts.filter((p) => p.howToUse !== undefined);
    expect(withHowToUse).toHaveLength(8);
    for (const p of sampleProducts) expect(p.howToUseHi === undefined, p.name).toBe(p.howToUse === undefined);
    for (const p of withHowToUse) {
      expect(p.howToUseHi, p.name).toMatch(/[\u0900-\u097F]/u);
      expect(p.howToUseHi?.length).toBeLessThanOrEqual(2000);
    }
    expect(SAMPLE_HOW_TO_USE_HINDI).toEqual(withHowToUse.map(({ id, howToUse, howToUseHi }) => ({ id, howToUse, howToUseHi })));
  });
});

describe("the sample catalogue's prices and MRPs (issue 29: never sold above the MRP)", () => {
  it("every size, with its GST under the default tax mode, comes to its MRP or less, and the figures a farmer sees are round", () => {
    const mode = DEFAULT_GENERAL_SETTINGS.taxMode;
    let checked = 0;
    for (const p of sampleProducts)
      for (const size of sampleSizes(p)) {
        const charged = chargedUnitPrice(size.pricePaise, p.gstRate, mode);
        expect(charged, `${p.name} ${size.label}`).toBeLessThanOrEqual(size.mrpPaise);
        expect(charged % 100, `${p.name} ${size.label} shows whole rupees`).toBe(0);
        checked++;
      }
    expect(checked).toBeGreaterThan(sampleProducts.length);
  });

  it("DAP sells at its controlled MRP of ₹1,350 with its 5% GST included", () => {
    const dap = sampleProducts.find((p) => p.name === "DAP Fertiliser 50 kg");
    const [bag] = dap ? sampleSizes(dap) : [];
    expect(bag && chargedUnitPrice(bag.pricePaise, 5, "by_rate")).toBe(1_350_00);
    expect(bag?.mrpPaise).toBe(1_350_00);
  });
});

describe("migration 0040 reprices a store seeded before issue 29 as the seed now does", () => {
  it("lists every sample product with a GST rate, each size from its old price to the seed's", () => {
    const taxed = sampleProducts.filter((p) => p.gstRate > 0);
    expect(SAMPLE_REPRICING.map((r) => r.id).sort()).toEqual(taxed.map((p) => p.id).sort());
    for (const r of SAMPLE_REPRICING) {
      const p = taxed.find((x) => x.id === r.id);
      const sizes = p ? sampleSizes(p) : [];
      expect(
        r.sizes.map(([, to]) => to),
        p?.name,
      ).toEqual(sizes.map((s) => s.pricePaise));
      // The old price is what the new one comes to with GST: the figure the farmer saw stays.
      for (const [from, to] of r.sizes) expect(chargedUnitPrice(to, p?.gstRate ?? 0, "by_rate")).toBe(from);
      expect(r.noMrp ?? false, p?.name).toBe(!p?.variants);
    }
  });
});

describe("the sample catalogue's pictures (docs/decisions/048-sample-pictures.md)", () => {
  it("are WebP at 800 px and 400 px, as an uploaded photo is kept, and the srcset names both", async () => {
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const sharp = (await import("sharp")).default;
    const publicDir = join(import.meta.dirname, "../../../../../public");
    const pictures = sampleProducts.flatMap((p) => [p.image, ...(p.gallery ?? [])]);
    expect(pictures.length).toBeGreaterThan(16);
    for (const src of pictures) {
      expect(src).toMatch(/^\/images\/products\/[a-z0-9-]+\.webp$/);
      const small = src.replace(/\.webp$/, "-400.webp");
      expect(imageSrcSet(src)).toBe(`${small} 400w, ${src} 800w`);
      for (const [file, width] of [
        [src, 800],
        [small, 400],
      ] as const) {
        const meta = await sharp(readFileSync(join(publicDir, file))).metadata();
        expect([file, meta.format, meta.width, meta.height]).toEqual([file, "webp", width, width]);
      }
    }
  });
});
