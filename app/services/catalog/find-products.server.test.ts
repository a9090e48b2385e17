import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../tests/factories";
import { parseCatalogQuery } from "~/domain/catalog-query";
import { findProducts } from "./find-products.server";
import { getProduct } from "./get-product.server";
import { getHomeCatalog } from "./get-home-catalog.server";

const query = (s: string) => parseCatalogQuery(new URLSearchParams(s));
let ids: Record<string, string> = {};

beforeAll(async () => {
  const made = await Promise.all([
    createProduct({ name: "Hybrid Tomato Seeds", category: "seeds", pricePaise: 54_900, rating: 4.6, description: "High yield, disease resistant." }),
    createProduct({ name: "Maize Seeds", category: "seeds", pricePaise: 168_000, rating: 4.3, description: "Tolerates DROUGHT and heat." }),
    createProduct({ name: "Power Tiller", category: "equipment", pricePaise: 15_000_000, rating: 4.8, stock: 0 }),
    createProduct({ name: "Pruning Secateurs", category: "tools", pricePaise: 59_900, rating: 4.1, description: "Cuts 100% clean: 50%_off" }),
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
    expect((await findProducts(query("sort=name"))).products[0].name).toBe("Hybrid Tomato Seeds");
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
    expect((await getProduct(ids["Power Tiller"]))?.stock).toBe(0);
    expect(await getProduct("doesnotexist123")).toBeNull();
    expect(await getProduct("../../etc/passwd")).toBeNull();
    expect(await getProduct(ids["Hidden Pending Item"])).toBeNull();
  });

  it("counts products per category", async () => {
    const home = await getHomeCatalog();
    expect(home.counts).toEqual({ seeds: 2, equipment: 1, tools: 1, fertilizers: 1 });
    expect(home.featured.length).toBe(5);
  });
});

describe("search index stays in step with the catalogue", () => {
  it("finds renamed products by their new name only, forgets deleted ones, and handles quotes and unicode", async () => {
    const { getDb } = await import("~/db/db.server");
    const made = await createProduct({ name: "Gulmohar Sapling", description: "बीज — a flowering tree with \"red\" blooms" });
    expect((await findProducts(query("q=gulmohar"))).matching).toBe(1);
    await getDb().updateTable("product").set({ name: "Flame Tree Sapling" }).where("id", "=", made.id).execute();
    expect((await findProducts(query("q=gulmohar"))).matching).toBe(0);
    expect((await findProducts(query("q=flame tree"))).matching).toBe(1);
    expect((await findProducts(query('q="red" bl'))).matching).toBe(1);
    expect((await findProducts(query("q=बीज"))).matching).toBe(1);
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
    expect((await findProducts(query("q=flame tree"))).matching).toBe(0);
  });
});

describe("catalogue counts", () => {
  it("stay exact through inserts, status and category changes and deletes", async () => {
    const { getDb } = await import("~/db/db.server");
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
