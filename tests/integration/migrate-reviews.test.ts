import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { sampleReviews, sampleSummary } from "~/features/catalog/server/seed/sample-reviews";
import { getDatabase } from "~/platform/db/db.server";
import { storeMigrator } from "~/platform/db/migrate.server";
import { databaseOfItsOwn } from "../helpers/own-database";
import { defined } from "~/platform/defined";

/**
 * 0016-reviews on a store that has products with the old fixed ratings: a database of its own,
 * migrated to 0014, filled as the store wrote before reviews, then migrated to the latest.
 */
const engine = getDatabase().engine;
const handle = databaseOfItsOwn("migrev");

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
