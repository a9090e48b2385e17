import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { withLocale } from "~/platform/i18n/i18n.server";
import { parseCatalogQuery, type CatalogQuery } from "~/features/catalog/domain/catalog-query";
import { findProducts } from "./find-products.server";

// Search in a farmer's words (0037-search-tags): category and crop words in both languages, whole
// words before prefixes, and "we don't sell it" with the nearest alternatives. Runs on the engine
// the integration run has (SQLite, and PostgreSQL in the PostgreSQL run).
const search = (q: string, locale: "en" | "hi" = "en") =>
  withLocale(locale, () => findProducts(parseCatalogQuery(new URLSearchParams({ q }))));
const names = async (q: string) => (await search(q)).products.map((p) => p.name);
const listed = async (query: Partial<CatalogQuery>) =>
  (await findProducts({ q: "", category: "all", sort: "name", page: 1, ...query })).products.map((p) => p.name);

let made: string[] = [];

beforeAll(async () => {
  const specs = [
    { name: "Bio Potash Granules", category: "fertilizers" as const, crops: ["chilli" as const], rating: 4.2 },
    { name: "Knapsack Sprayer 16 L", category: "tools" as const, crops: ["chilli" as const, "cotton" as const], rating: 4.0 },
    { name: "Terracotta Pot 10 inch", category: "tools" as const, rating: 3.9 },
    { name: "Clay Pots (Set of 3)", category: "tools" as const, rating: 4.8 },
    { name: "Potassium Schoenite 25 kg", category: "fertilizers" as const, rating: 3.5 },
    { name: "Seed Potato Kufri Jyoti", category: "seeds" as const, crops: ["potato" as const], rating: 4.1 },
    { name: "Teapot Planter", category: "tools" as const, rating: 3.0 },
    { name: "Paddy Transplanter", category: "equipment" as const, crops: ["paddy" as const], rating: 4.4 },
    {
      name: "Neem Cake Powder",
      category: "fertilizers" as const,
      description: "Mix with urea at sowing.",
      crops: ["tomato" as const],
      rating: 4.6,
    },
    { name: "Tomato Seeds Pusa Ruby", category: "seeds" as const, crops: ["tomato" as const], rating: 4.0 },
    { name: "NPK 19:19:19 Blend", category: "tools" as const, rating: 1.0 },
    { name: "Hidden Chilli Sprayer", category: "tools" as const, crops: ["chilli" as const], status: "pending" as const },
  ];
  made = await Promise.all(
    specs.map(async ({ description = "Sold by the bag.", ...spec }) => (await createProduct({ ...spec, description })).id),
  );
});

afterAll(async () => {
  await getDb().deleteFrom("product").where("id", "in", made).execute();
});

describe("category and crop words, in English and Hindi", () => {
  it("उर्वरक, खाद and fertiliser find what the fertilizer category lists", async () => {
    const category = await listed({ category: "fertilizers" });
    expect(category).toEqual(["Bio Potash Granules", "Neem Cake Powder", "Potassium Schoenite 25 kg"]);
    for (const q of ["उर्वरक", "खाद", "khad", "fertiliser", "Fertilizers"]) expect((await names(q)).sort(), q).toEqual(category);
  });

  it("मिर्च, chilli, chili and mirchi find what the chilli crop page lists, and only products on sale", async () => {
    const crop = await listed({ crop: "chilli" });
    expect(crop).toEqual(["Bio Potash Granules", "Knapsack Sprayer 16 L"]);
    for (const q of ["मिर्च", "chilli", "chili", "mirchi", "Chillies"]) expect((await names(q)).sort(), q).toEqual(crop);
  });

  it("a crop word and a category word together find the crop's products in that category", async () => {
    expect(await names("मिर्च खाद")).toEqual(["Bio Potash Granules"]);
    expect(await names("chilli tools")).toEqual(["Knapsack Sprayer 16 L"]);
  });

  it("a product that changes category or crops is found by its new words only", async () => {
    const [id] = made;
    await getDb()
      .deleteFrom("product_crop")
      .where("product_id", "=", id ?? "")
      .execute();
    expect(await names("mirchi")).toEqual(["Knapsack Sprayer 16 L"]);
    await getDb()
      .insertInto("product_crop")
      .values({ product_id: id ?? "", crop: "chilli" })
      .execute();
    expect(await names("mirchi")).toEqual(["Bio Potash Granules", "Knapsack Sprayer 16 L"]);
    await getDb()
      .updateTable("product")
      .set({ category: "tools" })
      .where("id", "=", id ?? "")
      .execute();
    expect(await names("उर्वरक")).not.toContain("Bio Potash Granules");
    expect(await names("औज़ार")).toContain("Bio Potash Granules");
    await getDb()
      .updateTable("product")
      .set({ category: "fertilizers" })
      .where("id", "=", id ?? "")
      .execute();
    expect(await names("उर्वरक")).toContain("Bio Potash Granules");
  });
});

describe("best match: whole words first", () => {
  it('"pot" lists real pots first, then words starting with pot, then words holding it', async () => {
    expect(await names("pot")).toEqual([
      // whole words, plural too
      "Clay Pots (Set of 3)",
      "Terracotta Pot 10 inch",
      // at the start of a word of the name or of its crops' words (potato)
      "Bio Potash Granules",
      "Potassium Schoenite 25 kg",
      "Seed Potato Kufri Jyoti",
      // inside a word
      "Teapot Planter",
    ]);
  });

  it("a product named with the word comes before products for a crop of that name", async () => {
    expect(await names("tomato")).toEqual(["Tomato Seeds Pusa Ruby", "Neem Cake Powder"]);
    expect(await names("टमाटर")).toEqual(["Tomato Seeds Pusa Ruby", "Neem Cake Powder"]);
  });

  it("a search with punctuation finds the product once, as a whole word", async () => {
    expect(await names("19:19:19")).toEqual(["NPK 19:19:19 Blend"]);
    expect(await names("npk 19:19:19")).toEqual(["NPK 19:19:19 Blend"]);
  });

  it("a sort the shopper chose still wins over best match", async () => {
    const byName = (await findProducts(parseCatalogQuery(new URLSearchParams({ q: "pot", sort: "name" })))).products.map((p) => p.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
  });
});

describe("what the store does not sell", () => {
  it('"यूरिया खाद": says urea is not sold, in either language, and lists what mentions it', async () => {
    const en = await search("यूरिया खाद");
    expect(en.notSold).toMatchObject({ item: "urea", category: "fertilizers" });
    expect(en.products.map((p) => p.name)).toEqual(["Neem Cake Powder"]);
    expect((await search("urea fertilizer", "hi")).notSold).toMatchObject({ item: "यूरिया" });
  });

  it("finds urea when it is sold, first, and says nothing is missing", async () => {
    const { id } = await createProduct({ name: "Urea 45 kg", category: "fertilizers", description: "Neem coated." });
    try {
      const page = await search("यूरिया खाद");
      expect(page.notSold).toBeNull();
      expect(page.products[0]?.name).toBe("Urea 45 kg");
      expect(page.products.map((p) => p.name)).toContain("Neem Cake Powder");
    } finally {
      await getDb().deleteFrom("product").where("id", "=", id).execute();
    }
  });

  it("with no match, offers the category's products, those for the named crop first", async () => {
    const thresher = await search("thresher");
    expect(thresher.matching).toBe(0);
    expect(thresher.notSold).toMatchObject({ item: "threshers", category: "equipment" });
    expect(thresher.notSold?.alternatives.map((p) => p.name)).toEqual(["Paddy Transplanter"]);
    // A sickle for chilli: the chilli farmer's tools first, then the other tools, best rated first.
    const sickle = await search("mirchi hansiya", "hi");
    expect(sickle.notSold?.item).toBe("हंसिया");
    expect(sickle.notSold?.alternatives.map((p) => p.name)).toEqual([
      "Knapsack Sprayer 16 L",
      "Clay Pots (Set of 3)",
      "Terracotta Pot 10 inch",
      "Teapot Planter",
    ]);
  });

  it("says nothing when the kind is sold, or the search names no kind of product", async () => {
    for (const q of ["pot", "potash", "गमला", "sprayer", "mirchi", "xyzzy"]) expect((await search(q)).notSold, q).toBeNull();
    // A name that only starts with the word is not that product: potassium is not a pot.
    expect((await search("potash")).products.map((p) => p.name)).toContain("Bio Potash Granules");
  });

  it("a product a vendor has not put on sale does not count as sold", async () => {
    expect((await search("ssp")).notSold?.item).toBe("single super phosphate");
    const { id } = await createProduct({ name: "SSP Fertiliser 50 kg", category: "fertilizers", status: "pending" });
    try {
      expect((await search("ssp")).notSold?.item).toBe("single super phosphate");
    } finally {
      await getDb().deleteFrom("product").where("id", "=", id).execute();
    }
  });
});
