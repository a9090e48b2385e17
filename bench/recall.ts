// A recall over many customers (docs/decisions/059-recalls.md): seeds N delivered orders, each of
// another customer, each holding units of one lot, then times recallLot — the lot taken off sale,
// the recall recorded and every customer's email and SMS written to the outbox — on one engine.
//   npm run bench:recall [-- --engine sqlite|postgres --orders 10000 --pg-url postgres://…]
// The database is made for the run (a file under /tmp, or an angle_bench_recall PostgreSQL database) and removed after.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    orders: { type: "string", default: "10000" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const engine = values.engine === "postgres" ? "postgres" : "sqlite";
const orders = Number(values.orders);
const BENCH_DB = "angle_bench_recall";

async function pgAdmin(statement: string) {
  const client = new pg.Client({ connectionString: values["pg-url"] });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dir = mkdtempSync(join(tmpdir(), "angle-bench-recall-"));
if (engine === "postgres") {
  await pgAdmin(`drop database if exists ${BENCH_DB}`);
  await pgAdmin(`create database ${BENCH_DB}`);
  const url = new URL(values["pg-url"]);
  url.pathname = `/${BENCH_DB}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  process.env.SQLITE_PATH = join(dir, "recall.sqlite");
}
process.env.OUTBOX_WORKER = "off";

const { closeDatabase, getDb } = await import("../app/platform/db/db.server.ts");
const { migrateToLatest } = await import("../app/platform/db/migrate.server.ts");
const { newId } = await import("../app/platform/ids.ts");
const { addDays, indiaToday } = await import("../app/platform/core/india-day.ts");
const { syncLotStock } = await import("../app/features/lots/server/lot-stock.server.ts");
const { recallLot } = await import("../app/features/lots/server/recall-lot.server.ts");

try {
  await migrateToLatest(getDb());
  const db = getDb();
  const now = new Date().toISOString();
  const productId = newId();
  await db
    .insertInto("product")
    .values({
      id: productId,
      name: "Hybrid tomato seed",
      description: "Bench seed.",
      category: "seeds",
      regulated_as: "seed",
      price_paise: 15_000,
      stock: 0,
      rating: 0,
      reviews: 0,
      image: "/images/products/test.svg",
      vendor_id: null,
      status: "live",
      reject_reason: null,
      created_at: now,
      updated_at: now,
      season: null,
      hsn_code: "1209",
      gst_rate: 0,
    })
    .execute();
  await db
    .insertInto("product_variant")
    .values({
      id: productId,
      product_id: productId,
      label: "10 g",
      pack_quantity: 10,
      pack_unit: "g",
      sku: "TOM-10G",
      mrp_paise: 15_000,
      price_paise: 15_000,
      stock: 0,
      weight_grams: 50,
      position: 0,
    })
    .execute();

  // Each order another customer, half of them reading Hindi; lines written before the lot exists,
  // so the order trigger takes nothing, then each line's units recorded as taken from the lot.
  const lotId = newId();
  const seedStart = performance.now();
  const BATCH = 500;
  const lineIds: string[] = [];
  for (let start = 0; start < orders; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, orders - start) }, (_, k) => {
      const i = start + k;
      return { i, userId: newId(24), orderId: newId(), lineId: newId() };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("user")
        .values(
          batch.map((b) => ({
            id: b.userId,
            name: `Farmer ${b.i}`,
            email: `farmer${b.i}@example.in`,
            emailVerified: false,
            image: null,
            createdAt: now,
            updatedAt: now,
            role: "user",
            banned: false,
          })),
        )
        .execute();
      await trx
        .insertInto("orders")
        .values(
          batch.map((b) => ({
            id: b.orderId,
            user_id: b.userId,
            checkout_key: newId(20),
            status: "delivered" as const,
            payment_method: "cod",
            subtotal_paise: 15_000,
            shipping_paise: 0,
            tax_paise: 0,
            total_paise: 15_000,
            customer_name: `Farmer ${b.i}`,
            customer_email: `farmer${b.i}@example.in`,
            customer_phone: `+91 9${String(b.i).padStart(4, "0")} ${String(b.i).padStart(5, "0")}`,
            street: "1 Test Street",
            city: "Nashik",
            state: "Maharashtra",
            pincode: "422007",
            locale: b.i % 2 === 0 ? ("hi" as const) : ("en" as const),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto("order_line")
        .values(
          batch.map((b) => ({
            id: b.lineId,
            order_id: b.orderId,
            product_id: productId,
            variant_id: productId,
            vendor_id: null,
            name: "Hybrid tomato seed (10 g)",
            image: "/images/products/test.svg",
            unit_price_paise: 15_000,
            quantity: 1,
            line_total_paise: 15_000,
          })),
        )
        .execute();
    });
    lineIds.push(...batch.map((b) => b.lineId));
  }
  await db
    .insertInto("lot")
    .values({
      id: lotId,
      product_id: productId,
      variant_id: productId,
      number: "TOM-2611-A",
      quantity: 500,
      received_quantity: 500 + orders,
      expires_on: addDays(indiaToday(), 200),
      sell_before: addDays(indiaToday(), 200),
      received_at: now,
    })
    .execute();
  for (let start = 0; start < lineIds.length; start += BATCH) {
    await db
      .insertInto("order_line_lot")
      .values(lineIds.slice(start, start + BATCH).map((id) => ({ order_line_id: id, lot_id: lotId, quantity: 1 })))
      .execute();
  }
  await db.transaction().execute((trx) => syncLotStock(trx, engine, [productId]));
  console.log(
    `seeded ${orders.toLocaleString("en-IN")} delivered orders on ${engine} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const t = performance.now();
  const outcome = await recallLot({ lotId, reason: "Germination below the label's 70%", actor: { role: "admin", id: "bench" } });
  const ms = performance.now() - t;
  const queued = await db
    .selectFrom("outbox")
    .select(["channel", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("channel")
    .orderBy("channel")
    .execute();
  const stock = await db.selectFrom("product_variant").select("stock").where("id", "=", productId).executeTakeFirstOrThrow();
  console.log(
    `recall over ${orders.toLocaleString("en-IN")} delivered orders (${engine}): ${(ms / 1000).toFixed(2)} s; ` +
      `${outcome.toldCustomers.toLocaleString("en-IN")} customers told; outbox ${queued.map((q) => `${q.channel} ${Number(q.n)}`).join(", ")}; stock now ${Number(stock.stock)}`,
  );
  if (ms > 10_000) process.exitCode = 1;
} finally {
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
  if (engine === "postgres") await pgAdmin(`drop database if exists ${BENCH_DB}`);
}
