import { getDatabase, getDb, type Db } from "~/platform/db/db.server";
import {
  REVIEW_NOT_ELIGIBLE,
  REVIEW_PRODUCT_MISSING,
  type Rating,
  type ReviewFormInput,
  reviewerName,
} from "~/features/reviews/domain/reviews";
import { isId, newId } from "~/platform/ids";
import { holdProduct, syncReviewSummary } from "./review-summary.server";
import { RefusalError, type Refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";

/** A review the store will not take, with the status its page answers (403 not eligible, 404 no product). */
export class ReviewRefused extends RefusalError {
  declare readonly status: 403 | 404;
  constructor(refused: Refusal, status: 403 | 404) {
    super(refused, { status, english: english(refused) });
  }
}

export type Reviewer = { id: string; name: string };

/**
 * The newest of this customer's delivered orders with the product, or null. Delivered is final
 * (docs/decisions/005-order-status-rules.md), so once true this stays true.
 */
async function deliveredOrderWith(db: Db, userId: string, productId: string): Promise<string | null> {
  const row = await db
    .selectFrom("orders")
    .innerJoin("order_line", "order_line.order_id", "orders.id")
    .select("orders.id")
    .where("orders.user_id", "=", userId)
    .where("orders.status", "=", "delivered")
    .where("order_line.product_id", "=", productId)
    .orderBy("orders.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export type ReviewDraft = {
  product: { id: string; name: string; image: string; live: boolean };
  /** The customer's review as it stands, or null before they write one. */
  review: { rating: Rating; body: string; hidden: boolean } | null;
};

/**
 * What the review form shows: the product and the customer's own review. Throws ReviewRefused
 * when there is no such product (404) or no delivered order of it (403).
 */
export async function getReviewDraft(userId: string, productId: string): Promise<ReviewDraft> {
  if (!isId(productId)) throw new ReviewRefused(REVIEW_PRODUCT_MISSING, 404);
  const db = getDb();
  const product = await db.selectFrom("product").select(["id", "name", "image", "status"]).where("id", "=", productId).executeTakeFirst();
  if (!product) throw new ReviewRefused(REVIEW_PRODUCT_MISSING, 404);
  if (!(await deliveredOrderWith(db, userId, productId))) throw new ReviewRefused(REVIEW_NOT_ELIGIBLE, 403);
  const review = await db
    .selectFrom("review")
    .select(["rating", "body", "hidden"])
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return {
    product: { id: product.id, name: product.name, image: product.image, live: product.status === "live" },
    review: review ? { rating: Number(review.rating) as Rating, body: review.body, hidden: Number(review.hidden) === 1 } : null,
  };
}

/**
 * Writes the customer's review of a product they received: the first one, or an edit of theirs
 * (one row per product per customer). An edit of a hidden review stays hidden. The product's
 * rating and review count are written in the same transaction.
 */
export async function saveReview(
  user: Reviewer,
  productId: string,
  input: ReviewFormInput,
): Promise<{ outcome: "created" | "updated"; productLive: boolean }> {
  if (!isId(productId)) throw new ReviewRefused(REVIEW_PRODUCT_MISSING, 404);
  const { db, engine } = getDatabase();
  return db.transaction().execute(async (trx) => {
    if (!(await holdProduct(trx, engine, productId))) throw new ReviewRefused(REVIEW_PRODUCT_MISSING, 404);
    const orderId = await deliveredOrderWith(trx, user.id, productId);
    if (!orderId) throw new ReviewRefused(REVIEW_NOT_ELIGIBLE, 403);
    const now = new Date().toISOString();
    const fields = { rating: input.rating, body: input.body, author_name: reviewerName(user.name), updated_at: now };
    // The product's row is held: no other writer of this customer's review can come between.
    const existing = await trx
      .selectFrom("review")
      .select("id")
      .where("user_id", "=", user.id)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (existing) {
      await trx.updateTable("review").set(fields).where("id", "=", existing.id).execute();
    } else {
      await trx
        .insertInto("review")
        .values({ id: newId(), product_id: productId, user_id: user.id, order_id: orderId, created_at: now, ...fields })
        .execute();
    }
    await syncReviewSummary(trx, productId);
    const product = await trx.selectFrom("product").select("status").where("id", "=", productId).executeTakeFirstOrThrow();
    return { outcome: existing ? "updated" : "created", productLive: product.status === "live" };
  });
}
