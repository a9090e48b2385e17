import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../../tests/factories";
import { parseCatalogQuery } from "~/features/catalog/domain/catalog-query";
import { defined } from "~/platform/defined";
import { findProducts } from "./find-products.server";
import { getProduct } from "./get-product.server";
import { getHomeCatalog } from "./get-home-catalog.server";

const query = (s: string) => parseCatalogQuery(new URLSearchParams(s));
let ids: Record<string, string> = {};

beforeAll(async () => {
  const made = await Promise.all([
    createProduct({
      name: "Hybrid Tomato Seeds",
      category: "seeds",
      pricePaise: 54_900,
      rating: 4.6,
      description: "High yield, disease resistant.",
    }),
    createProduct({ name: "Maize Seeds", category: "seeds", pricePaise: 168_000, rating: 4.3, description: "Tolerates DROUGHT and heat." }),
    createProduct({ name: "Power Tiller", category: "equipment", pricePaise: 15_000_000, rating: 4.8, stock: 0 }),
    createProduct({
      name: "Pruning Secateurs",
      category: "tools",
      pricePaise: 59_900,
      rating: 4.1,
      description: "Cuts 100% clean: 50%_off",
    }),
    createProduct({ name: "Vermicompost", category: "fertilizers", pricePaise: 45_000, rating: 4.7 }),
    createProduct({ name: "Hidden Pending Item", category: "tools", status: "pending" }),
    createProduct({ name: "Archived Item", category: "tools", status: "archived" }),
  ]);
  ids = Object.fromEntries(made.map((p) => [p.name, p.id]));
});

describe("findProducts", () => {
  it("lists only products on sale, with truthful counts", async () => {
    const page = await findProducts(query(""));
    expect(page.total).toBe(5);
    expect(page.matching).toBe(5);
    expect(page.products.map((p) => p.name)).not.toContain("Hidden Pending Item");
    expect(page.products.map((p) => p.name)).not.toContain("Archived Item");
  });

  it("searches name or description, case-insensitively, by partial word", async () => {
    expect((await findProducts(query("q=TOMATO"))).products.map((p) => p.name)).toEqual(["Hybrid Tomato Seeds"]);
    expect((await findProducts(query("q=drou"))).products.map((p) => p.name)).toEqual(["Maize Seeds"]);
    const seeds = await findProducts(query("q=seeds"));
    expect(seeds.matching).toBe(2);
    expect(seeds.total).toBe(5);
  });

  it("treats LIKE wildcards and SQL metacharacters as plain text", async () => {
    expect((await findProducts(query("q=50%25_"))).products.map((p) => p.name)).toEqual(["Pruning Secateurs"]);
    expect((await findProducts(query("q=%25"))).products.map((p) => p.name)).toEqual(["Pruning Secateurs"]);
    expect((await findProducts(query("q=_"))).products.map((p) => p.name)).toEqual(["Pruning Secateurs"]);
    expect((await findProducts(query("q=' or 1=1 --"))).matching).toBe(0);
  });

  it("filters by category and sorts each way", async () => {
    expect((await findProducts(query("category=seeds"))).products.map((p) => p.name)).toEqual(["Hybrid Tomato Seeds", "Maize Seeds"]);
    const byLow = (await findProducts(query("sort=price-low"))).products.map((p) => p.pricePaise);
    expect(byLow).toEqual([...byLow].sort((a, b) => a - b));
    const byHigh = (await findProducts(query("sort=price-high"))).products.map((p) => p.pricePaise);
    expect(byHigh[0]).toBe(15_000_000);
    const byRating = (await findProducts(query("sort=rating"))).products.map((p) => p.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    expect((await findProducts(query("sort=name"))).products[0]?.name).toBe("Hybrid Tomato Seeds");
  });

  it("falls back to defaults on unknown parameters and pages within range", async () => {
    const page = await findProducts(query("category=rockets&sort=random&page=abc"));
    expect(page.matching).toBe(5);
    const two = await findProducts({ ...query(""), page: 2 }, 2);
    expect(two.products).toHaveLength(2);
    expect(two.pageCount).toBe(3);
    const beyond = await findProducts({ ...query(""), page: 99 }, 2);
    expect(beyond.page).toBe(3);
    expect(beyond.products).toHaveLength(1);
  });
});

describe("getProduct and getHomeCatalog", () => {
  it("returns a product on sale and null for missing, malformed or hidden ids", async () => {
    expect((await getProduct(defined(ids["Power Tiller"], "Power Tiller's id")))?.stock).toBe(0);
    expect(await getProduct("doesnotexist123")).toBeNull();
    expect(await getProduct("../../etc/passwd")).toBeNull();
    expect(await getProduct(defined(ids["Hidden Pending Item"], "Hidden Pending Item's id"))).toBeNull();
  });

  it("counts products per category", async () => {
    const home = await getHomeCatalog();
    expect(home.counts).toEqual({ seeds: 2, equipment: 1, tools: 1, fertilizers: 1 });
    expect(home.featured.length).toBe(5);
  });
});

describe("search index stays in step with the catalogue", () => {
  it("finds renamed products by their new name only, forgets deleted ones, and handles quotes and unicode", async () => {
    const { getDb } = await import("~/platform/db/db.server");
    const made = await createProduct({ name: "Gulmohar Sapling", description: 'गुलमोहर — a flowering tree with "red" blooms' });
    expect((await findProducts(query("q=gulmohar"))).matching).toBe(1);
    await getDb().updateTable("product").set({ name: "Flame Tree Sapling" }).where("id", "=", made.id).execute();
    expect((await findProducts(query("q=gulmohar"))).matching).toBe(0);
    expect((await findProducts(query("q=flame tree"))).matching).toBe(1);
    expect((await findProducts(query('q="red" bl'))).matching).toBe(1);
    // (बीज would find every seed too: it is the Hindi for seed, 0023-hindi-catalogue.)
    expect((await findProducts(query("q=गुलमोहर"))).matching).toBe(1);
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
    expect((await findProducts(query("q=flame tree"))).matching).toBe(0);
  });
});

describe("catalogue counts", () => {
  it("stay exact through inserts, status and category changes and deletes", async () => {
    const { getDb } = await import("~/platform/db/db.server");
    const before = await findProducts(query("category=fertilizers"));
    const made = await createProduct({ category: "fertilizers" });
    expect((await findProducts(query("category=fertilizers"))).matching).toBe(before.matching + 1);
    await getDb().updateTable("product").set({ category: "seeds" }).where("id", "=", made.id).execute();
    expect((await findProducts(query("category=fertilizers"))).matching).toBe(before.matching);
    await getDb().updateTable("product").set({ status: "archived" }).where("id", "=", made.id).execute();
    const all = await findProducts(query(""));
    expect(all.total).toBe(before.total);
    await getDb().updateTable("product").set({ stock: 0 }).where("id", "=", made.id).execute();
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
    expect((await findProducts(query(""))).total).toBe(before.total);
    expect((await getHomeCatalog()).counts.fertilizers).toBe(before.matching);
  });
});

describe("search at scale keeps the spec's semantics", () => {
  const names = (page: { products: { name: string }[] }) => page.products.map((p) => p.name);

  it("does not match a term that runs from the name into the description", async () => {
    const made = await createProduct({ name: "Copper Fungicide Tank", description: "Bravo spray for vines" });
    expect((await findProducts(query("q=kbr"))).matching).toBe(0);
    expect((await findProducts(query("q=tankbravo"))).matching).toBe(0);
    // Issue 12: separate words are each found, one in the name and one in the description.
    expect((await findProducts(query("q=tank bravo"))).matching).toBe(1);
    expect((await findProducts(query("q=fungicide tank"))).matching).toBe(1);
    expect((await findProducts(query("q=bravo spray"))).matching).toBe(1);
    const { getDb } = await import("~/platform/db/db.server");
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
  });

  it("reads % and _ literally in queries long enough for the trigram index", async () => {
    // "n_ng" would find "Pruning" and "%ean" would find "clean" if they were wildcards.
    expect((await findProducts(query("q=n_ng"))).matching).toBe(0);
    expect((await findProducts(query("q=%25ean"))).matching).toBe(0);
    expect(names(await findProducts(query("q=100%25 c")))).toEqual(["Pruning Secateurs"]);
  });

  it("answers one- and two-character queries by scanning, with the same rules", async () => {
    const { getDb } = await import("~/platform/db/db.server");
    const made = await createProduct({ name: "Buzz Weedex", category: "tools", description: "Qwik spins." });
    expect(names(await findProducts(query("q=ZZ")))).toEqual(["Buzz Weedex"]);
    expect((await findProducts(query("q=zz&category=tools"))).matching).toBe(1);
    expect((await findProducts(query("q=zz&category=seeds"))).matching).toBe(0);
    expect((await findProducts(query("q=xq"))).matching).toBe(0); // "Weedex" ends the name, "Qwik" starts the description
    // A common letter: early pages walk the sort's index, later ones (and a large page) collect and
    // sort every match. Both give the same rows in the same order.
    const more = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createProduct({ name: `Seed Tray ${i}`, pricePaise: 10_000 + (i % 3), rating: 4 })),
    );
    for (const sort of ["name", "price-high", "rating"]) {
      const all = await findProducts(query(`q=E&sort=${sort}`), 100);
      expect(all.matching).toBeGreaterThan(12);
      const oneByOne = [];
      for (let page = 1; page <= all.matching; page++)
        oneByOne.push(...names(await findProducts({ ...query(`q=e&sort=${sort}`), page }, 1)));
      expect(oneByOne).toEqual(names(all));
    }
    await getDb()
      .deleteFrom("product")
      .where(
        "id",
        "in",
        more.map((p) => p.id),
      )
      .execute();
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
  });

  it("counts a category's matches truthfully, for short and long terms", async () => {
    expect((await findProducts(query("q=seeds&category=seeds"))).matching).toBe(2);
    expect((await findProducts(query("q=seeds&category=tools"))).matching).toBe(0);
    expect(names(await findProducts(query("q=clean&category=tools")))).toEqual(["Pruning Secateurs"]);
    expect((await findProducts(query("q=clean&category=seeds"))).matching).toBe(0);
  });

  it("counts characters, not UTF-16 units, when choosing the trigram index", async () => {
    const made = await createProduct({ name: "Sunflower 🌻Mix Seeds", category: "seeds" });
    expect((await findProducts(query("q=🌻m"))).matching).toBe(1); // two characters in three UTF-16 units
    expect((await findProducts(query("q=r 🌻m"))).matching).toBe(1);
    const { getDb } = await import("~/platform/db/db.server");
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
  });

  it("pages and sorts the matches of rare and common terms alike", async () => {
    const { getDb } = await import("~/platform/db/db.server");
    const specs = [
      { name: "marigold Orange", pricePaise: 30_000, rating: 4.1, reviews: 10 },
      { name: "Marigold Yellow", pricePaise: 20_000, rating: 4.9, reviews: 5 },
      { name: "African Marigold", pricePaise: 20_000, rating: 4.1, reviews: 50 },
      { name: "Dwarf MARIGOLD", pricePaise: 90_000, rating: 3.5, reviews: 1 },
      { name: "French Marigold", pricePaise: 10_000, rating: 4.9, reviews: 5 },
    ];
    const made = await Promise.all(specs.map(async (spec) => ({ ...spec, id: (await createProduct({ ...spec, category: "seeds" })).id })));
    // Ties (equal price, equal rating and reviews) fall to the id, in the sort's direction.
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const expected = {
      name: [...made].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1)),
      "price-low": [...made].sort((a, b) => a.pricePaise - b.pricePaise || byId(a, b)),
      "price-high": [...made].sort((a, b) => b.pricePaise - a.pricePaise || byId(b, a)),
      rating: [...made].sort((a, b) => b.rating - a.rating || b.reviews - a.reviews || byId(b, a)),
    };
    for (const [sort, order] of Object.entries(expected)) {
      for (const category of ["all", "seeds"]) {
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const result = await findProducts({ ...query(`q=marigold&sort=${sort}&category=${category}`), page }, 2);
          expect(result.matching).toBe(5);
          expect(result.pageCount).toBe(3);
          seen.push(...names(result));
        }
        expect(seen, `${sort} in ${category}`).toEqual(order.map((p) => p.name));
      }
    }
    // A rare term (one match) goes the other way to its page.
    expect(names(await findProducts(query("q=dwarf mari")))).toEqual(["Dwarf MARIGOLD"]);
    // Past the last page: the last page, with the true count.
    const beyond = await findProducts({ ...query("q=marigold&sort=price-low"), page: 40 }, 2);
    expect(beyond).toMatchObject({ page: 3, pageCount: 3, matching: 5 });
    expect(names(beyond)).toEqual([expected["price-low"][4]?.name]);
    const none = await findProducts({ ...query("q=no such plant"), page: 3 }, 2);
    expect(none).toMatchObject({ page: 1, pageCount: 1, matching: 0, products: [] });
    await getDb()
      .deleteFrom("product")
      .where(
        "id",
        "in",
        made.map((m) => m.id),
      )
      .execute();
  });

  it("finds a product once it goes on sale and not after it is withdrawn", async () => {
    const { getDb } = await import("~/platform/db/db.server");
    const made = await createProduct({ name: "Jasmine Sapling", status: "pending", category: "seeds" });
    expect((await findProducts(query("q=jasmine"))).matching).toBe(0);
    await getDb().updateTable("product").set({ status: "live" }).where("id", "=", made.id).execute();
    expect(names(await findProducts(query("q=jasmine")))).toEqual(["Jasmine Sapling"]);
    expect((await findProducts(query("q=jasmine&category=seeds"))).matching).toBe(1);
    await getDb().updateTable("product").set({ category: "tools" }).where("id", "=", made.id).execute();
    expect((await findProducts(query("q=jasmine&category=seeds"))).matching).toBe(0);
    expect((await findProducts(query("q=jasmine&category=tools"))).matching).toBe(1);
    await getDb().updateTable("product").set({ status: "archived", name: "Jasmine Sapling (old)" }).where("id", "=", made.id).execute();
    expect((await findProducts(query("q=jasmine"))).matching).toBe(0);
    await getDb().updateTable("product").set({ status: "live" }).where("id", "=", made.id).execute();
    expect(names(await findProducts(query("q=jasmine")))).toEqual(["Jasmine Sapling (old)"]);
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
    expect((await findProducts(query("q=jasmine"))).matching).toBe(0);
  });
});

describe("search that forgives (issue 12)", () => {
  const names = (page: { products: { name: string }[] }) => page.products.map((p) => p.name);
  let made: string[] = [];

  beforeAll(async () => {
    const specs = [
      { name: "Organic Fertiliser Granules", category: "fertilizers" as const, description: "Slow release for vegetables." },
      { name: "Mahindra 575 DI Tractor", category: "equipment" as const, description: "Reliable on every soil." },
      { name: "Mahindra Water Pump", category: "equipment" as const, description: "Lifts water from a borewell." },
      { name: "Sonalika Tractor Trolley", category: "equipment" as const, description: "Hauls produce." },
      { name: "Aero Rotavator", category: "equipment" as const, description: "Prepares the seed bed in one pass." },
      { name: "Steel Hand Weeder", category: "tools" as const, description: "Short handle." },
    ];
    made = await Promise.all(specs.map(async (spec) => (await createProduct(spec)).id));
  });

  afterAll(async () => {
    const { getDb } = await import("~/platform/db/db.server");
    await getDb().deleteFrom("product").where("id", "in", made).execute();
  });

  it("finds British spellings from American ones and plurals from singulars", async () => {
    // Vermicompost by its category's name (0037-search-tags).
    expect(names(await findProducts(query("q=fertilizer")))).toEqual(["Organic Fertiliser Granules", "Vermicompost"]);
    expect(names(await findProducts(query("q=Fertilizers")))).toEqual(["Organic Fertiliser Granules", "Vermicompost"]);
    expect(names(await findProducts(query("q=tomatoes")))).toEqual(["Hybrid Tomato Seeds"]);
    expect(names(await findProducts(query("q=vegetable")))).toEqual(["Organic Fertiliser Granules"]);
  });

  it("finds every word in any order, and not products holding only some", async () => {
    expect(names(await findProducts(query("q=tractor mahindra")))).toEqual(["Mahindra 575 DI Tractor"]);
    expect(names(await findProducts(query("q=tractors, Mahindra!")))).toEqual(["Mahindra 575 DI Tractor"]);
    expect(await findProducts(query("q=mahindra"))).toMatchObject({ matching: 2 });
    expect((await findProducts(query("q=tractor mahindra&category=tools"))).matching).toBe(0);
  });

  it("finds a product by another name from the synonyms table, phrases included", async () => {
    expect(names(await findProducts(query("q=khurpi")))).toEqual(["Steel Hand Weeder"]);
    expect(names(await findProducts(query("q=steel khurpi")))).toEqual(["Steel Hand Weeder"]);
  });

  it("puts products named with every word first while searching, unless another sort is chosen", async () => {
    expect(names(await findProducts(query("q=seed")))).toEqual(["Hybrid Tomato Seeds", "Maize Seeds", "Aero Rotavator"]);
    expect(names(await findProducts(query("q=seed&sort=name")))).toEqual(["Aero Rotavator", "Hybrid Tomato Seeds", "Maize Seeds"]);
    const byLow = (await findProducts(query("q=seed&sort=price-low"))).products.map((p) => p.pricePaise);
    expect(byLow).toEqual([...byLow].sort((a, b) => a - b));
    const byRating = (await findProducts(query("q=seed&sort=rating"))).products.map((p) => p.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
  });

  it("pages the best-match order without gaps or repeats, long and short words alike", async () => {
    for (const q of ["seed", "e", "seed e"]) {
      for (const category of ["all", "equipment"]) {
        const all = await findProducts(query(`q=${q}&category=${category}`), 100);
        const oneByOne = [];
        for (let page = 1; page <= all.matching; page++)
          oneByOne.push(...names(await findProducts({ ...query(`q=${q}&category=${category}`), page }, 1)));
        expect(oneByOne, `${q} in ${category}`).toEqual(names(all));
      }
    }
  });

  it("suggests the closest product names when nothing is found", async () => {
    const none = await findProducts(query("q=tomatto"));
    expect(none.matching).toBe(0);
    expect(none.suggestions).toContainEqual({ search: "Hybrid Tomato Seeds", label: "Hybrid Tomato Seeds" });
    expect(none.suggestions.length).toBeLessThanOrEqual(5);
    expect((await findProducts(query("q=tomato"))).suggestions).toEqual([]);
    expect((await findProducts(query("q=qqqqxxxx"))).suggestions).toEqual([]);
    expect((await findProducts(query("q=mahindar tractor&category=equipment"))).suggestions.map((s) => s.search)).toContain(
      "Mahindra 575 DI Tractor",
    );
  });
});
