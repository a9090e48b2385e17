import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { sampleReviews, sampleSummary } from "~/db/seed/sample-reviews";
import { type DatabaseHandle, getDatabase, openDatabase } from "~/db/db.server";
import { storeMigrator } from "~/db/migrate.server";
import { getEnv } from "~/env.server";
import { defined } from "~/lib/defined";

/**
 * 0016-reviews on a store that has products with the old fixed ratings: a database of its own,
 * migrated to 0014, filled as the store wrote before reviews, then migrated to the latest.
 */
const engine = getDatabase().engine;
let handle: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  if (engine === "postgres") {
    const name = `angle_migrev_${process.pid}_${Date.now().toString(36)}`;
    await sql.raw(`create database ${name}`).execute(getDatabase().db);
    const url = new URL(defined(getEnv().DATABASE_URL, "the test's DATABASE_URL"));
    url.pathname = `/${name}`;
    handle = openDatabase({ databaseUrl: url.toString(), sqlitePath: ":memory:" });
    dispose = async () => {
      await handle.close();
      await sql.raw(`drop database if exists ${name} with (force)`).execute(getDatabase().db);
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "angle-migrate-reviews-"));
    handle = openDatabase({ sqlitePath: join(dir, "old.sqlite") });
    dispose = async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await (await getMigrations({ ...getAuth().options, database: { db: handle.db, type: engine } })).runMigrations();
});

afterAll(async () => {
  await dispose();
});

const now = "2026-01-15T10:00:00.000Z";
const TOMATO = "eoczqk4sbbk5"; // a sample catalogue product

describe(`0016-reviews on a store with fixed ratings (${engine})`, () => {
  it("recomputes every product from its reviews: the sample catalogue's from its sample reviews, the rest to none", async () => {
    const db = handle.db;
    expect((await storeMigrator(db).migrateTo("0014-crop-browsing")).error).toBeUndefined();
    const products = [
      { id: TOMATO, name: "Hybrid Tomato Seeds (Arka Rakshak)", rating: 4.6, reviews: 1284 },
      { id: "ownproduct01", name: "Our Own Sickle", rating: 4.9, reviews: 311 },
    ];
    for (const p of products) {
      await sql`insert into product (id, name, description, category, price_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at)
        values (${p.id}, ${p.name}, 'Made before reviews.', 'tools', 30000, 5, ${p.rating}, ${p.reviews}, '/images/products/test.svg', null, 'live', null, ${now}, ${now})`.execute(
        db,
      );
      await sql`insert into product_crop (product_id, crop) values (${p.id}, 'tomato')`.execute(db);
    }

    const latest = await storeMigrator(db).migrateToLatest();
    expect(latest.error).toBeUndefined();
    expect(latest.results?.map((r) => [r.migrationName, r.status])).toContainEqual(["0016-reviews", "Success"]);

    const rows = await db.selectFrom("product").select(["id", "rating", "reviews"]).orderBy("id").execute();
    const summary = Object.fromEntries(rows.map((r) => [r.id, { rating: Number(r.rating), reviews: Number(r.reviews) }]));
    expect(summary).toEqual({ [TOMATO]: sampleSummary(TOMATO), ownproduct01: { rating: 0, reviews: 0 } });
    expect(sampleSummary(TOMATO).reviews).toBeGreaterThanOrEqual(3);

    const reviews = await db.selectFrom("review").selectAll().execute();
    expect(reviews).toHaveLength(defined(sampleReviews[TOMATO], "the tomato's sample reviews").length);
    expect(reviews.every((r) => r.product_id === TOMATO && Number(r.sample) === 1 && r.user_id === null && Number(r.hidden) === 0)).toBe(
      true,
    );
    // The crop pages' copies follow the product (0014's trigger).
    const crops = await db.selectFrom("product_crop").select(["product_id", "rating", "reviews"]).orderBy("product_id").execute();
    expect(crops.map((c) => [c.product_id, Number(c.rating), Number(c.reviews)])).toEqual(
      rows.map((r) => [r.id, Number(r.rating), Number(r.reviews)]),
    );
  });
});
