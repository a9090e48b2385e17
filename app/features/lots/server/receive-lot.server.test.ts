import { describe, expect, it } from "vitest";
import { createLot, createProduct, createVendor, productInput, versionOf } from "../../../../tests/factories";
import { sizeOf } from "../../../../tests/sizes";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { english } from "~/platform/i18n/render-refusal.server";
import { RefusalError } from "~/platform/core/refusal";
import { updateProduct } from "~/features/catalog/server/save-product.server";
import { saveKit } from "~/features/kits/server/save-kit.server";
import type { LotReceiptFields } from "../domain/lot-receipt";
import { adjustLot, LotRefused, receiveLot } from "./receive-lot.server";
import { readLotMargins, saveLotMargins } from "./lot-margins.server";
import { listLotsOfProduct, bestBeforeOf } from "./lots-of-product.server";

const engine = getDatabase().engine;
const today = indiaToday();
const admin = { role: "admin" as const, userId: "admin-1" };

async function product(kind: "seeds" | "pesticide", vendorId: string | null = null, stock = 0) {
  const p = await createProduct({
    name: `${kind} ${Date.now().toString(36)}`,
    category: kind === "seeds" ? "seeds" : "fertilizers",
    regulatedAs: kind === "seeds" ? "seed" : "pesticide",
    vendorId,
    variants: [{ label: "10 g", pricePaise: 15_000, stock }],
  });
  return { product: p, size: await sizeOf(p.id, "10 g") };
}

const seedLot = (over: LotReceiptFields = {}): LotReceiptFields => ({
  number: `TS-${Math.random().toString(36).slice(2, 8)}`,
  quantity: "40",
  manufacturedOn: addDays(today, -60),
  expiresOn: addDays(today, 200),
  testedOn: addDays(today, -30),
  germination: "85",
  purity: "98",
  ...over,
});

const stockOf = async (variantId: string) =>
  Number((await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock);
const lotsOf = async (variantId: string) =>
  getDb().selectFrom("lot").selectAll().where("variant_id", "=", variantId).orderBy("number").execute();

/** The refusal a call is refused with, in English. */
async function refusedWith(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LotRefused);
  const refused = error as LotRefused;
  return { status: refused.status, message: english(refused.refusal) };
}

describe(`receiving and adjusting lots (${engine})`, () => {
  it("a received lot becomes the size's stock, with its label's facts and its sell-by day", async () => {
    const { product: p, size } = await product("seeds", null, 25);
    await receiveLot(admin, size.id, seedLot({ number: "TS-1", treated: "on" }));
    expect(await stockOf(size.id)).toBe(40);
    await receiveLot(admin, size.id, seedLot({ number: "TS-2", quantity: "15", expiresOn: addDays(today, 100) }));
    expect(await stockOf(size.id)).toBe(55);
    const [one] = await lotsOf(size.id);
    expect(one).toMatchObject({
      number: "TS-1",
      quantity: 40,
      received_quantity: 40,
      germination_pct: 85,
      purity_pct: 98,
      received_by: "admin-1",
    });
    expect(Boolean(Number(one?.treated))).toBe(true);
    expect(one?.sell_before).toBe(one?.expires_on);
    expect(Number((await getDb().selectFrom("product").select("stock").where("id", "=", p.id).executeTakeFirstOrThrow()).stock)).toBe(55);
    expect(await bestBeforeOf(size.id)).toBe(addDays(today, 100));
  });

  it("refuses a lot number the size already has, with its message and nothing written", async () => {
    const { size } = await product("seeds");
    await receiveLot(admin, size.id, seedLot({ number: "TS-9" }));
    expect(await refusedWith(receiveLot(admin, size.id, seedLot({ number: "TS-9", quantity: "7" })))).toEqual({
      status: 409,
      message: "Lot TS-9 has already been received for this pack size. Adjust that lot, or give this one its own number.",
    });
    expect((await lotsOf(size.id)).map((l) => [l.number, l.quantity])).toEqual([["TS-9", 40]]);
    expect(await stockOf(size.id)).toBe(40);
  });

  it("refuses bad fields with each one's message and writes nothing", async () => {
    const { size } = await product("seeds", null, 3);
    const refused = await receiveLot(admin, size.id, seedLot({ germination: "120", expiresOn: addDays(today, -90) })).catch(
      (e: LotRefused) => e,
    );
    expect(refused).toBeInstanceOf(LotRefused);
    const fields = Object.fromEntries(Object.entries((refused as LotRefused).fields).map(([k, r]) => [k, r ? english(r) : ""]));
    expect(fields).toEqual({
      expiresOn: "The expiry date must be after the date of manufacture.",
      germination: "Germination cannot be more than 100%.",
    });
    expect(await refusedWith(receiveLot(admin, size.id, seedLot({ quantity: "-4" })))).toEqual({
      status: 400,
      message: "Enter the quantity received: a whole number from 1 to 1,000,000.",
    });
    expect(await lotsOf(size.id)).toEqual([]);
    expect(await stockOf(size.id)).toBe(3);
  });

  it("refuses lots for a kit's size", async () => {
    const { size: part } = await product("seeds");
    const kit = await createProduct({
      category: "seeds",
      variants: [{ label: "Kit", pricePaise: 10_000, stock: 0, sku: `KIT-${Date.now()}` }],
    });
    const kitSize = await sizeOf(kit.id, "Kit");
    const partSku = (await getDb().selectFrom("product_variant").select("sku").where("id", "=", part.id).executeTakeFirstOrThrow()).sku;
    await saveKit({ kitSku: kitSize.sku, pricePaise: 10_000, parts: [{ sku: partSku, quantity: 1 }] });
    expect(await refusedWith(receiveLot(admin, kitSize.id, seedLot()))).toEqual({
      status: 409,
      message: "A kit has no lots of its own: receive lots of its parts.",
    });
  });

  it("an adjustment changes a lot and the stock, with its reason kept; never below 0", async () => {
    const { product: p, size } = await product("seeds");
    const { lotId } = await receiveLot(admin, size.id, seedLot({ number: "TS-A", quantity: "10" }));
    await adjustLot(admin, { lotId, change: -3, reason: "Three packets torn" });
    expect(await stockOf(size.id)).toBe(7);
    expect(await refusedWith(adjustLot(admin, { lotId, change: -8, reason: "Counted again" }))).toEqual({
      status: 409,
      message: "Lot TS-A has 7 on hand: a change cannot take it below 0.",
    });
    expect(await stockOf(size.id)).toBe(7);
    await adjustLot(admin, { lotId, change: -7, reason: "Counted again" });
    expect(await stockOf(size.id)).toBe(0);
    const [shown] = await listLotsOfProduct(p.id);
    expect(shown?.lots[0]?.adjustments.map((a) => [a.change, a.reason])).toEqual([
      [-7, "Counted again"],
      [-3, "Three packets torn"],
    ]);
    expect(shown?.lots[0]?.status).toEqual({ kind: "empty" });
  });

  it("a vendor receives and adjusts lots of their own products only; another's read as not found", async () => {
    const owner = await createVendor();
    const other = await createVendor();
    const { size } = await product("pesticide", owner.id);
    const pesticide = {
      number: "NEEM-1",
      quantity: "12",
      manufacturedOn: addDays(today, -10),
      expiresOn: addDays(today, 700),
      registrationNo: "CIR-1/2020",
      phiDays: "7",
    };
    const { lotId } = await receiveLot({ role: "vendor", userId: owner.id }, size.id, pesticide);
    expect(await refusedWith(receiveLot({ role: "vendor", userId: other.id }, size.id, { ...pesticide, number: "NEEM-2" }))).toEqual({
      status: 404,
      message: "That pack size no longer exists.",
    });
    expect(await refusedWith(adjustLot({ role: "vendor", userId: other.id }, { lotId, change: -12, reason: "Not mine" }))).toEqual({
      status: 404,
      message: "That lot no longer exists.",
    });
    expect(await stockOf(size.id)).toBe(12);
    const { size: storeSize } = await product("seeds");
    expect((await refusedWith(receiveLot({ role: "vendor", userId: owner.id }, storeSize.id, seedLot()))).status).toBe(404);
  });

  it("a margin before expiry stops a lot selling that many days early, for its kind only; saved back, it sells again", async () => {
    const { size: seed } = await product("seeds");
    const { size: pesticide } = await product("pesticide");
    await receiveLot(admin, seed.id, seedLot({ number: "SOON", quantity: "5", expiresOn: addDays(today, 20) }));
    await receiveLot(admin, seed.id, seedLot({ number: "LATE", quantity: "8", expiresOn: addDays(today, 300) }));
    await createLot(pesticide.id, { number: "P", quantity: 4, expiresOn: addDays(today, 20) });
    expect([await stockOf(seed.id), await stockOf(pesticide.id)]).toEqual([13, 4]);
    const before = await readLotMargins();
    try {
      await saveLotMargins({ ...before, seed: 30 });
      expect(await readLotMargins()).toMatchObject({ seed: 30 });
      expect([await stockOf(seed.id), await stockOf(pesticide.id)]).toEqual([8, 4]);
      const soon = (await lotsOf(seed.id)).find((l) => l.number === "SOON");
      expect(soon?.sell_before).toBe(addDays(today, -10));
      expect(await bestBeforeOf(seed.id)).toBe(addDays(today, 300));
      // A lot received now takes the kind's margin.
      await receiveLot(admin, seed.id, seedLot({ number: "NEW", quantity: "2", expiresOn: addDays(today, 60) }));
      expect((await lotsOf(seed.id)).find((l) => l.number === "NEW")?.sell_before).toBe(addDays(today, 30));
      expect(await stockOf(seed.id)).toBe(10);
    } finally {
      await saveLotMargins(before);
    }
    expect(await stockOf(seed.id)).toBe(15);
  });

  it("the product form's save keeps a lot-tracked size's stock, and sets a size without lots", async () => {
    const p = await createProduct({ category: "seeds", variants: [{ label: "Standard", pricePaise: 15_000, stock: 0 }] });
    const size = await sizeOf(p.id, "Standard");
    await receiveLot(admin, size.id, seedLot({ quantity: "12" }));
    const input = productInput({ name: p.name, category: "seeds", price: 16_000, stock: 500 });
    expect(await updateProduct(p.id, input, { version: await versionOf(p.id) })).toBe("updated");
    expect(await stockOf(size.id)).toBe(12);
    const several = productInput({ name: p.name, category: "seeds", price: 16_000, stock: 0 });
    const first = several.variants[0];
    if (!first) throw new Error("a size");
    several.singleSize = false;
    several.variants = [
      { ...first, id: size.id, label: "Standard", stock: 900 },
      { ...first, label: "50 g", sku: "", stock: 6 },
    ];
    expect(await updateProduct(p.id, several, { version: await versionOf(p.id) })).toBe("updated");
    expect(await stockOf(size.id)).toBe(12);
    expect(await stockOf((await sizeOf(p.id, "50 g")).id)).toBe(6);

    // Left out of a save, a size with lots stays: refused, nothing written.
    const fifty = await sizeOf(p.id, "50 g");
    const without = { ...several, variants: [{ ...first, id: fifty.id, label: "50 g", sku: fifty.sku, stock: 6 }] };
    const version = await versionOf(p.id);
    const refused = await updateProduct(p.id, without, { version }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusalError);
    expect(english((refused as RefusalError).refusal)).toBe(
      `The pack size ${size.sku} still has units in its lots, so it cannot be removed yet. Sell them or adjust its lots to 0 first; its lots stay on record with the orders that took from them.`,
    );
    expect([await stockOf(size.id), await versionOf(p.id)]).toEqual([12, version]);

    // Its lots adjusted to 0, it may go; the lot stays on record.
    const [lot] = await getDb().selectFrom("lot").select("id").where("variant_id", "=", size.id).execute();
    if (!lot) throw new Error("a lot");
    await adjustLot(admin, { lotId: lot.id, change: -12, reason: "Counted: none left" });
    expect(await updateProduct(p.id, without, { version: await versionOf(p.id) })).toBe("updated");
    expect(await getDb().selectFrom("lot").select("quantity").where("id", "=", lot.id).executeTakeFirst()).toEqual({ quantity: 0 });
  });
});
