// Database time of the crop pages (findProducts with a crop) and /crops' counts, without HTTP or
// rendering: the median of many runs, so that a busy machine disturbs it less than a load test.
//   SQLITE_PATH=/tmp/angle-bench-v2-100000.sqlite npx tsx bench/crop-queries.ts [--runs 200]
//   DATABASE_URL=postgres://…/angle_bench_v2_100000 npx tsx bench/crop-queries.ts
// Point it at a database made by bench/seed.ts (npm run bench:scale caches them).
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "../app/platform/db/db.server";
import { migrateToLatest } from "../app/platform/db/migrate.server";
import { parseCropQuery } from "../app/features/catalog/domain/crop-query";
import { countCropProducts } from "../app/features/catalog/server/count-crop-products.server";
import { findProducts } from "../app/features/catalog/server/find-products.server";

const { values } = parseArgs({ options: { runs: { type: "string", default: "200" }, crop: { type: "string", default: "tomato" } } });
const runs = Number(values.runs);
const CASES = [
  "",
  "page=3",
  "sort=price-low",
  "sort=price-low&page=3",
  "sort=price-high",
  "sort=price-high&page=3",
  "sort=rating",
  "sort=rating&page=3",
  "category=seeds&season=kharif",
  "season=rabi&sort=price-low&page=2",
];

const { db, engine } = getDatabase();
await migrateToLatest(db);
const products = Number(
  (
    await db
      .selectFrom("product")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
);

async function median(run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run(); // warm caches and plans
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

console.log(`${engine}, ${products.toLocaleString("en-IN")} products, median of ${runs} runs`);
console.log(`  /crops counts${" ".repeat(30)}${(await median(countCropProducts)).toFixed(3)} ms`);
for (const qs of CASES) {
  const query = parseCropQuery(new URLSearchParams(qs), values.crop as "tomato");
  const page = await findProducts(query);
  const ms = await median(() => findProducts(query));
  console.log(`  /crops/${values.crop}?${qs.padEnd(36)}${ms.toFixed(3)} ms  (${page.matching} of ${page.total}, page ${page.page})`);
}
await closeDatabase();
