import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/platform/db/db.server";
import { storeMigrator } from "~/platform/db/migrate.server";
import { databaseOfItsOwn } from "../helpers/own-database";

/**
 * 0013-pack-sizes on a store that has data: a database of its own (a SQLite file, or a PostgreSQL
 * database beside the test's), migrated to 0012, filled the way the store wrote before sizes,
 * then migrated to the latest.
 */
const engine = getDatabase().engine;
const handle = databaseOfItsOwn("mig");

const now = "2026-01-15T10:00:00.000Z";
const oldProduct = (id: string, name: string, price: number, stock: number, status: "live" | "archived" = "live") => ({
  id,
  name,
  description: "Made before pack sizes.",
  category: "seeds" as const,
  price_paise: price,
  stock,
  rating: 4,
  reviews: 3,
  image: "/images/products/test.svg",
  vendor_id: null,
  status,
  reject_reason: null,
  created_at: now,
  updated_at: now,
});

describe(`0013-pack-sizes on a store with products and orders (${engine})`, () => {
  it("gives every product one size with its id, price, stock and SKU; order lines name that size", async () => {
    const db = handle.db;
    const to12 = await storeMigrator(db).migrateTo("0012-search-synonyms");
    expect(to12.error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain("product_variant");

    // As the store wrote before sizes: no variant columns exist yet, so raw column lists only.
    const products = [
      oldProduct("tomato0seed01", "Tomato Seeds", 54_900, 12),
      oldProduct("pump9x2k", "Spray Pump", 2_499_900, 0),
      oldProduct("oldarchived01", "Old Hoe", 30_000, 4, "archived"),
    ];
    for (const p of products) {
      await sql`insert into product (id, name, description, category, price_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at)
        values (${p.id}, ${p.name}, ${p.description}, ${p.category}, ${p.price_paise}, ${p.stock}, ${p.rating}, ${p.reviews}, ${p.image}, ${p.vendor_id}, ${p.status}, ${p.reject_reason}, ${p.created_at}, ${p.updated_at})`.execute(
        db,
      );
    }
    await db
      .insertInto("user")
      .values({
        id: "olduser000000000000001",
        name: "Old Customer",
        email: "old@example.in",
        emailVerified: engine === "postgres" ? false : 0,
        image: null,
        createdAt: now,
        updatedAt: now,
        role: "user",
        banned: engine === "postgres" ? false : 0,
        banReason: null,
        banExpires: null,
      })
      .execute();
    await sql`insert into orders (id, user_id, checkout_key, status, payment_method, subtotal_paise, shipping_paise, tax_paise, total_paise,
        customer_name, customer_email, customer_phone, street, city, state, pincode, created_at, updated_at)
      values ('oldorder0001', 'olduser000000000000001', 'old-key', 'delivered', 'cod', 109800, 50000, 19800, 179600,
        'Old Customer', 'old@example.in', '+91 98765 43210', '1 Test Street', 'Pune', 'Maharashtra', '411001', ${now}, ${now})`.execute(db);
    await sql`insert into order_line (id, order_id, product_id, vendor_id, name, image, unit_price_paise, quantity, line_total_paise)
      values ('oldline00001', 'oldorder0001', 'tomato0seed01', null, 'Tomato Seeds', '/images/products/test.svg', 54900, 2, 109800)`.execute(
      db,
    );

    const latest = await storeMigrator(db).migrateToLatest();
    expect(latest.error).toBeUndefined();
    expect(latest.results?.map((r) => [r.migrationName, r.status])).toContainEqual(["0013-pack-sizes", "Success"]);

    const variants = await db.selectFrom("product_variant").selectAll().orderBy("id").execute();
    expect(
      variants.map((v) => ({
        ...v,
        pack_quantity: Number(v.pack_quantity),
        mrp_paise: Number(v.mrp_paise),
        price_paise: Number(v.price_paise),
        stock: Number(v.stock),
      })),
    ).toEqual(
      [...products]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((p) => ({
          id: p.id,
          product_id: p.id,
          position: 0,
          label: "Standard",
          pack_quantity: 1,
          pack_unit: "piece",
          sku: `AG-${p.id.toUpperCase()}`,
          mrp_paise: p.price_paise,
          price_paise: p.price_paise,
          stock: p.stock,
          weight_grams: 1000,
          // 0044-quantity-prices: none.
          price_breaks: null,
          // 0053-warehouse-work: no reorder level.
          reorder_level: null,
          // 0064-ondc: no change since (the trigger stamps the next one).
          changed_at: null,
        })),
    );
    expect(variants.map((v) => v.sku)).toContain("AG-TOMATO0SEED01");

    const summaries = await db
      .selectFrom("product")
      .select(["id", "price_paise", "mrp_paise", "stock", "price_varies", "variant_count", "gallery", "brand"])
      .orderBy("id")
      .execute();
    expect(
      summaries.map((s) => [
        s.id,
        Number(s.price_paise),
        Number(s.mrp_paise),
        Number(s.stock),
        Boolean(s.price_varies),
        s.variant_count,
        s.gallery,
        s.brand,
      ]),
    ).toEqual([
      ["oldarchived01", 30_000, 30_000, 4, false, 1, "[]", null],
      ["pump9x2k", 2_499_900, 2_499_900, 0, false, 1, "[]", null],
      ["tomato0seed01", 54_900, 54_900, 12, false, 1, "[]", null],
    ]);

    const line = await db.selectFrom("order_line").selectAll().where("id", "=", "oldline00001").executeTakeFirstOrThrow();
    expect([line.product_id, line.variant_id, line.variant_label, line.sku, Number(line.quantity)]).toEqual([
      "tomato0seed01",
      "tomato0seed01",
      "",
      "AG-TOMATO0SEED01",
      2,
    ]);
  });

  it("goes back to 0012 and forward again, the sizes rebuilt from the products", async () => {
    const db = handle.db;
    const down = await storeMigrator(db).migrateTo("0012-search-synonyms");
    expect(down.error).toBeUndefined();
    expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain("product_variant");
    const up = await storeMigrator(db).migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(
      (await db.selectFrom("product_variant").select(["id", "stock"]).orderBy("id").execute()).map((v) => [v.id, Number(v.stock)]),
    ).toEqual([
      ["oldarchived01", 4],
      ["pump9x2k", 0],
      ["tomato0seed01", 12],
    ]);
  });
});
