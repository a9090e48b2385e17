import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createLicence, createOrder, createProduct, createVendor } from "../../../../tests/factories";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { CATALOG_TABLES } from "~/platform/db/migrations/0024-catalog-version";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { catalogVersion } from "./catalog-version.server";

/**
 * The catalogue's version (0024-catalog-version) moves with every write to a table a catalogue page
 * shows, whoever writes it (here the tests' factories and plain SQL, not the services), and only
 * when the write is committed: the page cache keys pages by it (docs/decisions/027-page-cache.md).
 */
const counter = async () => Number((await getDb().selectFrom("catalog_version").select("version").executeTakeFirstOrThrow()).version);

/** One row in each catalogue table, so that an update of each touches something. */
async function oneRowEach() {
  const vendor = await createVendor();
  await createLicence(vendor.id, "seed");
  const product = await createProduct({ crops: ["tomato"], vendorId: vendor.id });
  await saveSetting("general", { siteTitle: "Angle", siteTagline: "Grow with us", adminEmail: "", maintenanceMode: false });
  const now = new Date().toISOString();
  await getDb()
    .insertInto("review")
    .values({
      id: `r${Date.now().toString(36)}`,
      product_id: product.id,
      author_name: "Asha",
      rating: 5,
      body: "Good.",
      sample: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await getDb()
    .insertInto("search_synonym")
    .values({ id: `s${Date.now().toString(36)}`, term: "khad", variant: `fertiliser-${Date.now().toString(36)}` })
    .execute();
  return product;
}

describe("the catalogue's version", () => {
  it("changes with a write to any catalogue table, and not with others", async () => {
    await oneRowEach();
    // The first column of each table, set to itself: a write that changes nothing still counts.
    const column: Record<(typeof CATALOG_TABLES)[number], string> = {
      product: "name",
      product_variant: "label",
      product_crop: "crop",
      vendor: "business_name",
      seller_licence: "number",
      review: "body",
      setting: "value",
      search_synonym: "term",
      pincode: "district",
    };
    // The tables as they are named now (0032 renamed seller_licence), each with the column it writes.
    const current = (table: (typeof CATALOG_TABLES)[number]) => (table === "seller_licence" ? "vendor_licence" : table);
    for (const listed of CATALOG_TABLES) {
      const table = current(listed);
      const before = await catalogVersion();
      const first = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(getDb());
      expect(Number(first.rows[0]?.n), `${table} has a row to write`).toBeGreaterThan(0);
      // One row is enough (the pincode directory has ~19,000).
      const name = column[listed];
      await sql`update ${sql.table(table)} set ${sql.ref(name)} = ${sql.ref(name)}
        where ${sql.ref(name)} = (select ${sql.ref(name)} from ${sql.table(table)} limit 1)`.execute(getDb());
      expect(await catalogVersion(), `a write to ${table}`).not.toBe(before);
    }

    const customer = await getDb().selectFrom("user").select("id").limit(1).executeTakeFirstOrThrow();
    const product = await createProduct();
    const before = await catalogVersion();
    await createOrder(customer.id, [product.id]);
    await getDb().updateTable("user").set({ name: "Someone Else" }).where("id", "=", customer.id).execute();
    expect(await catalogVersion(), "orders and accounts are not the catalogue").toBe(before);
  });

  it("moves once per committed transaction (PostgreSQL), and not at all for one rolled back", async () => {
    const product = await createProduct();
    const start = await counter();
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("product_variant").set({ stock: 7 }).where("product_id", "=", product.id).execute();
        await trx.updateTable("product").set({ stock: 7 }).where("id", "=", product.id).execute();
        await trx
          .updateTable("product")
          .set({ name: `${product.name} (new)` })
          .where("id", "=", product.id)
          .execute();
      });
    const afterCommit = await counter();
    if (getDatabase().engine === "postgres") expect(afterCommit).toBe(start + 1);
    else expect(afterCommit).toBeGreaterThan(start);

    const stamp = await catalogVersion();
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("product").set({ stock: 1 }).where("id", "=", product.id).execute();
          throw new Error("changed my mind");
        }),
    ).rejects.toThrow("changed my mind");
    expect(await catalogVersion()).toBe(stamp);
  });
});
