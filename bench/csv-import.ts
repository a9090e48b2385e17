// CSV import of 10,000 rows (2,500 products × 4 pack sizes), all or nothing, on SQLite and PostgreSQL:
// the time to upload (read and check the file), preview (plan against the store) and apply (one
// transaction), for new products, then for the export of those products re-imported with every
// price changed, then unchanged (a no-op). Each engine gets a fresh, empty, migrated database.
// With each time, the longest the event loop was kept busy meanwhile (main-thread CPU time between
// two runs of a 10 ms timer: how long another visitor's request would have waited), and the same
// for refusing a 5 MB file of 50,000 unknown columns.
//   npm run bench:import [-- --engines sqlite,postgres --products 2500 --sizes 4]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");
const { values } = parseArgs({
  options: {
    engines: { type: "string", default: "sqlite,postgres" },
    products: { type: "string", default: "2500" },
    sizes: { type: "string", default: "4" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    /** Internal: run one engine's measurement in this process (the database is chosen at import time). */
    child: { type: "boolean", default: false },
  },
});
const products = Number(values.products);
const sizes = Number(values.sizes);

type Timing = {
  rows: number;
  uploadMs: number;
  previewMs: number;
  applyMs: number;
  /** The longest busy stretch of the event loop during each step. */
  uploadStallMs: number;
  previewStallMs: number;
  applyStallMs: number;
  counts: Record<string, number>;
};

/** How long `work` takes, and the longest the event loop was kept busy meanwhile (main-thread CPU time between two turns of a 10 ms timer). */
async function timed<T>(work: () => Promise<T>) {
  const busy = () => {
    const used = process.threadCpuUsage();
    return (used.user + used.system) / 1000;
  };
  let last = busy();
  let stallMs = 0;
  const tick = () => {
    const now = busy();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  };
  const timer = setInterval(tick, 10);
  const start = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - start;
    tick();
    return { value, ms, stallMs };
  } finally {
    clearInterval(timer);
  }
}

async function measure(): Promise<{ runs: Record<string, Timing>; wide: { ms: number; stallMs: number; status: number } }> {
  const { getDb, closeDatabase, getDatabase } = await import("../app/platform/db/db.server");
  const { migrateToLatest } = await import("../app/platform/db/migrate.server");
  const { CATALOG_COLUMNS } = await import("../app/features/catalog/domain/catalog-csv");
  const { CSV_BOM } = await import("../app/platform/core/csv");
  const { csvRows, readCsv } = await import("../app/platform/csv.server");
  const { uploadCatalogCsv, previewCatalogImport } = await import("../app/features/catalog/server/upload-catalog-csv.server");
  const { applyCatalogImport } = await import("../app/features/catalog/server/apply-catalog-import.server");
  const { exportCatalogCsvText } = await import("../app/features/catalog/server/export-catalog-csv.server");
  await migrateToLatest(getDatabase().db);
  const userId = "benchadmin0000000001";
  const now = new Date().toISOString();
  await getDb()
    .insertInto("user")
    .values({
      id: userId,
      name: "Bench Admin",
      email: "bench-admin@example.in",
      emailVerified: 1,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: "admin",
      banned: 0,
      banReason: null,
      banExpires: null,
      phone: "+91 98765 43210",
      street: "1 Bench Road",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
    })
    .execute();
  const admin = { role: "admin" as const, userId };

  async function run(records: string[][]): Promise<Timing> {
    const file = new File([CSV_BOM + csvRows(records)], "bench.csv", { type: "text/csv" });
    const upload = await timed(() => uploadCatalogCsv(admin, file));
    const uploaded = upload.value;
    if (!uploaded.ok) throw new Error(uploaded.error.code);
    const preview = await timed(() => previewCatalogImport(admin, uploaded.id));
    const plan = preview.value?.plan;
    if (!plan || plan.errors.length) throw new Error(`preview: ${JSON.stringify(plan?.errors.slice(0, 3))}`);
    const apply = await timed(() => applyCatalogImport(admin, uploaded.id));
    return {
      rows: records.length - 1,
      uploadMs: upload.ms,
      previewMs: preview.ms,
      applyMs: apply.ms,
      uploadStallMs: upload.stallMs,
      previewStallMs: preview.stallMs,
      applyStallMs: apply.stallMs,
      counts: apply.value,
    };
  }

  const col = (c: (typeof CATALOG_COLUMNS)[number]) => CATALOG_COLUMNS.indexOf(c);
  const rows: string[][] = [[...CATALOG_COLUMNS]];
  for (let p = 0; p < products; p++) {
    for (let s = 0; s < sizes; s++) {
      const row = CATALOG_COLUMNS.map(() => "");
      row[col("handle")] = `p${p}`;
      if (s === 0) {
        row[col("name")] = `Bench Hybrid Seed ${p}`;
        row[col("category")] = "seeds";
        row[col("hsn_code")] = "12099160";
        row[col("gst_rate")] = "0";
        row[col("description")] = "High-yield hybrid, tolerant to leaf curl. Sow 2 cm deep, 45 cm apart.";
        row[col("crops")] = p % 3 ? "tomato, chilli" : "paddy";
        row[col("season")] = "kharif";
      }
      row[col("size_label")] = `${(s + 1) * 10} g`;
      row[col("pack_quantity")] = String((s + 1) * 10);
      row[col("pack_unit")] = "g";
      row[col("sku")] = `BENCH-${p}-${s}`;
      row[col("mrp_rupees")] = String(150 + s * 100);
      row[col("price_rupees")] = String(120 + s * 90);
      row[col("stock")] = String(10 + s);
      rows.push(row);
    }
  }
  const created = await run(rows);
  const exported = readCsv(await exportCatalogCsvText(admin), 100_000);
  const repriced = exported.map((r, i) => (i === 0 ? r : r.map((c, j) => (j === col("price_rupees") ? String(Number(c) - 1) : c))));
  const updated = await run(repriced);
  const unchanged = await run(readCsv(await exportCatalogCsvText(admin), 100_000));
  // A file of 50,000 unknown columns, just under 5 MB: refused at its 61st cell.
  const header = Array.from({ length: 50_000 }, (_, i) => `c${i}`).join(",");
  const emptyRow = `${",".repeat(49_999)}x\r\n`;
  const wideText = `${header}\r\n${emptyRow.repeat(Math.floor((5 * 1024 * 1024 - header.length - 10) / emptyRow.length))}`;
  const wide = await timed(() => uploadCatalogCsv(admin, new File([wideText], "wide.csv", { type: "text/csv" })));
  if (wide.value.ok) throw new Error("the 50,000-column file was accepted");
  await closeDatabase();
  return { runs: { created, updated, unchanged }, wide: { ms: wide.ms, stallMs: wide.stallMs, status: wide.value.status } };
}

async function main() {
  if (values.child) {
    console.log(JSON.stringify(await measure()));
    return;
  }
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const engine of values.engines.split(",")) {
    const dir = mkdtempSync(join(tmpdir(), "angle-csv-bench-"));
    const env: Record<string, string | undefined> = { ...process.env, SEED_ON_EMPTY: "false", NODE_ENV: "production" };
    const dbName = "angle_bench_csv_import";
    if (engine === "postgres") {
      await pgQuery(`drop database if exists ${dbName} with (force)`);
      await pgQuery(`create database ${dbName}`);
      const url = new URL(values["pg-url"]);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
    } else {
      env.DATABASE_URL = "";
      env.SQLITE_PATH = join(dir, "bench.sqlite");
    }
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "bench/csv-import.ts", "--child", "--products", String(products), "--sizes", String(sizes)],
      { cwd: ROOT, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 10_000_000 },
    );
    rmSync(dir, { recursive: true, force: true });
    if (engine === "postgres") await pgQuery(`drop database if exists ${dbName} with (force)`);
    if (r.status !== 0) throw new Error(`${engine}: the import benchmark failed`);
    const last = r.stdout.trim().split("\n").at(-1) ?? "{}";
    results[engine] = JSON.parse(last);
  }
  console.log(`CSV import, ${(products * sizes).toLocaleString("en-IN")} rows (${products} products × ${sizes} sizes), all or nothing`);
  console.log("engine    run        upload ms (busy)  preview ms (busy)  apply ms (busy)   new  changed  unchanged");
  const cell = (ms: number, busy: number, width: number) => `${ms.toFixed(0)} (${busy.toFixed(0)})`.padStart(width);
  for (const [engine, { runs, wide }] of Object.entries(results)) {
    for (const [label, t] of Object.entries(runs)) {
      console.log(
        `${engine.padEnd(9)} ${label.padEnd(10)} ${cell(t.uploadMs, t.uploadStallMs, 16)} ${cell(t.previewMs, t.previewStallMs, 18)} ${cell(
          t.applyMs,
          t.applyStallMs,
          16,
        )} ${String(t.counts.created).padStart(5)} ${String(t.counts.updated).padStart(8)} ${String(t.counts.unchanged).padStart(10)}`,
      );
    }
    console.log(`${engine.padEnd(9)} 50,000 columns refused (${wide.status}) in ${cell(wide.ms, wide.stallMs, 0)} ms`);
  }
  console.log(JSON.stringify({ csvImport: results }));
}

async function pgQuery(text: string) {
  const c = new pg.Client({ connectionString: values["pg-url"] });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
