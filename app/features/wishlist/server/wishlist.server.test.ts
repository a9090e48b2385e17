import { describe, expect, it } from "vitest";
import { createCustomer, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { RefusalError } from "~/platform/core/refusal";
import { withLocale } from "~/platform/i18n/i18n.server";
import { listWishlist, removeFromWishlist, saveToWishlist, wishlistState } from "./wishlist.server";

async function refusalOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusalError);
  return error as RefusalError;
}

describe("wishlists (issue 31)", () => {
  it("a customer saves, lists and removes their own products, and never sees or touches another's", async () => {
    const asha = await createCustomer();
    const ravi = await createCustomer();
    const seeds = await createProduct({ name: "Okra Seeds", pricePaise: 12_000, stock: 5 });
    const sprayer = await createProduct({ name: "Knapsack Sprayer", pricePaise: 2_50_000, stock: 0 });
    const neem = await createProduct({ name: "Neem Oil", pricePaise: 35_000 });

    await saveToWishlist(asha.id, seeds.id, { now: new Date("2026-11-01T10:00:00Z") });
    await saveToWishlist(asha.id, sprayer.id, { now: new Date("2026-11-02T10:00:00Z") });
    // Saving again keeps one row.
    await saveToWishlist(asha.id, sprayer.id);
    await saveToWishlist(ravi.id, neem.id);

    const mine = await listWishlist(asha.id, "en");
    expect(mine.map((i) => [i.name, i.pricePaise, i.stock, i.onSale])).toEqual([
      ["Knapsack Sprayer", 2_50_000, 0, true],
      ["Okra Seeds", 12_000, 5, true],
    ]);
    expect(mine[1]?.size).toMatchObject({ id: seeds.id, stock: 5, pricePaise: 12_000 });
    expect((await listWishlist(ravi.id, "en")).map((i) => i.name)).toEqual(["Neem Oil"]);
    expect(await wishlistState(asha.id, seeds.id)).toEqual({ saved: true, waitingFor: [] });
    expect(await wishlistState(ravi.id, seeds.id)).toEqual({ saved: false, waitingFor: [] });

    // Ravi removing Asha's product removes nothing of hers.
    await removeFromWishlist(ravi.id, seeds.id);
    expect(await listWishlist(asha.id, "en")).toHaveLength(2);
    await removeFromWishlist(asha.id, seeds.id);
    expect((await listWishlist(asha.id, "en")).map((i) => i.name)).toEqual(["Knapsack Sprayer"]);
    expect((await listWishlist(ravi.id, "en")).map((i) => i.name)).toEqual(["Neem Oil"]);
  });

  it("names products in Hindi on a Hindi page and says when one is no longer on sale", async () => {
    const asha = await createCustomer();
    const seeds = await createProduct({ name: "Okra Seeds" });
    await getDb().updateTable("product").set({ name_hi: "भिंडी के बीज" }).where("id", "=", seeds.id).execute();
    await saveToWishlist(asha.id, seeds.id);
    expect((await withLocale("hi", () => listWishlist(asha.id, "hi")))[0]?.name).toBe("भिंडी के बीज");
    await getDb().updateTable("product").set({ status: "archived" }).where("id", "=", seeds.id).execute();
    expect((await listWishlist(asha.id, "en"))[0]).toMatchObject({ name: "Okra Seeds", onSale: false });
  });

  it("refuses a product not on sale, and one more than the limit, with a message", async () => {
    const asha = await createCustomer();
    const pending = await createProduct({ status: "pending" });
    expect((await refusalOf(saveToWishlist(asha.id, pending.id))).refusal.code).toBe("wishlist.unknown_product");
    expect((await refusalOf(saveToWishlist(asha.id, "nosuchproduct1"))).status).toBe(404);

    const products = await Promise.all([createProduct(), createProduct(), createProduct()]);
    for (const p of products.slice(0, 2)) await saveToWishlist(asha.id, p.id, { max: 2 });
    const full = await refusalOf(saveToWishlist(asha.id, products[2]?.id ?? "", { max: 2 }));
    expect(full.refusal).toEqual({ code: "wishlist.full", params: { max: 2 } });
    expect(full.status).toBe(409);
    // One already there is no new item: no refusal.
    await saveToWishlist(asha.id, products[0]?.id ?? "", { max: 2 });
    expect(await listWishlist(asha.id, "en")).toHaveLength(2);
  });

  it("holds the limit when one customer saves many products at once", async () => {
    const asha = await createCustomer();
    const products = await Promise.all(Array.from({ length: 6 }, () => createProduct()));
    const results = await Promise.allSettled(products.map((p) => saveToWishlist(asha.id, p.id, { max: 4 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(await listWishlist(asha.id, "en")).toHaveLength(4);
  });
});
