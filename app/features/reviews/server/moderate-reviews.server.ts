import { getDatabase, getDb } from "~/platform/db/db.server";
import { shownContact } from "~/features/accounts/domain/contact";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";
import type { Rating } from "~/features/reviews/domain/reviews";
import { isId } from "~/platform/ids";
import { holdProduct, syncReviewSummary } from "./review-summary.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";

export const ADMIN_REVIEWS_PAGE_SIZE = 25;

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "review.created_at", field: "created_at", kind: "string" },
    { ref: "review.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** Every review, newest first, for the admins: product, who wrote it (name and email), hidden or not and by whom. */
export async function listReviewsForAdmin(request: PageRequest = FIRST_PAGE) {
  const page = await paginate(
    getDb()
      .selectFrom("review")
      .innerJoin("product", "product.id", "review.product_id")
      .leftJoin("user as writer", "writer.id", "review.user_id")
      .leftJoin("user as moderator", "moderator.id", "review.hidden_by")
      .select([
        "review.id",
        "review.product_id",
        "product.name as product_name",
        "product.status as product_status",
        "review.author_name",
        "writer.name as writer_name",
        "writer.email as writer_email",
        "review.order_id",
        "review.rating",
        "review.body",
        "review.sample",
        "review.hidden",
        "review.hidden_at",
        "moderator.name as moderator_name",
        "review.created_at",
        "review.updated_at",
      ]),
    NEWEST_FIRST,
    request,
    ADMIN_REVIEWS_PAGE_SIZE,
  );
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      product: { id: r.product_id, name: r.product_name, live: r.product_status === "live" },
      // A mobile account's placeholder email never leaves the server.
      writer: r.writer_email ? { name: r.writer_name ?? r.author_name, email: shownContact({ email: r.writer_email }).email ?? "" } : null,
      authorName: r.author_name,
      orderId: r.order_id,
      rating: Number(r.rating) as Rating,
      body: r.body,
      sample: Number(r.sample) === 1,
      hidden: Number(r.hidden) === 1 ? { at: r.hidden_at, by: r.moderator_name } : null,
      createdAt: r.created_at,
      edited: r.updated_at !== r.created_at,
    })),
  };
}

/**
 * Hides a review from the product page and its numbers, or shows it again; the product's rating
 * and review count are rewritten in the same transaction. "unchanged" when it already was so.
 */
export async function setReviewHidden(reviewId: string, hidden: boolean, adminId: string): Promise<"changed" | "unchanged" | "missing"> {
  if (!isId(reviewId)) return "missing";
  const { db, engine } = getDatabase();
  return db.transaction().execute(async (trx) => {
    // A review never moves to another product: reading its product before the hold is safe.
    const review = await trx.selectFrom("review").select("product_id").where("id", "=", reviewId).executeTakeFirst();
    if (!review || !(await holdProduct(trx, engine, review.product_id))) return "missing";
    const result = await trx
      .updateTable("review")
      .set(
        hidden ? { hidden: 1, hidden_by: adminId, hidden_at: new Date().toISOString() } : { hidden: 0, hidden_by: null, hidden_at: null },
      )
      .where("id", "=", reviewId)
      .where("hidden", "=", hidden ? 0 : 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return "unchanged";
    await syncReviewSummary(trx, review.product_id);
    await recordAudit(trx, {
      kind: hidden ? "review.hide" : "review.show",
      object: { type: "review", id: reviewId },
      before: { hidden: !hidden, product: review.product_id },
      after: { hidden, product: review.product_id },
    });
    return "changed";
  });
}
