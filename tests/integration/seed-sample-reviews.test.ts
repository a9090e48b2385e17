import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { listProductReviews } from "~/features/reviews/server/list-product-reviews.server";
import { sampleProducts } from "~/features/catalog/server/seed/catalog";
import { sampleReviews, sampleSummary } from "~/features/catalog/server/seed/sample-reviews";
import { seedCatalogIfEmpty } from "~/features/catalog/server/seed/seed.server";

describe("the sample catalogue's reviews", () => {
  it("every sample product has at least three, dated in 2026 before November, one a day", () => {
    expect(Object.keys(sampleReviews).sort()).toEqual(sampleProducts.map((p) => p.id).sort());
    for (const [id, list] of Object.entries(sampleReviews)) {
      expect(list.length, id).toBeGreaterThanOrEqual(3);
      for (const r of list) expect(r.on, id).toMatch(/^2026-(0\d|10)-[0-3]\d$/);
      expect(new Set(list.map((r) => r.on)).size, id).toBe(list.length);
    }
  });

  it("are seeded as sample review rows, and every product's rating and count are computed from them", async () => {
    expect(await seedCatalogIfEmpty(getDb())).toBe(16);
    const rows = await getDb().selectFrom("product").select(["id", "rating", "reviews"]).execute();
    expect(rows).toHaveLength(16);
    for (const row of rows) {
      expect({ rating: Number(row.rating), reviews: Number(row.reviews) }, row.id).toEqual(sampleSummary(row.id));
      expect(Number(row.reviews)).toBeGreaterThan(0);
    }
    const tomato = await listProductReviews("eoczqk4sbbk5");
    expect(tomato.total).toBe(sampleReviews.eoczqk4sbbk5?.length);
    // Newest first, and not passed off as verified purchases.
    expect(tomato.rows.map((r) => r.createdAt)).toEqual(
      tomato.rows
        .map((r) => r.createdAt)
        .sort()
        .reverse(),
    );
    expect(tomato.rows.every((r) => !r.verified)).toBe(true);
    // Seeding again adds nothing.
    expect(await seedCatalogIfEmpty(getDb())).toBe(0);
  });
});
