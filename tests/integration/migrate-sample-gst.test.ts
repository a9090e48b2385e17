import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { storeMigrator } from "~/platform/db/migrate.server";
import { databaseOfItsOwn } from "../helpers/own-database";
import { sampleProducts } from "~/features/catalog/server/seed/catalog";
import { seedCatalogIfEmpty } from "~/features/catalog/server/seed/seed.server";

/**
 * 0020-sample-product-gst on a store seeded before the sample catalogue had its own HSN codes and
 * rates: a database of its own at 0019, then migrated to the latest, back and forward again.
 */
const engine = getDatabase().engine;
const handle = databaseOfItsOwn("mig20");

const now = "2026-01-15T10:00:00.000Z";
const byId = new Map(sampleProducts.map((p) => [p.id, p]));
const TOMATO = "eoczqk4sbbk5";
const PUMP = "g6g26wcbgh4i";
const AXE = "5iqtuj0sqwto";
const MAIZE = "jffepguz5ab1";
const OTHER = "notasample001";

const taxes = async () =>
  Object.fromEntries(
    (
      await sql<{
        id: string;
        hsn_code: string;
        gst_rate: number;
        version: number;
      }>`select id, hsn_code, gst_rate, version from product`.execute(handle.db)
    ).rows.map((r) => [r.id, [r.hsn_code, Number(r.gst_rate), Number(r.version)]]),
  );

describe(`0020-sample-product-gst (${engine})`, () => {
  it("gives the sample products still holding 0019's values (or none) their own, and leaves an admin's change and other products alone", async () => {
    const db = handle.db;
    expect((await storeMigrator(db).migrateTo("0018-catalog-imports")).error).toBeUndefined();
    // The store as seeded before GST: the sample products and one product of the store's own.
    for (const id of [...byId.keys(), OTHER]) {
      const category = byId.get(id)?.category ?? "tools";
      await sql`insert into product (id, name, description, category, price_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at)
        values (${id}, ${`Old ${id}`}, '', ${category}, 10000, 5, 4, 1, '/images/products/test.svg', null, 'live', null, ${now}, ${now})`.execute(
        db,
      );
    }
    expect((await storeMigrator(db).migrateTo("0019-gst")).error).toBeUndefined();
    const backfilled = await taxes();
    expect(backfilled[PUMP]).toEqual(["8432", 5, 0]);
    expect(backfilled[OTHER]).toEqual(["8201", 5, 0]);
    // An admin has set the axe's code already; the tomato seed has no code (seeded by a seed that did not write one).
    await sql`update product set hsn_code = '82019000', gst_rate = 5, version = version + 1 where id = ${AXE}`.execute(db);
    await sql`update product set hsn_code = '', gst_rate = 18 where id = ${TOMATO}`.execute(db);

    // Up to 0020 itself: later migrations move the sample products' versions again (0023's Hindi names).
    const latest = await storeMigrator(db).migrateTo("0020-sample-product-gst");
    expect(latest.error).toBeUndefined();
    expect(latest.results?.map((r) => [r.migrationName, r.status])).toContainEqual(["0020-sample-product-gst", "Success"]);
    const after = await taxes();
    for (const p of sampleProducts) {
      if (p.id === AXE) continue;
      expect(after[p.id], p.name).toEqual([p.hsnCode, p.gstRate, 1]);
    }
    expect(after[PUMP]).toEqual(["84137010", 18, 1]);
    expect(after[MAIZE]).toEqual(["10051000", 5, 1]);
    expect(after[AXE]).toEqual(["82019000", 5, 1]);
    expect(after[OTHER]).toEqual(["8201", 5, 0]);

    // Down puts back what 0019 gave, where 0020's values still stand; up again is the same as before.
    expect((await storeMigrator(db).migrateTo("0019-gst")).error).toBeUndefined();
    const down = await taxes();
    expect(down[PUMP]).toEqual(["8432", 5, 2]);
    expect(down[TOMATO]).toEqual(["1209", 0, 2]);
    expect(down[AXE]).toEqual(["82019000", 5, 1]);
    expect((await storeMigrator(db).migrateTo("0020-sample-product-gst")).error).toBeUndefined();
    expect((await taxes())[PUMP]).toEqual(["84137010", 18, 3]);
    // And on to the latest, which keeps 0020's values.
    expect((await storeMigrator(db).migrateToLatest()).error).toBeUndefined();
    expect((await taxes())[PUMP]?.slice(0, 2)).toEqual(["84137010", 18]);
  });
});

describe("seeding an empty store", () => {
  it("writes each sample product's own HSN code and rate", async () => {
    expect(await seedCatalogIfEmpty(getDb())).toBe(16);
    const rows = await getDb().selectFrom("product").select(["id", "hsn_code", "gst_rate"]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.hsn_code, Number(r.gst_rate)]]))).toEqual(
      Object.fromEntries(sampleProducts.map((p) => [p.id, [p.hsnCode, p.gstRate]])),
    );
  });
});
