import { sql, type Kysely } from "kysely";

/**
 * The sample catalogue's prices before GST (issue 29), for a store seeded before them. The sample's
 * prices were the figures a farmer should pay, stored as prices before GST: with a product's 5% or
 * 18% added (the default "by rate" mode) a pack came to more than its MRP (DAP's ₹1,350 became
 * ₹1,417.50 against its MRP of ₹1,350). The seed now stores each price so that with its GST it
 * comes to the old figure; this does the same for the sizes (found by product id and old price)
 * an admin has not repriced. A size with no printed MRP (one "Standard" size, MRP = price) gets
 * the price it is charged as its MRP. The product rows' price and MRP follow their first size.
 *
 * The values are written out here, as the seed had them; seed.test.ts checks they agree.
 */
export const SAMPLE_REPRICING: readonly { id: string; sizes: readonly [from: number, to: number][]; noMrp?: true }[] = [
  { id: "29yj0ian534w", sizes: [[4999900, 4761810]], noMrp: true }, // drip irrigation kit
  {
    id: "jif7zokt2ylu",
    sizes: [
      [45000, 42858],
      [86000, 81904],
      [164000, 156190],
    ],
  }, // vermicompost
  { id: "hbqekh8w1a3b", sizes: [[150000000, 142857142]], noMrp: true }, // tractor
  { id: "mbcptrx5vkmt", sizes: [[279900, 266572]], noMrp: true }, // spray pump
  {
    id: "xz4rxzn9kkdg",
    sizes: [
      [345000, 328572],
      [670000, 638096],
    ],
  }, // NPK 19:19:19
  { id: "jffepguz5ab1", sizes: [[168000, 160000]] }, // hybrid maize seed
  { id: "g6g26wcbgh4i", sizes: [[2499900, 2118560]], noMrp: true }, // borewell pump
  { id: "sd17mxxc3328", sizes: [[135000, 128572]] }, // DAP
  { id: "pooo3l02mbx0", sizes: [[115000, 109524]] }, // paddy seed
  { id: "gkkckiffc38f", sizes: [[11850000, 11285714]], noMrp: true }, // rotavator
  { id: "4xeneopcrgd5", sizes: [[159900, 152286]] }, // neem cake
];

export async function up(db: Kysely<unknown>) {
  for (const { id, sizes, noMrp } of SAMPLE_REPRICING) {
    for (const [from, to] of sizes) {
      // Without a printed MRP the old price was the MRP; the new MRP is the old figure, what the price now comes to.
      const mrp = noMrp ? sql`${from}` : sql`mrp_paise`;
      await sql`update product_variant set price_paise = ${to}, mrp_paise = ${mrp} where product_id = ${id} and price_paise = ${from}`.execute(
        db,
      );
    }
    // The product row summarises its sizes; the sample's first size is its cheapest.
    const [first] = sizes;
    if (first)
      await sql`update product set price_paise = ${first[1]},
          mrp_paise = (select v.mrp_paise from product_variant v where v.product_id = product.id order by v.position limit 1),
          version = version + 1
        where id = ${id} and price_paise = ${first[0]}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  for (const { id, sizes } of SAMPLE_REPRICING) {
    for (const [from, to] of sizes)
      await sql`update product_variant set price_paise = ${from} where product_id = ${id} and price_paise = ${to}`.execute(db);
    const [first] = sizes;
    if (first)
      await sql`update product set price_paise = ${first[0]}, version = version + 1 where id = ${id} and price_paise = ${first[1]}`.execute(
        db,
      );
  }
}
