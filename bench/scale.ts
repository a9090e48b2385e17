// Scale benchmark: catalogue latency at 1,000 and 100,000 products on SQLite and PostgreSQL, order
// throughput with 20 and 50 concurrent customers (cash on delivery; UPI paid at the fake gateway with
// the most), and a bare Hono "hello" route for reference.
//   npm run bench:scale [-- --engines sqlite,postgres --large 100000 --duration 8 --no-build --only crop|orders --customers 20,50 --offers --lots 5]
// Seeded databases are cached in /tmp (SQLite files) and as angle_bench_* PostgreSQL databases,
// named with SEED_VERSION: raise it when bench/seed.ts changes what it makes.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { startFakeGateway } from "../server/fake-gateway/fake-gateway.ts";
import { codFailures, codOrders, type CodResult, holdStockInLots, orderFailures, sellOut, signUpCustomers } from "./orders.ts";
import { prepaidFailures, prepaidOrders } from "./prepaid-orders.ts";
import { couponRush, couponRushFailures, setUpOffers } from "./offers.ts";

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
    /** Only the latency cases whose label contains this text (e.g. "crop"), skipping the order runs; "orders": only the order runs. */
    only: { type: "string" },
    /** Seconds of prepaid orders (create, start payment, pay, verify) per engine. */
    "prepaid-duration": { type: "string", default: "5" },
    /** Concurrent customers of each cash-on-delivery run (the prepaid run has the most). */
    customers: { type: "string", default: "20,50" },
    /** The first port to try for the servers. */
    port: { type: "string", default: "4300" },
    /** The production build the servers run (made here unless --no-build). */
    "build-dir": { type: "string", default: "build-bench" },
    /** Offers in play (issue 31): three automatic offers on every order, and a coupon rush (bench/offers.ts). */
    offers: { type: "boolean", default: false },
    /** Lots (issue 32): every stocked size holds its stock in this many lots (0: no lots). */
    lots: { type: "string", default: "0" },
    /** The rush coupon's uses (fewer than the customers, so some are refused). */
    "coupon-uses": { type: "string", default: "20" },
  },
});
/** 2: pack sizes, crops and seasons (issue 12); 3: product.variant_count; 4: Hindi names (issue 16). */
const SEED_VERSION = 4;
const engines = values.engines.split(",") as ("sqlite" | "postgres")[];
const sizes: [number, number] = [Number(values.small), Number(values.large)];
const duration = Number(values.duration);
const connections = Number(values.connections);
const prepaidDuration = Number(values["prepaid-duration"]);
const onlyOrders = values.only === "orders";
const customerCounts = values.customers.split(",").map(Number);
holdStockInLots(Number(values.lots));
const BUILD_DIR = values["build-dir"];
/** The 1-minute load average now, as every order figure is printed with it. */
const load1 = () => (loadavg()[0] ?? 0).toFixed(2);
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

/** Servers and the hello baseline stop by themselves when this process ends (bench/exit-with-parent.ts). */
const EXIT_WITH_PARENT = ["--import", join(ROOT, "bench/exit-with-parent.ts")];

/** The first port from `from` that nothing on this machine listens on (another store may hold one). */
async function freePort(from: number) {
  for (let port = from; port < from + 200; port++) {
    const free = await new Promise<boolean>((res) => {
      const probe = createServer()
        .once("error", () => res(false))
        .listen({ port, host: "::" }, () => probe.close(() => res(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

async function startServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, [...EXIT_WITH_PARENT, "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The catalogue servers take no payments; the order server gets the benchmark's fake gateway.
      FAKE_GATEWAY: "off",
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
    stdio: ["pipe", "ignore", "inherit"],
  });
  children.add(child);
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited at start (${child.exitCode})`);
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

async function helloBaseline() {
  const child = spawn(
    process.execPath,
    [
      ...EXIT_WITH_PARENT,
      "-e",
      `const {Hono}=require("hono");const {serve}=require("@hono/node-server");const a=new Hono();a.get("/",c=>c.text("hello"));serve({fetch:a.fetch,port:3299,hostname:"127.0.0.1"})`,
    ],
    { cwd: ROOT, stdio: ["pipe", "ignore", "ignore"] },
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

/**
 * The order runs on a fresh small catalogue and one server: cash on delivery with each number of
 * concurrent customers, a sell-out, then UPI paid at the fake gateway. Its PostgreSQL database is
 * named by the port (two benchmarks at once each have their own) and dropped at the end.
 */
async function orderRuns(engine: "sqlite" | "postgres", port: number) {
  const dir = mkdtempSync(join(tmpdir(), "angle-orders-"));
  const pgDb = `angle_bench_orders_${port}`;
  let env: Record<string, string>;
  if (engine === "sqlite") {
    env = { SQLITE_PATH: join(dir, "orders.sqlite"), DATABASE_URL: "" };
  } else {
    await pgQuery(`drop database if exists ${pgDb} with (force)`);
    await pgQuery(`create database ${pgDb}`);
    env = { DATABASE_URL: pgUrl(pgDb) };
  }
  runSync(process.execPath, ["--import", "tsx", "bench/seed.ts", "--products", "1000", "--customers", "10", "--orders", "10"], {
    ...env,
    SEED_ON_EMPTY: "false",
  });
  // The benchmark runs the gateway itself, in this process, so it can count what was captured and the
  // server's CPU goes to the store alone. FAKE_GATEWAY=on still has the store seed its test keys and
  // point the gateway's webhooks at itself (through STRIPE_API_BASE); the fake the server starts of
  // its own listens on a free port, unused.
  const gateway = await startFakeGateway({ port: 0, host: "127.0.0.1" });
  const { openDatabase } = await import("../app/platform/db/db.server");
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL || undefined, sqlitePath: env.SQLITE_PATH ?? "" });
  try {
    const server = await startServer(port, {
      ...env,
      FAKE_GATEWAY: "on",
      FAKE_GATEWAY_PORT: "0",
      RAZORPAY_API_BASE: `${gateway.url}/razorpay`,
      RAZORPAY_CHECKOUT_JS: `${gateway.url}/razorpay/checkout.js`,
      STRIPE_API_BASE: gateway.url,
    });
    try {
      // BASE_URL's host, so the Origin of every form matches the store's.
      const base = `http://localhost:${port}`;
      const customers = await signUpCustomers(base, handle.db, Math.max(...customerCounts));
      const failures: string[] = [];
      if (values.offers) await setUpOffers(handle.db, Number(values["coupon-uses"]));
      const cod: Record<number, CodResult & { load: string }> = {};
      for (const count of customerCounts) {
        const r = await codOrders({ base, db: handle.db, customers: customers.slice(0, count), seconds: duration });
        const load = load1();
        cod[count] = { ...r, load };
        console.log(
          `${engine} orders, ${count} concurrent customers, cash on delivery: ${r.ordersPerSecond} orders/s, load average ${load} (${r.placed} placed, ${r.refused} refused, ${r.errors} errors ${JSON.stringify(r.errorStatuses)}, ${r.oversold} oversold, stock left ${r.stockLeft}, ${r.wrongOrders} orders with wrong totals, lines or emails)`,
        );
        failures.push(...codFailures(r).map((f) => `cash on delivery, ${count} customers: ${f}`));
      }
      const out = await sellOut({ base, db: handle.db, customers });
      console.log(
        `${engine} orders, sell-out of ${out.stock} units to ${customers.length} customers: ${out.placed} placed, ${out.refused} refused, ${out.errors} errors ${JSON.stringify(out.errorStatuses)}, ${out.oversold} oversold, stock left ${out.stockLeft}`,
      );
      failures.push(...orderFailures(out).map((f) => `sell-out: ${f}`));
      const rush = values.offers ? await couponRush({ base, db: handle.db, customers }) : null;
      if (rush) {
        console.log(
          `${engine} orders, coupon rush: ${rush.customers} customers at once for ${rush.limit} uses: ${rush.placed} placed, ${rush.refused} refused, ${rush.errors} errors ${JSON.stringify(rush.errorStatuses)}, uses counted ${rush.uses}, use rows ${rush.useRows}, orders using it ${rush.ordersUsing}, ${rush.overUsed} over-used, ${rush.oversold} oversold`,
        );
        failures.push(...couponRushFailures(rush).map((f) => `coupon rush: ${f}`));
      }
      const prepaid = await prepaidOrders({ base, db: handle.db, customers, seconds: prepaidDuration, gateway });
      console.log(
        `${engine} orders, ${customers.length} concurrent customers, UPI paid (create + start payment + pay + verify): ${prepaid.ordersPerSecond} orders/s, load average ${load1()}, p50 ${prepaid.p50} ms, p95 ${prepaid.p95} ms (step p50s ${JSON.stringify(prepaid.stepP50)}, ${prepaid.paid} paid in ${prepaid.seconds} s, ${prepaid.refused} refused, ${prepaid.errors} errors ${JSON.stringify(prepaid.errorSteps)}, ${prepaid.oversold} oversold, ${prepaid.doubleCharges} double charges, ${prepaid.notPaidOnce} not paid exactly once, ${prepaid.refunds} refunds, ${prepaid.webhooksRefused} of ${prepaid.webhooks} webhooks refused, stock left ${prepaid.stockLeft}, ${prepaid.invoiceGaps} invoice numbers missing or repeated)`,
      );
      failures.push(...prepaidFailures(prepaid).map((f) => `UPI: ${f}`));
      return { cod, sellOut: out, prepaid, rush, failures: failures.map((f) => `${engine} orders, ${f}`) };
    } finally {
      await stop(server);
    }
  } finally {
    await handle.close();
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
    if (engine === "postgres") await pgQuery(`drop database if exists ${pgDb} with (force)`);
  }
}

async function main() {
  if (!(prepaidDuration > 0 && duration > 0)) throw new Error("--duration and --prepaid-duration must be positive numbers of seconds");
  if (!customerCounts.every((n) => Number.isInteger(n) && n > 0)) throw new Error("--customers must be positive whole numbers, e.g. 20,50");
  if (!values["no-build"]) runSync("npx", ["react-router", "build"], { BUILD_DIR });
  const results: Record<string, unknown> = {};
  if (!onlyOrders) {
    const hello = await helloBaseline();
    console.log(`bare Hono hello: ${hello.rps} req/s (p50 ${hello.p50} ms, p99 ${hello.p99} ms)`);
    results.hello = hello;
  }
  const failures: string[] = [];
  let port = Number(values.port); // 4300 by default: clear of 3306 (MariaDB) and the test ports
  for (const engine of engines) {
    const perSize: Record<number, Record<string, Load>> = {};
    for (const n of onlyOrders ? [] : sizes) {
      const env = await seeded(engine, n);
      port = await freePort(port + 1);
      const server = await startServer(port, env);
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
        // Issue 16: a Hindi word, found in Hindi names and, through the synonyms, in English ones.
        "search hindi यूरिया": `/products?q=${encodeURIComponent("यूरिया")}`,
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
    if (values.only && !onlyOrders) continue;
    port = await freePort(port + 1);
    const { failures: failed, ...orders } = await orderRuns(engine, port);
    failures.push(...failed);
    results[engine] = { perSize, orders };
  }
  console.log(JSON.stringify(results));
  if (failures.length > 0) throw new Error(`the order checks failed:\n  ${failures.join("\n  ")}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
