import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { storeMigrator } from "~/platform/db/migrate.server";
import { databaseOfItsOwn } from "../helpers/own-database";
import { sampleProducts } from "~/features/catalog/server/seed/catalog";
import { seedCatalogIfEmpty } from "~/features/catalog/server/seed/seed.server";
import { defined } from "~/platform/defined";
import { withLocale } from "~/platform/i18n/i18n.server";
import { getProduct } from "~/features/catalog/server/get-product.server";

/**
 * 0025-how-to-use-hindi on a store seeded before it: a database of its own at 0024, then migrated
 * to 0025, back and forward again.
 */
const engine = getDatabase().engine;
const handle = databaseOfItsOwn("mig25");

const now = "2026-01-15T10:00:00.000Z";
const TOMATO = "eoczqk4sbbk5";
const DAP = "sd17mxxc3328";
const PUMP = "g6g26wcbgh4i"; // no "how to use"
const OTHER = "notasample001";
const withHowToUse = sampleProducts.filter((p) => p.howToUse !== undefined);

const versions = async () =>
  Object.fromEntries(
    (await sql<{ id: string; version: number }>`select id, version from product`.execute(handle.db)).rows.map((r) => [
      r.id,
      Number(r.version),
    ]),
  );
const state = async () =>
  Object.fromEntries(
    (
      await sql<{ id: string; how_to_use_hi: string | null; version: number }>`select id, how_to_use_hi, version from product`.execute(
        handle.db,
      )
    ).rows.map((r) => [r.id, [r.how_to_use_hi, Number(r.version)]]),
  );
const hasColumn = async () =>
  (await handle.db.introspection.getTables()).find((t) => t.name === "product")?.columns.some((c) => c.name === "how_to_use_hi");

describe(`0025-how-to-use-hindi (${engine})`, () => {
  it("gives the sample products their how to use in Hindi where their English is the sample's, and leaves the others alone", async () => {
    const db = handle.db;
    expect((await storeMigrator(db).migrateTo("0024-catalog-version")).error).toBeUndefined();
    expect(withHowToUse).toHaveLength(8);
    // The store as seeded before 0025: the sample products and one product of the store's own with the same English.
    for (const p of [...sampleProducts, { id: OTHER, category: "fertilizers", howToUse: withHowToUse[0]?.howToUse }]) {
      await sql`insert into product (id, name, description, category, price_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at, how_to_use)
        values (${p.id}, ${`Old ${p.id}`}, '', ${p.category}, 10000, 5, 4, 1, '/images/products/test.svg', null, 'live', null, ${now}, ${now}, ${p.howToUse ?? null})`.execute(
        db,
      );
    }
    // An admin has rewritten the DAP's instructions: a Hindi of the old ones would say something else.
    await sql`update product set how_to_use = 'Apply 40 kg per acre at sowing.', version = version + 1 where id = ${DAP}`.execute(db);
    const before = await versions();

    const up = await storeMigrator(db).migrateTo("0025-how-to-use-hindi");
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0025-how-to-use-hindi", "Success"]]);
    const after = await state();
    for (const p of sampleProducts) {
      const version = defined(before[p.id], p.name);
      if (p.id === DAP) expect(after[p.id], p.name).toEqual([null, version]);
      else if (p.howToUse) expect(after[p.id], p.name).toEqual([p.howToUseHi, version + 1]);
      else expect(after[p.id], p.name).toEqual([null, version]);
    }
    expect(after[TOMATO]?.[0]).toMatch(/^बीज नर्सरी की क्यारी/);
    expect(after[PUMP]?.[0]).toBeNull();
    expect(after[OTHER]).toEqual([null, before[OTHER]]);

    // Down drops the column; up again fills the samples again; on to the latest keeps them.
    expect((await storeMigrator(db).migrateTo("0024-catalog-version")).error).toBeUndefined();
    expect(await hasColumn()).toBe(false);
    expect((await storeMigrator(db).migrateToLatest()).error).toBeUndefined();
    expect(await hasColumn()).toBe(true);
    const again = await state();
    expect(again[TOMATO]).toEqual([after[TOMATO]?.[0], Number(after[TOMATO]?.[1]) + 1]);
    expect(again[DAP]?.[0]).toBeNull();
  });
});

describe("seeding an empty store", () => {
  it("writes each sample product's how to use in Hindi, which the Hindi product page shows", async () => {
    expect(await seedCatalogIfEmpty(getDb())).toBe(16);
    const rows = await getDb().selectFrom("product").select(["id", "how_to_use_hi"]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.how_to_use_hi]))).toEqual(
      Object.fromEntries(sampleProducts.map((p) => [p.id, p.howToUseHi ?? null])),
    );
    const tomato = defined(
      sampleProducts.find((p) => p.id === TOMATO),
      "the tomato seeds",
    );
    expect((await withLocale("hi", () => getProduct(TOMATO)))?.howToUse).toBe(tomato.howToUseHi);
    expect((await withLocale("en", () => getProduct(TOMATO)))?.howToUse).toBe(tomato.howToUse);
  });
});
