import { sql, type Kysely } from "kysely";

/**
 * The sample catalogue's own HSN codes and GST rates (issue 14, docs/gst-rates.md), for a store
 * seeded before them. 0019-gst gave every product its category's usual heading and rate; the seed
 * now writes each sample product's own (a hand tool is nil, the borewell pump 18%, paddy and maize
 * seed 5%), but it only ever runs on an empty store. So this sets them on the sample products
 * (found by their fixed ids) that still hold what 0019 gave them, or no code at all (a store seeded
 * after 0019 by a seed that did not yet write them has the columns' defaults, '' and 18): one an
 * admin has changed keeps the admin's values. A store without the sample catalogue is not touched.
 *
 * The values are written out here, not read from app/features/catalog/server/seed/catalog.ts: a migration stays what it
 * was when it ran, whatever the catalogue says later (a test checks the two agree today).
 */
export const SAMPLE_PRODUCT_GST: readonly { id: string; from: [string, number]; to: [string, number] }[] = [
  { id: "eoczqk4sbbk5", from: ["1209", 0], to: ["12099160", 0] }, // hybrid tomato seeds
  { id: "29yj0ian534w", from: ["8432", 5], to: ["84248210", 5] }, // drip irrigation kit
  { id: "6wh56s187ri1", from: ["8201", 5], to: ["82015000", 0] }, // pruning secateurs
  { id: "jif7zokt2ylu", from: ["3105", 5], to: ["31010099", 5] }, // vermicompost
  { id: "p71x6k259kr2", from: ["1209", 0], to: ["06022010", 0] }, // grafted mango sapling
  { id: "hbqekh8w1a3b", from: ["8432", 5], to: ["87019300", 5] }, // tractor
  { id: "mbcptrx5vkmt", from: ["8201", 5], to: ["84244100", 5] }, // knapsack sprayer
  { id: "xz4rxzn9kkdg", from: ["3105", 5], to: ["31052000", 5] }, // NPK 19:19:19
  { id: "jffepguz5ab1", from: ["1209", 0], to: ["10051000", 5] }, // hybrid maize seed
  { id: "g6g26wcbgh4i", from: ["8432", 5], to: ["84137010", 18] }, // submersible borewell pump
  { id: "aso2ywotjhqh", from: ["8201", 5], to: ["82013000", 0] }, // khurpi hand weeder
  { id: "sd17mxxc3328", from: ["3105", 5], to: ["31053000", 5] }, // DAP
  { id: "5iqtuj0sqwto", from: ["8201", 5], to: ["82014000", 0] }, // kulhadi (axe)
  { id: "pooo3l02mbx0", from: ["1209", 0], to: ["10061010", 5] }, // paddy seed
  { id: "gkkckiffc38f", from: ["8432", 5], to: ["84328020", 5] }, // rotavator
  { id: "4xeneopcrgd5", from: ["3105", 5], to: ["23069018", 5] }, // neem cake
];

// The version moves too: an edit form open across the upgrade must not write the old values back.
export async function up(db: Kysely<unknown>) {
  for (const { id, from, to } of SAMPLE_PRODUCT_GST) {
    await sql`update product set hsn_code = ${to[0]}, gst_rate = ${to[1]}, version = version + 1
      where id = ${id} and ((hsn_code = ${from[0]} and gst_rate = ${from[1]}) or hsn_code = '')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  for (const { id, from, to } of SAMPLE_PRODUCT_GST) {
    await sql`update product set hsn_code = ${from[0]}, gst_rate = ${from[1]}, version = version + 1
      where id = ${id} and hsn_code = ${to[0]} and gst_rate = ${to[1]}`.execute(db);
  }
}
