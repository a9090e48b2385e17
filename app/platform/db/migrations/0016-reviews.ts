import { sql, type Kysely } from "kysely";
import { sampleReviewRows, sampleReviews } from "../../../features/catalog/server/seed/sample-reviews";

/**
 * Ratings and reviews (issue 13, docs/decisions/018-reviews.md).
 *
 * - `review`: one per product per customer (unique index), proved by a delivered order, rating 1–5
 *   and a text (checked by the database too); hidden by an admin (who, when). Sample reviews of the
 *   sample catalogue have no customer or order and say so (`sample`).
 * - `product.rating` and `product.reviews` become a summary of the product's visible reviews,
 *   written in the transaction of every review change, so the catalogue's rating sort and the
 *   cards keep reading one row (and product_crop keeps its copies through 0014's trigger).
 *
 * The numbers stores had until now had no reviews behind them: every product is recomputed from
 * the review table, so a product with none shows "No reviews yet". The sample catalogue's products,
 * where a store still has them, get their sample reviews first.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("review")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("restrict"))
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("restrict"))
    .addColumn("author_name", "text", (c) => c.notNull().check(sql`length(author_name) between 1 and 40`))
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("body", "text", (c) => c.notNull().check(sql`length(body) between 1 and 2000`))
    .addColumn("sample", "integer", (c) => c.notNull().defaultTo(0).check(sql`sample in (0, 1)`))
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0).check(sql`hidden in (0, 1)`))
    .addColumn("hidden_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("hidden_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    // A customer's review names them and the order that proves it; only a sample has neither.
    .addCheckConstraint("review_proved", sql`sample = 1 or (user_id is not null and order_id is not null)`)
    .execute();
  // One review per product per customer; also "has this customer reviewed these products" for My Orders.
  await db.schema.createIndex("review_user_product").unique().on("review").columns(["user_id", "product_id"]).execute();
  // A product's visible reviews, newest first, by keyset (and the summary's sum and count).
  await db.schema.createIndex("review_product_visible").on("review").columns(["product_id", "hidden", "created_at", "id"]).execute();
  // The admins' list, newest first.
  await db.schema.createIndex("review_created_id").on("review").columns(["created_at", "id"]).execute();

  const ids = Object.keys(sampleReviews);
  const present = await sql<{ id: string }>`select id from product where id in (${sql.join(ids)})`.execute(db);
  const rows = present.rows.flatMap((p) => sampleReviewRows(p.id));
  if (rows.length) {
    await db
      .insertInto("review" as never)
      .values(rows as never)
      .execute();
  }

  // Halves up in integers, as averageRating (app/features/reviews/domain/reviews.ts) does; no reviews is 0.
  await sql`update product set
    reviews = (select count(*) from review r where r.product_id = product.id and r.hidden = 0),
    rating = coalesce((select cast((20 * sum(r.rating) + count(*)) / (2 * count(*)) as double precision) / 10
      from review r where r.product_id = product.id and r.hidden = 0), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("review").ifExists().execute();
}
