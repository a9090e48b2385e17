import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/platform/db/db.server";
import { storeMigrator } from "~/platform/db/migrate.server";
import { databaseOfItsOwn } from "../helpers/own-database";

/**
 * 0037-search-tags on a store with products: a database of its own at 0035, then migrated to 0037,
 * changed in every way the triggers follow, back and forward again. On SQLite, FTS5's own
 * integrity check after each step proves the index holds exactly what the triggers told it.
 */
const engine = getDatabase().engine;
const handle = databaseOfItsOwn("mig37");
const now = "2026-01-15T10:00:00.000Z";

/** The ids of the products on sale that a search for `word` finds, through the search index. */
async function found(word: string): Promise<string[]> {
  const { rows } =
    engine === "postgres"
      ? await sql<{
          id: string;
        }>`select id from product where status = 'live' and search_text like lower(${`%${word}%`}) order by id`.execute(handle.db)
      : await sql<{
          id: string;
        }>`select id from product where rowid in (select rowid from product_search where product_search match ${`"${word}"`}) order by id`.execute(
          handle.db,
        );
  return rows.map((r) => r.id);
}

async function indexIsWhole() {
  if (engine === "postgres") return;
  await sql`insert into product_search(product_search) values ('integrity-check')`.execute(handle.db);
}

async function addProduct(id: string, category: string, status: string, crops: string[]) {
  await sql`insert into product (id, name, description, category, price_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at)
    values (${id}, ${`Item ${id}`}, 'Sold by the bag.', ${category}, 10000, 5, 4, 1, '/images/products/test.svg', null, ${status}, null, ${now}, ${now})`.execute(
    handle.db,
  );
  for (const crop of crops) await sql`insert into product_crop (product_id, crop) values (${id}, ${crop})`.execute(handle.db);
}

describe(`0037-search-tags (${engine})`, () => {
  it("indexes the products there were with their category's and crops' words, and follows every change", async () => {
    const db = handle.db;
    expect((await storeMigrator(db).migrateTo("0035-paused-listings")).error).toBeUndefined();
    await addProduct("oldpotash001", "fertilizers", "live", ["chilli", "cotton"]);
    await addProduct("oldspade0001", "tools", "pending", []);
    expect(await found("मिर्च")).toEqual([]);

    const up = await storeMigrator(db).migrateTo("0037-search-tags");
    expect(up.error).toBeUndefined();
    expect(await found("मिर्च")).toEqual(["oldpotash001"]);
    expect(await found("उर्वरक")).toEqual(["oldpotash001"]);
    expect(await found("kapas")).toEqual(["oldpotash001"]);
    expect(await found("औजार")).toEqual([]); // the spade is not on sale
    await indexIsWhole();

    // Goes on sale; a new product with crops; a crop removed; a category changed; a product deleted.
    await sql`update product set status = 'live' where id = 'oldspade0001'`.execute(db);
    expect(await found("औजार")).toEqual(["oldspade0001"]);
    await addProduct("newchilli001", "seeds", "live", ["chilli"]);
    expect(await found("mirchi")).toEqual(["newchilli001", "oldpotash001"]);
    await sql`delete from product_crop where product_id = 'oldpotash001' and crop = 'chilli'`.execute(db);
    expect(await found("mirchi")).toEqual(["newchilli001"]);
    expect(await found("kapas")).toEqual(["oldpotash001"]);
    await sql`update product set category = 'tools', name = 'Renamed' where id = 'oldpotash001'`.execute(db);
    expect(await found("उर्वरक")).toEqual([]);
    expect(await found("औजार")).toEqual(["oldpotash001", "oldspade0001"]);
    await sql`update product_crop set crop = 'paddy' where product_id = 'newchilli001'`.execute(db);
    expect(await found("mirchi")).toEqual([]);
    expect(await found("dhan")).toEqual(["newchilli001"]);
    await sql`delete from product where id = 'oldspade0001'`.execute(db);
    expect(await found("औजार")).toEqual(["oldpotash001"]);
    await indexIsWhole();

    // Down: no tags, the search still finds names; up again: the tags are back.
    expect((await storeMigrator(db).migrateTo("0035-paused-listings")).error).toBeUndefined();
    expect(await found("dhan")).toEqual([]);
    expect(await found("Renamed")).toEqual(["oldpotash001"]);
    await indexIsWhole();
    expect((await storeMigrator(db).migrateToLatest()).error).toBeUndefined();
    expect(await found("dhan")).toEqual(["newchilli001"]);
    expect(await found("औजार")).toEqual(["oldpotash001"]);
    await indexIsWhole();
  });
});
