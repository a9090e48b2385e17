import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { parseCatalogQuery } from "~/features/catalog/domain/catalog-query";
import { withLocale } from "~/platform/i18n/i18n.server";
import { findProducts } from "./find-products.server";
import { getProduct } from "./get-product.server";
import { quoteCart } from "./quote-cart.server";

// Issue 16: Hindi names and descriptions (0023-hindi-catalogue) and how to use (0025-how-to-use-hindi),
// shown on Hindi pages where given, and search in either language.
const names = async (q: string, locale: "en" | "hi" = "en") =>
  withLocale(locale, async () => (await findProducts(parseCatalogQuery(new URLSearchParams({ q })))).products.map((p) => p.name));

let ids: Record<string, string> = {};

beforeAll(async () => {
  const specs = [
    { name: "Urea Fertiliser 45 kg", category: "fertilizers" as const, nameHi: "यूरिया खाद 45 किलो", descriptionHi: "नाइट्रोजन वाली खाद।" },
    {
      name: "Desi Tomato Seeds",
      category: "seeds" as const,
      nameHi: "देसी टमाटर के बीज",
      descriptionHi: "गर्मी सहने वाली किस्म, ज़ायद में बुवाई करें।",
    },
    { name: "Forged Garden Spade", category: "tools" as const, nameHi: "फ़ौलादी फावड़ा", descriptionHi: null },
    { name: "Wheat Seeds HD 2967", category: "seeds" as const, nameHi: "गेहूँ के बीज HD 2967", descriptionHi: null },
    { name: "Brass Sprinkler", category: "equipment" as const, nameHi: null, descriptionHi: null },
    { name: "Mango Sapling", category: "seeds" as const, nameHi: "आम का पौधा", descriptionHi: null },
  ];
  const made = await Promise.all(
    specs.map(async ({ nameHi, descriptionHi, ...spec }) => {
      const { id } = await createProduct({ ...spec, description: "Sold by the bag." });
      await getDb().updateTable("product").set({ name_hi: nameHi, description_hi: descriptionHi }).where("id", "=", id).execute();
      return [spec.name, id] as const;
    }),
  );
  ids = Object.fromEntries(made);
});

afterAll(async () => {
  await getDb().deleteFrom("product").where("id", "in", Object.values(ids)).execute();
});

describe("search in Hindi and Hinglish", () => {
  it("finds a product by its Hindi name", async () => {
    expect(await names("यूरिया")).toEqual(["Urea Fertiliser 45 kg"]);
    expect(await names("देसी टमाटर")).toEqual(["Desi Tomato Seeds"]);
    expect(await names("गर्मी सहने")).toEqual(["Desi Tomato Seeds"]); // the Hindi description
  });

  it("finds English products by common Hindi and Hinglish words (the synonyms table)", async () => {
    // Then the mango sapling, by its category's name, "Seeds & Saplings" (0037-search-tags).
    expect(await names("beej")).toEqual(["Desi Tomato Seeds", "Wheat Seeds HD 2967", "Mango Sapling"]);
    expect(await names("tamatar")).toEqual(["Desi Tomato Seeds"]);
    expect(await names("yuria")).toEqual(["Urea Fertiliser 45 kg"]);
    expect(await names("khad")).toEqual(["Urea Fertiliser 45 kg"]);
    expect(await names("phawda")).toEqual(["Forged Garden Spade"]);
    expect(await names("gehun")).toEqual(["Wheat Seeds HD 2967"]);
    expect(await names("टमाटर बीज")).toEqual(["Desi Tomato Seeds"]);
  });

  it("reads a nukta or a chandrabindu either way", async () => {
    expect(await names("फावडा")).toEqual(["Forged Garden Spade"]); // typed without the nukta
    expect(await names("फौलादी")).toEqual(["Forged Garden Spade"]);
    expect(await names("गेहूं")).toEqual(["Wheat Seeds HD 2967"]); // anusvara for the chandrabindu
    expect(await names("गेहूँ")).toEqual(["Wheat Seeds HD 2967"]);
    expect(await names("जायद")).toEqual(["Desi Tomato Seeds"]);
    expect(await names("खाद।")).toEqual(["Urea Fertiliser 45 kg"]); // the danda is punctuation
  });

  it("answers a two-letter Hindi word by scanning, and puts Hindi name matches first", async () => {
    expect(await names("आम")).toEqual(["Mango Sapling"]);
    await getDb()
      .updateTable("product")
      .set({ description_hi: "फ़ौलादी फावड़ा के साथ खुदाई करें।" })
      .where("id", "=", ids["Urea Fertiliser 45 kg"] ?? "")
      .execute();
    expect(await names("फावड़ा")).toEqual(["Forged Garden Spade", "Urea Fertiliser 45 kg"]);
    await getDb()
      .updateTable("product")
      .set({ description_hi: "नाइट्रोजन वाली खाद।" })
      .where("id", "=", ids["Urea Fertiliser 45 kg"] ?? "")
      .execute();
    expect(await names("फावड़ा")).toEqual(["Forged Garden Spade"]);
  });
});

describe("Hindi pages show a product's Hindi, or its English", () => {
  it("gives cards, the product page and the cart their Hindi name where there is one", async () => {
    expect(await names("यूरिया", "hi")).toEqual(["यूरिया खाद 45 किलो"]);
    expect(await names("sprinkler", "hi")).toEqual(["Brass Sprinkler"]); // no Hindi: the English
    const urea = ids["Urea Fertiliser 45 kg"] ?? "";
    const hi = await withLocale("hi", () => getProduct(urea));
    expect(hi).toMatchObject({ name: "यूरिया खाद 45 किलो", description: "नाइट्रोजन वाली खाद।" });
    expect(await withLocale("en", () => getProduct(urea))).toMatchObject({
      name: "Urea Fertiliser 45 kg",
      description: "Sold by the bag.",
    });
    const spade = await withLocale("hi", () => getProduct(ids["Forged Garden Spade"] ?? ""));
    expect(spade).toMatchObject({ name: "फ़ौलादी फावड़ा", description: "Sold by the bag." }); // no Hindi description
    const [item] = await withLocale("hi", () => quoteCart([{ productId: urea }]));
    expect(item?.name).toBe("यूरिया खाद 45 किलो");
    const [english] = await quoteCart([{ productId: urea }]);
    expect(english?.name).toBe("Urea Fertiliser 45 kg");
  });

  it("suggests, when a search finds nothing, the Hindi name where there is one, searching the English", async () => {
    const suggested = (q: string, locale: "en" | "hi") =>
      withLocale(locale, async () => (await findProducts(parseCatalogQuery(new URLSearchParams({ q })))).suggestions);
    expect(await suggested("ureaa fertilizer", "hi")).toContainEqual({ search: "Urea Fertiliser 45 kg", label: "यूरिया खाद 45 किलो" });
    expect(await suggested("ureaa fertilizer", "en")).toContainEqual({ search: "Urea Fertiliser 45 kg", label: "Urea Fertiliser 45 kg" });
    // No Hindi name: the English, on a Hindi page too.
    expect(await suggested("brass sprinklr", "hi")).toContainEqual({ search: "Brass Sprinkler", label: "Brass Sprinkler" });
  });

  it("gives the product page its how to use in Hindi where there is one (0025-how-to-use-hindi), else the English", async () => {
    const howToUse = async (name: string, locale: "en" | "hi") => (await withLocale(locale, () => getProduct(ids[name] ?? "")))?.howToUse;
    const set = (name: string, english: string | null, hindi: string | null) =>
      getDb()
        .updateTable("product")
        .set({ how_to_use: english, how_to_use_hi: hindi })
        .where("id", "=", ids[name] ?? "")
        .execute();
    await set("Urea Fertiliser 45 kg", "Broadcast 50 kg per acre at sowing.", "बुवाई के समय 50 किलो प्रति एकड़ बिखेरें।");
    await set("Forged Garden Spade", "Oil the blade after use.", null);
    await set("Brass Sprinkler", "Fix it to a half-inch pipe.", "  ");
    await set("Mango Sapling", null, "मानसून में गड्ढे में लगाएँ।");

    expect(await howToUse("Urea Fertiliser 45 kg", "hi")).toBe("बुवाई के समय 50 किलो प्रति एकड़ बिखेरें।");
    expect(await howToUse("Urea Fertiliser 45 kg", "en")).toBe("Broadcast 50 kg per acre at sowing.");
    // No Hindi, or only blanks: the English.
    expect(await howToUse("Forged Garden Spade", "hi")).toBe("Oil the blade after use.");
    expect(await howToUse("Brass Sprinkler", "hi")).toBe("Fix it to a half-inch pipe.");
    // Only the Hindi: the Hindi page shows it, the English page has no "how to use".
    expect(await howToUse("Mango Sapling", "hi")).toBe("मानसून में गड्ढे में लगाएँ।");
    expect(await howToUse("Mango Sapling", "en")).toBeNull();
    expect(await howToUse("Wheat Seeds HD 2967", "hi")).toBeNull();
  });
});
