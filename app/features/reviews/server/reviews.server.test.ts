import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createOrder, createProduct, productInput, versionOf } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { parseCatalogQuery } from "~/features/catalog/domain/catalog-query";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { encodeCursor } from "~/platform/core/pagination";
import { averageRating, type Rating } from "~/features/reviews/domain/reviews";
import { defined } from "~/platform/defined";
import { findProducts } from "~/features/catalog/server/find-products.server";
import { updateProduct } from "~/features/catalog/server/save-product.server";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { shipOrder } from "~/features/orders/server/ship-order.server";
import { listProductReviews, ratingBreakdown } from "./list-product-reviews.server";
import { listReviewsForAdmin, setReviewHidden } from "./moderate-reviews.server";
import { getReviewDraft, ReviewRefused, saveReview } from "./save-review.server";

const REVIEW_NOT_ELIGIBLE = "You can review a product once an order with it has been delivered to you.";
const REVIEW_PRODUCT_MISSING = "That product is not in our catalogue.";

const summaryOf = async (productId: string) => {
  const row = await getDb().selectFrom("product").select(["rating", "reviews"]).where("id", "=", productId).executeTakeFirstOrThrow();
  return { rating: Number(row.rating), reviews: Number(row.reviews) };
};

/** The summary as it should be: recomputed from the product's visible review rows. */
const recomputed = async (productId: string) => {
  const rows = await getDb().selectFrom("review").select("rating").where("product_id", "=", productId).where("hidden", "=", 0).execute();
  const sum = rows.reduce((s, r) => s + Number(r.rating), 0);
  return { rating: averageRating(sum, rows.length), reviews: rows.length };
};

const reviewsOf = (productId: string) => getDb().selectFrom("review").selectAll().where("product_id", "=", productId).execute();

/** A customer who received the product (a delivered order of it). */
async function buyer(productId: string, name?: string) {
  const customer = await createCustomer(name ? { name } : {});
  await createOrder(customer.id, [productId], "delivered");
  return customer;
}

const review = (rating: Rating, body = "Good germination, healthy plants.") => ({ rating, body });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReviewRefused);
  return error as ReviewRefused;
}

describe("who may review", () => {
  it("a customer whose order with the product was delivered", async () => {
    const product = await createProduct();
    const customer = await buyer(product.id, "Asha Patil");
    expect(await saveReview(customer, product.id, review(5))).toEqual({ outcome: "created", productLive: true });
    const [row] = await reviewsOf(product.id);
    expect(row).toMatchObject({ user_id: customer.id, author_name: "Asha", rating: 5, sample: 0, hidden: 0 });
    expect(row?.order_id).toBeTruthy();
  });

  it("not before delivery, not after a cancellation, not without an order, not by another's order", async () => {
    const product = await createProduct();
    const other = await createProduct();
    for (const status of ["pending", "confirmed", "shipped", "cancelled"] as OrderStatus[]) {
      const customer = await createCustomer();
      await createOrder(customer.id, [product.id], status);
      const refused = await refusal(saveReview(customer, product.id, review(4)));
      expect([refused.status, refused.message]).toEqual([403, REVIEW_NOT_ELIGIBLE]);
      expect((await refusal(getReviewDraft(customer.id, product.id))).status).toBe(403);
    }
    const stranger = await createCustomer();
    expect((await refusal(saveReview(stranger, product.id, review(1)))).status).toBe(403);
    // A delivered order of another product proves nothing about this one.
    const otherBuyer = await buyer(other.id);
    expect((await refusal(saveReview(otherBuyer, product.id, review(1)))).status).toBe(403);
    expect(await reviewsOf(product.id)).toEqual([]);
    expect(await summaryOf(product.id)).toEqual({ rating: 0, reviews: 0 });
  });

  it("no product, or an id that is not one of ours: 404", async () => {
    const customer = await createCustomer();
    for (const id of ["nosuchproduct1", "\u0000x", "../x", ""]) {
      const refused = await refusal(saveReview(customer, id, review(5)));
      expect([refused.status, refused.message]).toEqual([404, REVIEW_PRODUCT_MISSING]);
      expect((await refusal(getReviewDraft(customer.id, id))).status).toBe(404);
    }
  });

  it("through checkout and the admin's status changes, as the store does it", async () => {
    const product = await createProduct({ stock: 5 });
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    await changeOrderStatus(orderId, "confirmed", admin.id);
    await shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890" });
    expect((await refusal(saveReview(customer, product.id, review(4)))).status).toBe(403);
    await changeOrderStatus(orderId, "delivered", admin.id);
    await saveReview(customer, product.id, review(4));
    expect((await reviewsOf(product.id))[0]?.order_id).toBe(orderId);
  });
});

describe("one review per product per customer", () => {
  it("a second save edits the first: one row, new rating and text, same date, the summary follows", async () => {
    const product = await createProduct();
    const customer = await buyer(product.id);
    await saveReview(customer, product.id, review(2, "Poor germination this time."));
    const [first] = await reviewsOf(product.id);
    expect(await summaryOf(product.id)).toEqual({ rating: 2, reviews: 1 });
    expect(await saveReview(customer, product.id, review(5, "Second sowing came up fine."))).toMatchObject({ outcome: "updated" });
    const rows = await reviewsOf(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first?.id, rating: 5, body: "Second sowing came up fine.", created_at: first?.created_at });
    expect(await summaryOf(product.id)).toEqual({ rating: 5, reviews: 1 });
    expect(await getReviewDraft(customer.id, product.id)).toMatchObject({
      review: { rating: 5, body: "Second sowing came up fine.", hidden: false },
    });
  });

  it("two saves at once by one customer still make one row", async () => {
    const product = await createProduct();
    const customer = await buyer(product.id);
    await Promise.all([saveReview(customer, product.id, review(3)), saveReview(customer, product.id, review(4))]);
    expect(await reviewsOf(product.id)).toHaveLength(1);
    expect(await summaryOf(product.id)).toEqual(await recomputed(product.id));
  });

  it("the database refuses a second row, a rating outside 1–5 and a review proved by nothing", async () => {
    const product = await createProduct();
    const customer = await buyer(product.id);
    await saveReview(customer, product.id, review(4));
    const [row] = await reviewsOf(product.id);
    const base = { ...defined(row, "the review"), id: "duplicate1" };
    await expect(getDb().insertInto("review").values(base).execute()).rejects.toThrow();
    const other = await createCustomer();
    for (const rating of [0, 6]) {
      await expect(
        getDb()
          .insertInto("review")
          .values({ ...base, id: `bad${rating}rating`, user_id: other.id, rating })
          .execute(),
      ).rejects.toThrow();
    }
    await expect(
      getDb()
        .insertInto("review")
        .values({ ...base, id: "noproof1", user_id: other.id, order_id: null })
        .execute(),
    ).rejects.toThrow();
  });
});

describe("the product's rating and review count", () => {
  it("are the average of visible reviews to one decimal (halves up) and their count", async () => {
    const product = await createProduct();
    const ratings: Rating[] = [5, 4, 4, 4]; // 4.25
    for (const r of ratings) await saveReview(await buyer(product.id), product.id, review(r));
    expect(await summaryOf(product.id)).toEqual({ rating: 4.3, reviews: 4 });
    await saveReview(await buyer(product.id), product.id, review(1)); // 18 / 5 = 3.6
    expect(await summaryOf(product.id)).toEqual({ rating: 3.6, reviews: 5 });
  });

  it("hiding takes a review out of the numbers and the page; unhiding puts it back", async () => {
    const product = await createProduct();
    const admin = await createCustomer({ role: "admin" });
    await saveReview(await buyer(product.id), product.id, review(5));
    const harsh = await buyer(product.id);
    await saveReview(harsh, product.id, review(1, "Rude words about the courier."));
    expect(await summaryOf(product.id)).toEqual({ rating: 3, reviews: 2 });
    const id = defined((await reviewsOf(product.id)).find((r) => r.user_id === harsh.id)?.id, "the harsh review");

    expect(await setReviewHidden(id, true, admin.id)).toBe("changed");
    expect(await summaryOf(product.id)).toEqual({ rating: 5, reviews: 1 });
    expect((await listProductReviews(product.id)).rows.map((r) => r.rating)).toEqual([5]);
    expect(await ratingBreakdown(product.id)).toEqual([
      { rating: 5, count: 1 },
      { rating: 4, count: 0 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 0 },
    ]);
    const hidden = (await reviewsOf(product.id)).find((r) => r.id === id);
    expect(hidden).toMatchObject({ hidden: 1, hidden_by: admin.id });
    expect(hidden?.hidden_at).toBeTruthy();
    expect(await setReviewHidden(id, true, admin.id)).toBe("unchanged");

    // The customer's edit of a hidden review stays hidden: editing is no way around moderation.
    await saveReview(harsh, product.id, review(2, "Edited, still about the courier."));
    expect(await summaryOf(product.id)).toEqual({ rating: 5, reviews: 1 });
    expect(await getReviewDraft(harsh.id, product.id)).toMatchObject({ review: { hidden: true, rating: 2 } });

    expect(await setReviewHidden(id, false, admin.id)).toBe("changed");
    expect(await summaryOf(product.id)).toEqual({ rating: 3.5, reviews: 2 });
    expect((await reviewsOf(product.id)).find((r) => r.id === id)).toMatchObject({ hidden: 0, hidden_by: null, hidden_at: null });
    expect(await setReviewHidden(id, false, admin.id)).toBe("unchanged");
    expect(await setReviewHidden("nosuchreview1", true, admin.id)).toBe("missing");
    expect(await setReviewHidden("\u0000", true, admin.id)).toBe("missing");
  });

  it("a review leaves the product's version alone: an admin's open edit form still saves, and does not touch the numbers", async () => {
    const product = await createProduct({ name: "Versioned Sprayer" });
    const version = await versionOf(product.id);
    await saveReview(await buyer(product.id), product.id, review(4));
    expect(await versionOf(product.id)).toBe(version);
    const saved = await updateProduct(
      product.id,
      productInput({ name: "Versioned Sprayer 16 L", category: "tools", price: 99_900, stock: 10 }),
      {
        version,
      },
    );
    expect(saved).toBe("updated");
    expect(await summaryOf(product.id)).toEqual({ rating: 4, reviews: 1 });
  });

  it("the catalogue's rating sort reads the computed numbers", async () => {
    const [a, b, c] = await Promise.all(["Zinnia Alpha", "Zinnia Beta", "Zinnia Gamma"].map((name) => createProduct({ name })));
    const [pa, pb, pc] = [defined(a, "a"), defined(b, "b"), defined(c, "c")];
    await saveReview(await buyer(pa.id), pa.id, review(3));
    await saveReview(await buyer(pb.id), pb.id, review(5));
    await saveReview(await buyer(pb.id), pb.id, review(4));
    const names = async () =>
      (await findProducts(parseCatalogQuery(new URLSearchParams("q=zinnia&sort=rating")))).products.map((p) => [
        p.name,
        p.rating,
        p.reviews,
      ]);
    expect(await names()).toEqual([
      ["Zinnia Beta", 4.5, 2],
      ["Zinnia Alpha", 3, 1],
      ["Zinnia Gamma", 0, 0],
    ]);
    await saveReview(await buyer(pc.id), pc.id, review(5));
    expect((await names())[0]).toEqual(["Zinnia Gamma", 5, 1]);
  });

  it("stays equal to a recompute whatever reviews, edits, hides and unhides race each other", async () => {
    const product = await createProduct();
    const admin = await createCustomer({ role: "admin" });
    const customers = await Promise.all(Array.from({ length: 6 }, () => buyer(product.id)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant("write" as const), who: fc.nat(5), rating: fc.integer({ min: 1, max: 5 }) }),
            fc.record({ kind: fc.constant("hide" as const), who: fc.nat(5), hidden: fc.boolean() }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          const idOf = async (userId: string) =>
            (
              await getDb()
                .selectFrom("review")
                .select("id")
                .where("user_id", "=", userId)
                .where("product_id", "=", product.id)
                .executeTakeFirst()
            )?.id;
          // All at once: on PostgreSQL they queue on the product's row; SQLite takes them in turn.
          await Promise.all(
            steps.map(async (step) => {
              const customer = defined(customers[step.who], "a customer");
              if (step.kind === "write") return saveReview(customer, product.id, review(step.rating as Rating));
              const id = await idOf(customer.id);
              return id ? setReviewHidden(id, step.hidden, admin.id) : null;
            }),
          );
          expect(await summaryOf(product.id)).toEqual(await recomputed(product.id));
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe("a product's reviews page by page", () => {
  it("newest first, 10 a page, each once, and back again; a bad cursor is page 1", async () => {
    const product = await createProduct();
    const start = Date.parse("2026-05-01T00:00:00.000Z");
    const customers = await Promise.all(Array.from({ length: 23 }, (_, i) => buyer(product.id, `Farmer${i} Kumar`)));
    for (const [i, customer] of customers.entries()) await saveReview(customer, product.id, review(((i % 5) + 1) as Rating));
    // Spread their dates (two share one, so the id breaks the tie) to know the order they must come in.
    const rows = await reviewsOf(product.id);
    for (const [i, row] of rows.entries()) {
      const at = new Date(start + Math.min(i, 21) * 3_600_000).toISOString();
      await getDb().updateTable("review").set({ created_at: at }).where("id", "=", row.id).execute();
    }
    const expected = (await reviewsOf(product.id))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
      .map((r) => r.id);

    const first = await listProductReviews(product.id);
    expect(first).toMatchObject({ total: 23, start: 1, prevCursor: null });
    const second = await listProductReviews(product.id, { cursor: first.nextCursor, direction: "next" });
    const third = await listProductReviews(product.id, { cursor: second.nextCursor, direction: "next" });
    expect([first, second, third].map((p) => p.rows.length)).toEqual([10, 10, 3]);
    expect(third.nextCursor).toBeNull();
    expect([...first.rows, ...second.rows, ...third.rows].map((r) => r.id)).toEqual(expected);
    expect(second.start).toBe(11);
    const back = await listProductReviews(product.id, { cursor: second.prevCursor, direction: "prev" });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));

    expect(first.rows[0]).toMatchObject({ verified: true });
    expect(first.rows.every((r) => /^Farmer\d+$/.test(r.authorName))).toBe(true);
    for (const cursor of ["!!!", encodeCursor([1, 2]), "A".repeat(3000)]) {
      expect((await listProductReviews(product.id, { cursor, direction: "next" })).rows.map((r) => r.id)).toEqual(expected.slice(0, 10));
    }
    const breakdown = await ratingBreakdown(product.id);
    expect(breakdown.reduce((s, b) => s + b.count, 0)).toBe(23);
    expect(breakdown.map((b) => b.count)).toEqual([4, 4, 5, 5, 5]);
  });

  it("the admins' list shows every review, hidden ones too, with who wrote and who hid it", async () => {
    const product = await createProduct({ name: "Admin Listed Hoe" });
    const admin = await createCustomer({ role: "admin", name: "Meera Admin" });
    const customer = await buyer(product.id, "Kiran Rao");
    await saveReview(customer, product.id, review(2, "Handle cracked in a week."));
    const id = defined((await reviewsOf(product.id))[0], "the review").id;
    await setReviewHidden(id, true, admin.id);
    const mine = (await listReviewsForAdmin()).rows.find((r) => r.id === id);
    expect(mine).toMatchObject({
      product: { id: product.id, name: "Admin Listed Hoe", live: true },
      writer: { name: "Kiran Rao", email: customer.email },
      authorName: "Kiran",
      rating: 2,
      body: "Handle cracked in a week.",
      sample: false,
      hidden: { by: "Meera Admin" },
    });
    expect((await listProductReviews(product.id)).total).toBe(0);
  });
});
