import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { CropKey, Season } from "../../app/features/catalog/domain/crops";

export type CropProduct = { name: string; category: string; pricePaise: number; season: Season | null; crops: CropKey[] };
type Database = { sqlitePath: string } | { postgresUrl: string };

const id = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

/**
 * Products with crops and a season, written straight into a private store's database: the admin
 * and vendor forms edit crops in another branch, and the sample catalogue may or may not have
 * them. One size each, with the product's id, as the store makes them (0013); the database fills
 * in product_crop's copies and counts (0014).
 */
export async function addCropProducts(database: Database, products: CropProduct[]) {
  const now = new Date().toISOString();
  type Statement = [text: string, params: (string | number | null)[]];
  const statements = products.flatMap((p): Statement[] => {
    const pid = id();
    return [
      [
        `insert into product (id, name, description, category, price_paise, mrp_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at, season)
         values ($1, $2, $3, $4, $5, $5, 20, 4.5, 10, '/images/categories/seeds.svg', null, 'live', null, $6, $6, $7)`,
        [pid, p.name, `${p.name}, for the farm.`, p.category, p.pricePaise, now, p.season],
      ],
      [
        `insert into product_variant (id, product_id, position, label, pack_quantity, pack_unit, sku, mrp_paise, price_paise, stock, weight_grams)
         values ($1, $1, 0, 'Standard', 1, 'piece', $2, $3, $3, 20, 1000)`,
        [pid, `E2E-${pid.toUpperCase()}`, p.pricePaise],
      ],
      ...p.crops.map((crop): Statement => [`insert into product_crop (product_id, crop) values ($1, $2)`, [pid, crop]]),
    ];
  });
  if ("sqlitePath" in database) {
    const db = new DatabaseSync(database.sqlitePath, { timeout: 5000 });
    try {
      db.exec("begin immediate");
      for (const [text, params] of statements) db.prepare(text.replace(/\$(\d)/g, "?$1")).run(...params);
      db.exec("commit");
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.postgresUrl });
  await client.connect();
  try {
    await client.query("begin");
    for (const [text, params] of statements) await client.query(text, params);
    await client.query("commit");
  } finally {
    await client.end();
  }
}
