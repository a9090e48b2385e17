import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/platform/db/db.server";
import { storeMigrator } from "~/platform/db/migrate.server";
import { databaseOfItsOwn } from "../helpers/own-database";
import { defined } from "~/platform/defined";

/**
 * 0017-seller-licences on a store that has products: a database of its own, migrated to 0014,
 * filled as the store wrote before licences, then migrated to the latest, back and forward again.
 */
const engine = getDatabase().engine;
const handle = databaseOfItsOwn("mig17");

const now = "2026-01-15T10:00:00.000Z";
const VENDOR = "oldvendor0000000000001";
/** id, category, vendor, status: as the store held them before 0017. */
const PRODUCTS: [string, string, string | null, string][] = [
  ["storeseed0001", "seeds", null, "live"],
  ["storefert0001", "fertilizers", null, "live"],
  ["storetool0001", "tools", null, "live"],
  ["vendseed00001", "seeds", VENDOR, "live"],
  ["vendfert00001", "fertilizers", VENDOR, "live"],
  ["vendfert00002", "fertilizers", VENDOR, "pending"],
  ["vendfert00003", "fertilizers", VENDOR, "suspended"],
  ["vendtool00001", "equipment", VENDOR, "live"],
];

const rows = async () =>
  (
    await sql<{
      id: string;
      regulated_as: string | null;
      status: string;
    }>`select id, regulated_as, status from product order by id`.execute(handle.db)
  ).rows.map((r) => [r.id, r.regulated_as, r.status]);
const liveCounts = async () =>
  (
    await sql<{
      category: string;
      n: number;
    }>`select category, n from product_count where status = 'live' and n > 0 order by category`.execute(handle.db)
  ).rows.map((r) => [r.category, Number(r.n)]);

describe(`0017-seller-licences on a store with vendors' listings (${engine})`, () => {
  it("marks every product by its category and takes vendors' live regulated listings off sale", async () => {
    const db = handle.db;
    expect((await storeMigrator(db).migrateTo("0014-crop-browsing")).error).toBeUndefined();
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
      values (${VENDOR}, 'Old Vendor', 'oldvendor@example.in', ${engine === "postgres" ? sql`false` : sql`0`}, ${now}, ${now}, 'vendor')`.execute(
      db,
    );
    await sql`insert into vendor (user_id, business_name, phone, gst_number, street, city, state, pincode, created_at)
      values (${VENDOR}, 'Old Agro', '+91 91234 56789', '27AAPFU0939F1ZV', 'Plot 4', 'Nashik', 'Maharashtra', '422007', ${now})`.execute(
      db,
    );
    for (const [id, category, vendor, status] of PRODUCTS) {
      await sql`insert into product (id, name, description, category, price_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at)
        values (${id}, ${`Old ${id}`}, '', ${category}, 10000, 5, 4, 1, '/images/products/test.svg', ${vendor}, ${status}, null, ${now}, ${now})`.execute(
        db,
      );
    }
    expect(await liveCounts()).toEqual([
      ["equipment", 1],
      ["fertilizers", 2],
      ["seeds", 2],
      ["tools", 1],
    ]);

    const latest = await storeMigrator(db).migrateToLatest();
    expect(latest.error).toBeUndefined();
    expect(latest.results?.map((r) => [r.migrationName, r.status])).toContainEqual(["0017-seller-licences", "Success"]);
    expect(await rows()).toEqual([
      ["storefert0001", "fertiliser", "live"],
      ["storeseed0001", "seed", "live"],
      ["storetool0001", null, "live"],
      ["vendfert00001", "fertiliser", "unlicensed"],
      ["vendfert00002", "fertiliser", "pending"],
      ["vendfert00003", "fertiliser", "suspended"],
      ["vendseed00001", "seed", "unlicensed"],
      ["vendtool00001", null, "live"],
    ]);
    // The trigger-kept counts moved with the statuses.
    expect(await liveCounts()).toEqual([
      ["equipment", 1],
      ["fertilizers", 1],
      ["seeds", 1],
      ["tools", 1],
    ]);

    // The checks hold: the new status is allowed, an unknown one or kind is not.
    await sql`update product set status = 'unlicensed' where id = 'storetool0001'`.execute(db);
    await expect(sql`update product set status = 'gone' where id = 'storetool0001'`.execute(db)).rejects.toThrow(/check/i);
    await expect(sql`update product set regulated_as = 'tractor' where id = 'storetool0001'`.execute(db)).rejects.toThrow(/check/i);
    await sql`update product set status = 'live' where id = 'storetool0001'`.execute(db);

    // (Named vendor_licence since 0032.)
    await sql`insert into vendor_licence (vendor_id, kind, number, expires_on, created_at, updated_at)
      values (${VENDOR}, 'seed', 'SDL/1234', '2030-03-31', ${now}, ${now})`.execute(db);
    await expect(
      sql`insert into vendor_licence (vendor_id, kind, number, expires_on, created_at, updated_at)
        values (${VENDOR}, 'seed', 'SDL/9999', '2030-03-31', ${now}, ${now})`.execute(db),
    ).rejects.toThrow(/unique|primary|constraint/i);
    await expect(
      sql`insert into vendor_licence (vendor_id, kind, number, expires_on, created_at, updated_at)
        values (${VENDOR}, 'tractor', 'SDL/9999', '2030-03-31', ${now}, ${now})`.execute(db),
    ).rejects.toThrow(/check/i);
  });

  it("goes back to 0014 (listings back on sale, the column and table gone) and forward again", async () => {
    const db = handle.db;
    expect((await storeMigrator(db).migrateTo("0014-crop-browsing")).error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain("seller_licence");
    expect(tables).not.toContain("vendor_licence");
    const product = defined(
      (await db.introspection.getTables()).find((t) => t.name === "product"),
      "the product table",
    );
    expect(product.columns.map((c) => c.name)).not.toContain("regulated_as");
    const statuses = (await sql<{ id: string; status: string }>`select id, status from product order by id`.execute(db)).rows;
    expect(statuses.filter((r) => r.status === "live").map((r) => r.id)).toEqual([
      "storefert0001",
      "storeseed0001",
      "storetool0001",
      "vendfert00001",
      "vendseed00001",
      "vendtool00001",
    ]);
    await expect(sql`update product set status = 'unlicensed' where id = 'storetool0001'`.execute(db)).rejects.toThrow(/check/i);

    expect((await storeMigrator(db).migrateToLatest()).error).toBeUndefined();
    expect((await rows()).filter(([, , status]) => status === "unlicensed").map(([id]) => id)).toEqual(["vendfert00001", "vendseed00001"]);
  });
});
