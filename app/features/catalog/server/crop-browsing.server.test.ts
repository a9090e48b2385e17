import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { parseCropQuery } from "~/features/catalog/domain/crop-query";
import type { CropKey } from "~/features/catalog/domain/crops";
import { countCropProducts } from "./count-crop-products.server";
import { findProducts } from "./find-products.server";

const crop = (key: CropKey, s = "") => parseCropQuery(new URLSearchParams(s), key);
const names = async (key: CropKey, s = "", pageSize?: number) => (await findProducts(crop(key, s), pageSize)).products.map((p) => p.name);
const countOf = async (key: CropKey) => (await countCropProducts()).find((c) => c.key === key)?.count;

beforeAll(async () => {
  await Promise.all([
    createProduct({
      name: "Tomato Hybrid Seeds",
      category: "seeds",
      pricePaise: 54_900,
      rating: 4.6,
      crops: ["tomato", "vegetables"],
      season: "rabi",
    }),
    createProduct({ name: "Tomato Desi Seeds", category: "seeds", pricePaise: 19_900, rating: 4.1, crops: ["tomato"], season: "kharif" }),
    createProduct({
      name: "Neem Oil",
      category: "fertilizers",
      pricePaise: 39_900,
      rating: 4.4,
      crops: ["tomato", "chilli", "cotton"],
      season: "all",
    }),
    createProduct({ name: "Calcium Nitrate", category: "fertilizers", pricePaise: 120_000, rating: 4.8, crops: ["tomato"] }),
    createProduct({
      name: "Battery Sprayer",
      category: "equipment",
      pricePaise: 350_000,
      rating: 3.9,
      crops: ["tomato", "cotton"],
      stock: 0,
    }),
    createProduct({ name: "Pending Tomato Cage", category: "tools", crops: ["tomato"], status: "pending", season: "all" }),
    createProduct({ name: "Archived Tomato Stakes", category: "tools", crops: ["tomato"], status: "archived" }),
    createProduct({ name: "Paddy Seeds", category: "seeds", crops: ["paddy"], season: "kharif" }),
    createProduct({ name: "Garden Fork", category: "tools" }),
  ]);
});

describe("crop browsing", () => {
  it("lists a crop's products on sale, by name, counting the crop's products", async () => {
    const page = await findProducts(crop("tomato"));
    expect(page.products.map((p) => p.name)).toEqual([
      "Battery Sprayer",
      "Calcium Nitrate",
      "Neem Oil",
      "Tomato Desi Seeds",
      "Tomato Hybrid Seeds",
    ]);
    expect(page.matching).toBe(5);
    expect(page.total).toBe(5);
    expect(await names("cotton")).toEqual(["Battery Sprayer", "Neem Oil"]);
    expect(await names("wheat")).toEqual([]);
  });

  it("counts every crop's products on sale for /crops, in the store's order", async () => {
    const crops = await countCropProducts();
    expect(crops[0]).toMatchObject({ key: "tomato", label: "Tomato", count: 5 });
    expect(Object.fromEntries(crops.map((c) => [c.key, c.count]))).toMatchObject({
      paddy: 1,
      chilli: 1,
      cotton: 2,
      vegetables: 1,
      wheat: 0,
    });
  });

  it("filters by season: that season's products and those for all seasons", async () => {
    expect(await names("tomato", "season=kharif")).toEqual(["Neem Oil", "Tomato Desi Seeds"]);
    expect(await names("tomato", "season=rabi")).toEqual(["Neem Oil", "Tomato Hybrid Seeds"]);
    expect(await names("tomato", "season=zaid")).toEqual(["Neem Oil"]);
    const page = await findProducts(crop("tomato", "season=kharif"));
    expect([page.matching, page.total]).toEqual([2, 5]);
    // An unknown season is no filter (read as leniently as the catalogue's parameters).
    expect((await findProducts(crop("tomato", "season=monsoon"))).matching).toBe(5);
  });

  it("filters by category, alone and with a season", async () => {
    expect(await names("tomato", "category=seeds")).toEqual(["Tomato Desi Seeds", "Tomato Hybrid Seeds"]);
    expect(await names("tomato", "category=fertilizers&season=rabi")).toEqual(["Neem Oil"]);
    const page = await findProducts(crop("tomato", "category=tools"));
    expect([page.matching, page.total, page.products.length]).toEqual([0, 5, 0]);
  });

  it("sorts as the catalogue does", async () => {
    expect(await names("tomato", "sort=price-low")).toEqual([
      "Tomato Desi Seeds",
      "Neem Oil",
      "Tomato Hybrid Seeds",
      "Calcium Nitrate",
      "Battery Sprayer",
    ]);
    expect(await names("tomato", "sort=price-high&category=fertilizers")).toEqual(["Calcium Nitrate", "Neem Oil"]);
    expect(await names("tomato", "sort=rating")).toEqual([
      "Calcium Nitrate",
      "Tomato Hybrid Seeds",
      "Neem Oil",
      "Tomato Desi Seeds",
      "Battery Sprayer",
    ]);
    // A crop page has no search: q is ignored, and best match falls back to name.
    expect(await names("tomato", "q=neem&sort=best")).toEqual(await names("tomato"));
  });

  it("pages through every product once, in each sort; a page past the end is the last", async () => {
    for (const sort of ["name", "price-low", "price-high", "rating"]) {
      const all = await names("tomato", `sort=${sort}`);
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const found = await findProducts(crop("tomato", `sort=${sort}&page=${page}`), 2);
        expect([found.page, found.pageCount, found.matching]).toEqual([page, 3, 5]);
        pages.push(...found.products.map((p) => p.name));
      }
      expect(pages).toEqual(all);
    }
    const late = await findProducts(crop("tomato", "page=40"), 2);
    expect([late.page, late.products.map((p) => p.name)]).toEqual([3, ["Tomato Hybrid Seeds"]]);
  });

  it("follows changes to products and their crops in the same transaction", async () => {
    const made = await createProduct({
      name: "Wheat Seed Drill",
      category: "equipment",
      pricePaise: 900_000,
      crops: ["wheat", "paddy"],
      season: "rabi",
    });
    expect(await countOf("wheat")).toBe(1);
    expect(await names("wheat", "season=rabi")).toEqual(["Wheat Seed Drill"]);
    const db = getDb();

    await db.updateTable("product").set({ season: "kharif", name: "Multi Crop Seed Drill" }).where("id", "=", made.id).execute();
    expect(await names("wheat", "season=rabi")).toEqual([]);
    expect(await names("wheat", "season=kharif")).toEqual(["Multi Crop Seed Drill"]);

    await db.updateTable("product").set({ category: "tools" }).where("id", "=", made.id).execute();
    expect(await names("wheat", "category=equipment")).toEqual([]);
    expect(await names("wheat", "category=tools")).toEqual(["Multi Crop Seed Drill"]);

    await db.updateTable("product").set({ price_paise: 100 }).where("id", "=", made.id).execute();
    expect((await names("paddy", "sort=price-low"))[0]).toBe("Multi Crop Seed Drill");

    await db.updateTable("product").set({ status: "archived" }).where("id", "=", made.id).execute();
    expect(await countOf("wheat")).toBe(0);
    expect(await names("wheat")).toEqual([]);
    await db.updateTable("product").set({ status: "live" }).where("id", "=", made.id).execute();
    expect(await countOf("wheat")).toBe(1);

    await db.deleteFrom("product_crop").where("product_id", "=", made.id).where("crop", "=", "wheat").execute();
    expect([await countOf("wheat"), await countOf("paddy")]).toEqual([0, 2]);

    await db.deleteFrom("product").where("id", "=", made.id).execute();
    expect(await countOf("paddy")).toBe(1);
    const counted = await db
      .selectFrom("crop_count")
      .select((eb) => eb.fn.sum<number>("n").as("n"))
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom("product_crop")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(Number(rows.n));
  });
});
