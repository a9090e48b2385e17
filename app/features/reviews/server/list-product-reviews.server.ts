import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type Page, type PageRequest } from "~/platform/core/pagination";
import { PRODUCT_REVIEWS_PAGE_SIZE, type Rating } from "~/features/reviews/domain/reviews";

/** A review as the product page shows it: the writer's first name only. */
export type ReviewView = {
  id: string;
  authorName: string;
  rating: Rating;
  body: string;
  createdAt: string;
  /** A customer's review proved by a delivered order; false for a sample review. */
  verified: boolean;
};

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "review.created_at", field: "created_at", kind: "string" },
    { ref: "review.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** A page of a product's visible reviews, newest first (one walk of review_product_visible). */
export async function listProductReviews(productId: string, request: PageRequest = FIRST_PAGE): Promise<Page<ReviewView>> {
  const page = await paginate(
    getDb()
      .selectFrom("review")
      .select(["id", "author_name", "rating", "body", "created_at", "sample"])
      .where("product_id", "=", productId)
      .where("hidden", "=", 0),
    NEWEST_FIRST,
    request,
    PRODUCT_REVIEWS_PAGE_SIZE,
  );
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      authorName: r.author_name,
      rating: Number(r.rating) as Rating,
      body: r.body,
      createdAt: r.created_at,
      verified: Number(r.sample) === 0,
    })),
  };
}

/** How many visible reviews gave each rating, 5 to 1 (zeros included). */
export async function ratingBreakdown(productId: string): Promise<{ rating: Rating; count: number }[]> {
  const rows = await getDb()
    .selectFrom("review")
    .select(["rating", sql<number | string>`count(*)`.as("n")])
    .where("product_id", "=", productId)
    .where("hidden", "=", 0)
    .groupBy("rating")
    .execute();
  const byRating = new Map(rows.map((r) => [Number(r.rating), Number(r.n)]));
  return ([5, 4, 3, 2, 1] as const).map((rating) => ({ rating, count: byRating.get(rating) ?? 0 }));
}
