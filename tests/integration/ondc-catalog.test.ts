import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { DEFAULT_DELIVERY_SETTINGS } from "~/features/delivery/domain/delivery";
import { saveDeliverySettings } from "~/features/delivery/server/delivery.server";
import { searchCall } from "~/features/ondc/server/calls/search.server";
import { readSellerLocations, saveSellerLocation } from "~/features/ondc/server/seller-locations.server";
import { STORE_PROVIDER_ID, type OndcCatalog } from "~/features/ondc/domain/catalog";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { createLicence, createProduct, createVendor } from "../factories";
import { sizeOf } from "../sizes";

/**
 * `search` → `on_search` over the store's own tables (docs/decisions/074-ondc-catalog.md), on the
 * engine this run is on: the handler is called as the dispatcher calls it, after the ACK.
 */
const engine = getDatabase().engine;
const tag = `ondc${newId(6)}`;
const NOW = new Date().toISOString();

type SearchIntent = Record<string, unknown>;
async function search(intent: SearchIntent, receivedAt = NOW, city = "*") {
  const message = searchCall.message.parse({ intent });
  return searchCall.handle({
    action: "search",
    context: {
      domain: "ONDC:AGR10",
      action: "search",
      country: "IND",
      city,
      core_version: "1.2.0",
      bap_id: "buyer.test",
      bap_uri: "https://buyer.test/ondc",
      transaction_id: newId(),
      message_id: newId(),
      timestamp: receivedAt,
    },
    message,
    receivedAt,
  });
}

const catalogsOf = (replies: Awaited<ReturnType<typeof search>>) =>
  replies.map((r) => {
    expect(r.error).toBeUndefined();
    return (r.message as { catalog: OndcCatalog }).catalog;
  });
/** Every item answered, by provider, as `provider:item`. */
const itemKeys = (replies: Awaited<ReturnType<typeof search>>) =>
  catalogsOf(replies).flatMap((c) => c["bpp/providers"].flatMap((p) => p.items.map((i) => `${p.id}:${i.id}`)));
const itemsOf = (replies: Awaited<ReturnType<typeof search>>) =>
  catalogsOf(replies).flatMap((c) => c["bpp/providers"].flatMap((p) => p.items));

let vendorId: string;
let unlicensedVendorId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await saveSellerLocation(STORE_PROVIDER_ID, { gps: "18.754321,73.861234", city: "std:020" });
  const vendor = await createVendor();
  vendorId = vendor.id;
  await createLicence(vendorId, "pesticide");
  await saveSellerLocation(vendorId, { gps: "19.997454,73.789803", city: "std:0253" });
  const unlicensed = await createVendor();
  unlicensedVendorId = unlicensed.id;
  await saveSellerLocation(unlicensedVendorId, { gps: "19.997454,73.789803", city: "std:0253" });

  ids.urea = (
    await createProduct({
      name: `Urea ${tag} Granules`,
      description: `Nitrogen for paddy ${tag}mark.`,
      category: "fertilizers",
      gstRate: 5,
      variants: [
        { label: "5 kg", pricePaise: 30_000, stock: 4, packQuantity: 5, packUnit: "kg", mrpPaise: 40_000 },
        { label: "45 kg", pricePaise: 2_00_000, stock: 0, packQuantity: 45, packUnit: "kg", mrpPaise: 3_00_000 },
        { label: "10 kg", pricePaise: 55_000, stock: 250, packQuantity: 10, packUnit: "kg", mrpPaise: 70_000 },
      ],
    })
  ).id;
  ids.spade = (await createProduct({ name: `Spade ${tag}`, category: "tools", gstRate: 18, pricePaise: 50_000, stock: 3 })).id;
  ids.pending = (await createProduct({ name: `Pending ${tag}`, category: "tools", status: "pending" })).id;
  ids.rejected = (await createProduct({ name: `Rejected ${tag}`, category: "tools", status: "rejected" })).id;
  ids.vendorPesticide = (
    await createProduct({ name: `Neem Oil ${tag}`, category: "fertilizers", regulatedAs: "pesticide", vendorId, gstRate: 18 })
  ).id;
  // A vendor's regulated listing without the licence for it: not sold, whatever its status says.
  ids.unlicensed = (
    await createProduct({ name: `Seeds ${tag} Unlicensed`, category: "seeds", regulatedAs: "seed", vendorId: unlicensedVendorId })
  ).id;
  ids.oldChange = (await createProduct({ name: `Old ${tag} Sickle`, category: "tools", createdAt: "2026-01-10T06:00:00.000Z" })).id;
  ids.oldPaused = (
    await createProduct({ name: `Paused ${tag} Rake`, category: "tools", status: "paused", createdAt: "2026-01-10T07:00:00.000Z" })
  ).id;
  ids.oldDraft = (
    await createProduct({ name: `Draft ${tag} Hoe`, category: "tools", status: "pending", createdAt: "2026-01-10T08:00:00.000Z" })
  ).id;
  ids.later = (await createProduct({ name: `Later ${tag} Axe`, category: "tools", createdAt: "2026-01-20T06:00:00.000Z" })).id;
});

afterAll(async () => {
  await saveDeliverySettings(DEFAULT_DELIVERY_SETTINGS);
});

describe(`ONDC search on ${engine}`, () => {
  it("answers the full catalogue: live, licensed, in-stock sizes, one provider per seller", async () => {
    const replies = await search({ fulfillment: { type: "Delivery" } });
    const keys = itemKeys(replies);
    const urea5 = (await sizeOf(ids.urea ?? "", "5 kg")).id;
    const urea10 = (await sizeOf(ids.urea ?? "", "10 kg")).id;
    const urea45 = (await sizeOf(ids.urea ?? "", "45 kg")).id;
    expect(keys).toEqual(expect.arrayContaining([`store:${urea5}`, `store:${urea10}`, `store:${ids.spade}`]));
    expect(keys).toContain(`${vendorId}:${ids.vendorPesticide}`);
    // Sold out, draft, rejected, unlicensed: none is offered.
    for (const left of [urea45, ids.pending, ids.rejected, ids.unlicensed, ids.oldPaused, ids.oldDraft])
      expect(keys.some((k) => k.endsWith(`:${left}`))).toBe(false);
    expect(catalogsOf(replies)[0]?.["bpp/descriptor"]?.tags[0]?.list[0]).toEqual({ code: "np_type", value: "MSN" });
  });

  it("prices each size as the buyer pays it, from the stored paise, with the MRP", async () => {
    const items = itemsOf(await search({ item: { descriptor: { name: `urea ${tag}` } } }));
    const urea10 = (await sizeOf(ids.urea ?? "", "10 kg")).id;
    const item = items.find((i) => i.id === urea10);
    // ₹550.00 before 5% GST: ₹577.50 with it; MRP ₹700.00.
    expect(item?.price).toEqual({ currency: "INR", value: "577.50", maximum_value: "700.00" });
    expect(item?.quantity).toEqual({
      unitized: { measure: { unit: "kilogram", value: "10" } },
      available: { count: "99" },
      maximum: { count: "99" },
    });
    expect(item?.parent_item_id).toBe((ids.urea ?? "").slice(0, 12));
    expect(item?.category_id).toBe("Fertilizer");
  });

  it("finds by name with the storefront's search: a word of the description, and the Hindi name", async () => {
    expect(itemsOf(await search({ item: { descriptor: { name: `${tag}mark` } } })).map((i) => i.parent_item_id)).toEqual(
      expect.arrayContaining([(ids.urea ?? "").slice(0, 12)]),
    );
    await getDb()
      .updateTable("product")
      .set({ name_hi: `फावड़ा ${tag}` })
      .where("id", "=", ids.spade ?? "")
      .execute();
    expect(itemKeys(await search({ item: { descriptor: { name: `फावड़ा ${tag}` } } }))).toEqual([`store:${ids.spade}`]);
    expect(await search({ item: { descriptor: { name: `nothing-like-${tag}` } } })).toEqual([]);
  });

  it("finds by AGR10 category", async () => {
    const pesticides = itemKeys(await search({ category: { id: "Pesticide" } }));
    expect(pesticides).toContain(`${vendorId}:${ids.vendorPesticide}`);
    expect(pesticides.some((k) => k.endsWith(`:${ids.spade}`))).toBe(false);
    // Both are in our fertilizers category; AGR10 tells a pesticide from a fertiliser.
    const urea10 = (await sizeOf(ids.urea ?? "", "10 kg")).id;
    expect(pesticides).not.toContain(`store:${urea10}`);
    const fertilisers = itemKeys(await search({ category: { id: "Fertilizer" } }));
    expect(fertilisers).toContain(`store:${urea10}`);
    expect(fertilisers).not.toContain(`${vendorId}:${ids.vendorPesticide}`);
    const tools = itemKeys(await search({ category: { id: "Tools and Machinery" } }));
    expect(tools).toContain(`store:${ids.spade}`);
    expect(tools.some((k) => k.endsWith(`:${ids.vendorPesticide}`))).toBe(false);
    expect(await search({ category: { id: "Cattle Feed" } })).toEqual([]);
  });

  it("answers a pincode the store does not deliver to with ONDC's serviceability error", async () => {
    await saveDeliverySettings({ ...DEFAULT_DELIVERY_SETTINGS, rest: { ...DEFAULT_DELIVERY_SETTINGS.rest, served: false } });
    try {
      const at = (pincode: string) => search({ fulfillment: { end: { location: { address: { area_code: pincode } } } } });
      expect(await at("110001")).toEqual([{ error: ONDC_ERRORS.notServiceable }]);
      // Not in the directory: the store cannot say it delivers there.
      expect(await at("999999")).toEqual([{ error: ONDC_ERRORS.notServiceable }]);
    } finally {
      await saveDeliverySettings(DEFAULT_DELIVERY_SETTINGS);
    }
    const served = await search({ fulfillment: { end: { location: { address: { area_code: "110001" } } } } });
    expect(itemKeys(served)).toContain(`store:${ids.spade}`);
  });

  it("answers an incremental request with what changed in the window, off-sale listings disabled", async () => {
    const replies = await search({
      tags: [
        {
          code: "catalog_inc",
          list: [
            { code: "start_time", value: "2026-01-09T00:00:00.000Z" },
            { code: "end_time", value: "2026-01-11T00:00:00.000Z" },
          ],
        },
      ],
    });
    const items = itemsOf(replies).filter((i) => [ids.oldChange, ids.oldPaused, ids.oldDraft, ids.later].includes(i.id));
    const byId = (a: string[], b: string[]) => String(a[0]).localeCompare(String(b[0]));
    expect(items.map((i) => [i.id, i.time.label, i.quantity.available.count]).sort(byId)).toEqual(
      [
        [ids.oldChange ?? "", "enable", "99"],
        [ids.oldPaused ?? "", "disable", "0"],
      ].sort(byId),
    );
    expect(catalogsOf(replies)[0]?.["bpp/descriptor"]).toBeUndefined();
  });

  it("sees a size sold out by orders in an incremental request, without its unchanged sizes", async () => {
    const product = await createProduct({
      name: `Sold ${tag} Mix`,
      category: "fertilizers",
      createdAt: "2026-01-05T06:00:00.000Z",
      variants: [
        { label: "1 kg", pricePaise: 10_000, stock: 2, packQuantity: 1, packUnit: "kg" },
        { label: "5 kg", pricePaise: 45_000, stock: 9, packQuantity: 5, packUnit: "kg" },
      ],
    });
    const start = new Date(Date.now() - 1000).toISOString();
    const small = await sizeOf(product.id, "1 kg");
    // As a sale does it: the size's stock, never the product's row (place-order.server.ts).
    await getDb().updateTable("product_variant").set({ stock: 0 }).where("id", "=", small.id).execute();
    const end = new Date(Date.now() + 1000).toISOString();
    const replies = await search(
      {
        tags: [
          {
            code: "catalog_inc",
            list: [
              { code: "start_time", value: start },
              { code: "end_time", value: end },
            ],
          },
        ],
      },
      end,
    );
    const mine = itemsOf(replies).filter((i) => i.parent_item_id === product.id.slice(0, 12));
    expect(mine.map((i) => [i.id, i.time.label, i.quantity.available.count])).toEqual([[small.id, "disable", "0"]]);
  });

  it("refuses a malformed incremental window before any work, and does not push changes (mode)", async () => {
    const bad = searchCall.message.safeParse({
      intent: {
        tags: [
          {
            code: "catalog_inc",
            list: [
              { code: "start_time", value: "2026-01-11T00:00:00.000Z" },
              { code: "end_time", value: "2026-01-09T00:00:00.000Z" },
            ],
          },
        ],
      },
    });
    expect(bad.success).toBe(false);
    expect(
      searchCall.message.safeParse({ intent: { fulfillment: { end: { location: { address: { area_code: "12ab" } } } } } }).success,
    ).toBe(false);
    expect(await search({ tags: [{ code: "catalog_inc", list: [{ code: "mode", value: "start" }] }] })).toEqual([
      { error: ONDC_ERRORS.notApplicable },
    ]);
  });

  it("answers a search for one city with the sellers located there", async () => {
    const pune = itemKeys(await search({ fulfillment: { type: "Delivery" } }, NOW, "std:020"));
    expect(pune).toContain(`store:${ids.spade}`);
    expect(pune.some((k) => k.startsWith(`${vendorId}:`))).toBe(false);
    const nashik = itemKeys(await search({ fulfillment: { type: "Delivery" } }, NOW, "std:0253"));
    expect(nashik).toContain(`${vendorId}:${ids.vendorPesticide}`);
    expect(nashik.some((k) => k.startsWith("store:"))).toBe(false);
    expect(await search({ fulfillment: { type: "Delivery" } }, NOW, "std:080")).toEqual([]);
  });

  it("leaves out a seller whose location is not saved yet", async () => {
    const before = await readSellerLocations();
    await saveSellerLocation(vendorId, null);
    try {
      expect(itemKeys(await search({ category: { id: "Pesticide" } })).some((k) => k.startsWith(`${vendorId}:`))).toBe(false);
    } finally {
      await saveSellerLocation(vendorId, before[vendorId] ?? null);
    }
  });
});
