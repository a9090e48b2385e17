import { describe, expect, it } from "vitest";
import { createProduct, createVendor } from "../../../../tests/factories";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { english } from "~/platform/i18n/render-refusal.server";
import { importLots } from "./import-lots.server";
import { receiveLot } from "./receive-lot.server";

const engine = getDatabase().engine;
const today = indiaToday();
const admin = { role: "admin" as const, userId: "admin-1" };
const HEADER = "sku,lot,quantity,manufactured,expires,tested_on,germination,purity,treated,registration,phi_days,antidote,fco_grade";

async function sized(category: "seeds" | "fertilizers", regulatedAs: "seed" | "pesticide" | "fertiliser", vendorId: string | null = null) {
  const sku = `SKU-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const p = await createProduct({ category, regulatedAs, vendorId, variants: [{ label: "1 kg", pricePaise: 50_000, stock: 0, sku }] });
  const size = await getDb().selectFrom("product_variant").select("id").where("product_id", "=", p.id).executeTakeFirstOrThrow();
  return { sku, variantId: size.id };
}

const file = (rows: string[]) => new File([[HEADER, ...rows].join("\n")], "lots.csv", { type: "text/csv" });
const made = addDays(today, -30);
const expires = addDays(today, 300);
const tested = addDays(today, -10);
const stockOf = async (variantId: string) =>
  Number((await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock);
const lotCount = async (variantIds: string[]) =>
  Number(
    (
      await getDb()
        .selectFrom("lot")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("variant_id", "in", variantIds)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`the lots CSV, all or nothing (${engine})`, () => {
  it("receives every lot of a good file and makes each size's stock what its lots hold", async () => {
    const seed = await sized("seeds", "seed");
    const pesticide = await sized("fertilizers", "pesticide");
    const result = await importLots(
      admin,
      file([
        `${seed.sku},TS-1,40,${made},${expires},${tested},85,98,yes,,,,`,
        `${seed.sku},TS-2,10,${made},${addDays(today, 100)},${tested},80,97,no,,,,`,
        `${pesticide.sku},NEEM-1,12,${made},${expires},,,,,CIR-99/2020,7,Atropine,`,
      ]),
    );
    expect(result).toEqual({ ok: true, received: 3 });
    expect([await stockOf(seed.variantId), await stockOf(pesticide.variantId)]).toEqual([50, 12]);
  });

  it("a file with one bad row receives nothing, and lists every problem by row and column", async () => {
    const seed = await sized("seeds", "seed");
    const fertiliser = await sized("fertilizers", "fertiliser");
    await receiveLot(admin, seed.variantId, {
      number: "OLD-1",
      quantity: "5",
      expiresOn: expires,
      testedOn: tested,
      germination: "80",
      purity: "90",
    });
    const result = await importLots(
      admin,
      file([
        `${fertiliser.sku},U-1,100,,,,,,,,,,10:26:26`,
        `${seed.sku},TS-9,40,${made},${addDays(made, -1)},${tested},101,98,,,,,`,
        `${seed.sku},OLD-1,5,${made},${expires},${tested},85,98,,,,,`,
        `${fertiliser.sku},U-1,3,,,,,,,,,,`,
        "NO-SUCH-SKU,X-1,3,,,,,,,,,,",
        `${fertiliser.sku},U-2,0,,,,,,,,,,`,
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.errors.map((e) => [e.row, e.column, english(e.refusal)])).toEqual([
      [3, "expires", "The expiry date must be after the date of manufacture."],
      [3, "germination", "Germination cannot be more than 100%."],
      [4, "lot", "Lot OLD-1 has already been received for this pack size. Adjust that lot, or give this one its own number."],
      [5, "lot", "Lot U-1 of this pack size is also on row 2: give each lot once."],
      [6, "sku", "No pack size of yours has the SKU NO-SUCH-SKU."],
      [7, "quantity", "Enter the quantity received: a whole number from 1 to 1,000,000."],
    ]);
    expect(await lotCount([fertiliser.variantId])).toBe(0);
    expect(await lotCount([seed.variantId])).toBe(1);
    expect(await stockOf(fertiliser.variantId)).toBe(0);
  });

  it("a vendor's file may name only their own pack sizes; a file without its columns is refused", async () => {
    const vendor = await createVendor();
    const mine = await sized("seeds", "seed", vendor.id);
    const storeOwn = await sized("seeds", "seed");
    const row = (sku: string, lot: string) => `${sku},${lot},4,${made},${expires},${tested},85,98,,,,,`;
    const result = await importLots({ role: "vendor", userId: vendor.id }, file([row(mine.sku, "V-1"), row(storeOwn.sku, "V-2")]));
    expect(result.ok ? [] : result.errors.map((e) => [e.row, english(e.refusal)])).toEqual([
      [3, `No pack size of yours has the SKU ${storeOwn.sku}.`],
    ]);
    expect(await lotCount([mine.variantId, storeOwn.variantId])).toBe(0);

    const noSku = await importLots(admin, new File(["lot,quantity,batch\nA,1,x\n"], "lots.csv"));
    expect(noSku.ok ? [] : noSku.errors.map((e) => english(e.refusal))).toEqual([
      'Unknown column "batch". The columns are: sku, lot, quantity, manufactured, expires, tested_on, germination, purity, treated, registration, phi_days, antidote, fco_grade.',
      'The file has no column "sku": add it to the header row.',
    ]);
    const empty = await importLots(admin, new File([`${HEADER}\n\n`], "lots.csv"));
    expect(empty.ok ? "" : english(empty.errors[0]?.refusal ?? { code: "common.check_form", params: {} })).toBe(
      "The file has no lots: a header row, then one row per lot.",
    );
  });
});
