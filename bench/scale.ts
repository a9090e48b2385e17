// Scale benchmark: catalogue latency at 1,000 and 100,000 products on SQLite and PostgreSQL, order
// throughput with 50 concurrent customers, and a bare Hono "hello" route for reference.
//   npm run bench:scale [-- --engines sqlite,postgres --large 100000 --duration 8 --no-build --only crop]
// Seeded databases are cached in /tmp (SQLite files) and as angle_bench_* PostgreSQL databases,
// named with SEED_VERSION: raise it when bench/seed.ts changes what it makes.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");
const { values } = parseArgs({
  options: {
    engines: { type: "string", default: "sqlite,postgres" },
    small: { type: "string", default: "1000" },
    large: { type: "string", default: "100000" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "20" },
    "no-build": { type: "boolean", default: false },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    /** Only the latency cases whose label contains this text (e.g. "crop"); the order run is skipped. */
    only: { type: "string" },
  },
});
/** 2: pack sizes, crops and seasons (issue 12); 3: product.variant_count. */
const SEED_VERSION = 3;
const engines = values.engines.split(",") as ("sqlite" | "postgres")[];
const sizes: [number, number] = [Number(values.small), Number(values.large)];
const duration = Number(values.duration);
const connections = Number(values.connections);
const BUILD_DIR = "build-bench";
const children = new Set<ChildProcess>();
const cleanup = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function runSync(cmd: string, args: string[], env: Record<string, string | undefined> = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

function pgUrl(db: string) {
  const u = new URL(values["pg-url"]);
  u.pathname = `/${db}`;
  return u.toString();
}

async function pgQuery(sql: string) {
  const c = new pg.Client({ connectionString: values["pg-url"] });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A seeded database for `n` products, made once and reused: env for the server. */
async function seeded(engine: "sqlite" | "postgres", n: number): Promise<Record<string, string>> {
  if (engine === "sqlite") {
    const path = `/tmp/angle-bench-v${SEED_VERSION}-${n}.sqlite`;
    if (!existsSync(path))
      runSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "bench/seed.ts",
          "--products",
          String(n),
          "--customers",
          String(Math.min(2000, n)),
          "--orders",
          String(Math.min(10000, n * 2)),
        ],
        { SQLITE_PATH: path, DATABASE_URL: "", SEED_ON_EMPTY: "false" },
      );
    return { SQLITE_PATH: path, DATABASE_URL: "" };
  }
  const name = `angle_bench_v${SEED_VERSION}_${n}`;
  const exists = (await pgQuery(`select 1 from pg_database where datname = '${name}'`)).rowCount;
  if (!exists) {
    await pgQuery(`create database ${name}`);
    runSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "bench/seed.ts",
        "--products",
        String(n),
        "--customers",
        String(Math.min(2000, n)),
        "--orders",
        String(Math.min(10000, n * 2)),
      ],
      { DATABASE_URL: pgUrl(name), SEED_ON_EMPTY: "false" },
    );
  }
  return { DATABASE_URL: pgUrl(name) };
}

async function startServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      BUILD_DIR,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "::",
      BASE_URL: `http://localhost:${port}`,
      SEED_ON_EMPTY: "false",
      RATE_LIMIT_REGISTER_MAX: "100000",
      // 50 bench customers sign in from one address.
      RATE_LIMIT_SIGNIN_MAX: "100000",
      // The order benchmark is 50 customers ordering as fast as they can, from one address.
      RATE_LIMIT_CHECKOUT_MAX: "100000",
      RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "100000",
      ORDER_MAX_OPEN_UNPAID: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {}
    await sleep(250);
  }
  throw new Error("server did not start");
}

async function stop(child: ChildProcess) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  children.delete(child);
}

type Load = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
async function load(url: string): Promise<Load> {
  const r = await autocannon({ url, connections, duration });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** 50 customers, each its own session, placing orders for a scarce product as fast as they can. */
async function orderThroughput(base: string, env: Record<string, string>) {
  const { openDatabase } = await import("../app/db/db.server");
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL || undefined, sqlitePath: env.SQLITE_PATH ?? "" });
  const { db } = handle;
  const product = await db
    .selectFrom("product")
    .select(["id"])
    .where("status", "=", "live")
    .orderBy("id")
    .limit(1)
    .executeTakeFirstOrThrow();
  const STOCK = 3000;
  // The whole stock in the product's first size (whose id is the product's), as the checkout asks for it.
  await db.updateTable("product_variant").set({ stock: 0 }).where("product_id", "=", product.id).execute();
  await db.updateTable("product_variant").set({ stock: STOCK }).where("id", "=", product.id).execute();
  await db.updateTable("product").set({ stock: STOCK }).where("id", "=", product.id).execute();
  const ordersBefore = Number(
    (
      await db
        .selectFrom("order_line")
        .where("product_id", "=", product.id)
        .select((eb) => eb.fn.sum<number>("quantity").as("q"))
        .executeTakeFirst()
    )?.q ?? 0,
  );

  base = base.replace("127.0.0.1", "localhost");
  const origin = base;
  const post = (body: Record<string, string>) =>
    fetch(`${base}/account/auth`, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
    });
  const cookies = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const email = `bench-${Date.now()}-${i}@example.in`;
      const address = { phone: "9876543210", street: "1 Road", city: "Pune", state: "Maharashtra", pincode: "411001" };
      await post({ intent: "register", name: `Bench ${i}`, email, password: "bench-pass-1", ...address });
      // Registration signs nobody in and orders wait for a confirmed address: confirmed here as the
      // emailed link would (this measures ordering, not email), then a password sign-in.
      await db.updateTable("user").set({ emailVerified: sql<boolean>`true` }).where("email", "=", email).execute();
      const res = await post({ intent: "login", email, password: "bench-pass-1" });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      // A customer who could not sign in would only measure 401s.
      if (!cookie) throw new Error(`bench customer ${i} could not sign in (HTTP ${res.status})`);
      return cookie;
    }),
  );
  let ok = 0;
  let refused = 0;
  let errors = 0;
  const errorStatuses = new Map<string, number>();
  const until = Date.now() + duration * 1000;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (Date.now() < until) {
        const res = await fetch(`${base}/checkout`, {
          method: "POST",
          redirect: "manual",
          headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            items: JSON.stringify([{ productId: product.id, quantity: 1 }]),
            checkoutKey: crypto.randomUUID(),
            paymentMethod: "cod",
            phone: "9876543210",
            street: "1 Road",
            city: "Pune",
            state: "Maharashtra",
            pincode: "411001",
          }),
        }).catch(() => null);
        await res?.arrayBuffer().catch(() => {});
        if (res?.status === 302) ok++;
        else if (res?.status === 409) refused++;
        else {
          errors++;
          const key = String(res?.status ?? "no answer");
          errorStatuses.set(key, (errorStatuses.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const after = await db.selectFrom("product").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
  const sold =
    Number(
      (
        await db
          .selectFrom("order_line")
          .where("product_id", "=", product.id)
          .select((eb) => eb.fn.sum<number>("quantity").as("q"))
          .executeTakeFirst()
      )?.q ?? 0,
    ) - ordersBefore;
  await handle.close();
  const oversold =
    Math.max(0, sold - STOCK) +
    (Number(after.stock) < 0 ? 1 : 0) +
    (STOCK - Number(after.stock) !== sold ? Math.abs(STOCK - Number(after.stock) - sold) : 0);
  return {
    ordersPerSecond: Math.round(ok / duration),
    placed: ok,
    refused,
    errors,
    errorStatuses: Object.fromEntries(errorStatuses),
    oversold,
    stockLeft: Number(after.stock),
  };
}

async function helloBaseline() {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const {Hono}=require("hono");const {serve}=require("@hono/node-server");const a=new Hono();a.get("/",c=>c.text("hello"));serve({fetch:a.fetch,port:3299,hostname:"127.0.0.1"})`,
    ],
    { cwd: ROOT, stdio: "ignore" },
  );
  children.add(child);
  for (let i = 0; i < 40; i++) {
    try {
      if ((await fetch("http://127.0.0.1:3299/")).ok) break;
    } catch {}
    await sleep(100);
  }
  const r = await load("http://127.0.0.1:3299/");
  await stop(child);
  return r;
}

async function main() {
  if (!values["no-build"]) runSync("npx", ["react-router", "build"], { BUILD_DIR });
  const hello = await helloBaseline();
  console.log(`bare Hono hello: ${hello.rps} req/s (p50 ${hello.p50} ms, p99 ${hello.p99} ms)`);
  const results: Record<string, unknown> = { hello };
  let port = 4300; // clear of 3306 (MariaDB) and the test ports
  for (const engine of engines) {
    const perSize: Record<number, Record<string, Load>> = {};
    for (const n of sizes) {
      const env = await seeded(engine, n);
      const server = await startServer(++port, env);
      const base = `http://127.0.0.1:${port}`;
      const productHtml = await (await fetch(`${base}/products?sort=rating`)).text();
      const productPath = /href="(\/products\/[a-z0-9]+)"/.exec(productHtml)?.[1] ?? "/products";
      const paths = {
        "/products": "/products",
        search: "/products?q=neem",
        // Issue 12: a spelling variant, two words in any order, best match over a common word, and a miss that suggests names.
        "search fertilizer": "/products?q=fertilizer",
        "search tractor mahindra": "/products?q=tractor+mahindra",
        "search seed (best)": "/products?q=seed",
        "search tomatto": "/products?q=tomatto",
        "category+price-high": "/products?category=tools&sort=price-high",
        "product page": productPath,
        // Issue 12: crop pages, the first and a later page in each sort, filtered, and /crops.
        "/crops": "/crops",
        "crop name": "/crops/tomato",
        "crop name p3": "/crops/tomato?page=3",
        "crop price-low": "/crops/tomato?sort=price-low",
        "crop price-low p3": "/crops/tomato?sort=price-low&page=3",
        "crop price-high": "/crops/tomato?sort=price-high",
        "crop price-high p3": "/crops/tomato?sort=price-high&page=3",
        "crop rating": "/crops/tomato?sort=rating",
        "crop rating p3": "/crops/tomato?sort=rating&page=3",
        "crop seeds kharif": "/crops/tomato?category=seeds&season=kharif",
      };
      const loads: Record<string, Load> = {};
      perSize[n] = loads;
      for (const [label, path] of Object.entries(paths)) {
        if (values.only && !label.includes(values.only)) continue;
        // The latency of an error page measures nothing: every case must answer 200 first.
        const probe = await fetch(base + path);
        if (probe.status !== 200) throw new Error(`${engine} ${n} ${label}: GET ${path} answered ${probe.status}, not 200`);
        const l = await load(base + path);
        if (l.non2xx > 0) throw new Error(`${engine} ${n} ${label}: ${l.non2xx} answers were not 2xx under load`);
        loads[label] = l;
        console.log(
          `${engine} ${n.toLocaleString("en-IN")} ${label.padEnd(20)} ${String(l.rps).padStart(5)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  non-2xx ${l.non2xx}  errors ${l.errors}`,
        );
      }
      await stop(server);
    }
    const [small, large] = sizes;
    for (const [label, before] of Object.entries(perSize[small] ?? {})) {
      const after = perSize[large]?.[label];
      if (!after) continue;
      const ratio = after.p50 / Math.max(before.p50, 0.01);
      console.log(`${engine} ${label.padEnd(20)} p50 ratio ${large}/${small} = ${ratio.toFixed(2)} (goal ≤ 1.5)`);
    }
    results[engine] = { perSize };
    if (values.only) continue;
    // Order throughput on a small catalogue, fresh per run.
    const dir = mkdtempSync(join(tmpdir(), "angle-orders-"));
    let env: Record<string, string>;
    if (engine === "sqlite") {
      env = { SQLITE_PATH: join(dir, "orders.sqlite"), DATABASE_URL: "" };
      runSync(process.execPath, ["--import", "tsx", "bench/seed.ts", "--products", "1000", "--customers", "10", "--orders", "10"], {
        ...env,
        SEED_ON_EMPTY: "false",
      });
    } else {
      await pgQuery("drop database if exists angle_bench_orders with (force)");
      await pgQuery("create database angle_bench_orders");
      env = { DATABASE_URL: pgUrl("angle_bench_orders") };
      runSync(process.execPath, ["--import", "tsx", "bench/seed.ts", "--products", "1000", "--customers", "10", "--orders", "10"], {
        ...env,
        SEED_ON_EMPTY: "false",
      });
    }
    const server = await startServer(++port, env);
    const orders = await orderThroughput(`http://127.0.0.1:${port}`, env);
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
    console.log(
      `${engine} orders, 50 concurrent customers: ${orders.ordersPerSecond} orders/s (${orders.placed} placed, ${orders.refused} refused, ${orders.errors} errors ${JSON.stringify(orders.errorStatuses)}, ${orders.oversold} oversold, stock left ${orders.stockLeft})`,
    );
    results[engine] = { perSize, orders };
  }
  console.log(JSON.stringify(results));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
