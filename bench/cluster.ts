// Cluster benchmark: `npm run bench:cluster` (= tsx bench/cluster.ts).
//
// Two web processes (PROCESS_ROLE=web) and one worker (PROCESS_ROLE=worker) on a PostgreSQL database
// of their own (made here, dropped at the end), behind the round-robin proxy (TRUST_PROXY_HOPS=1),
// with photos in the local S3 server, mail through a loopback SMTP server and traces to a local OTLP
// receiver (tests/helpers/cluster.ts, which tests/integration/cluster.test.ts runs smaller). It loads
// the catalogue through the proxy, places concurrent orders, waits for their emails, uploads a photo
// through one instance and fetches it through the other, and reads the metrics and spans; it writes
// bench/cluster-latest.json and exits non-zero unless every check holds.
//   npm run bench:cluster [-- --orders 50 --seconds 5 --connections 20 --no-build --build-dir build-bench --pg-url postgres://…]
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { checkCluster, clusterFailures, startCluster } from "../tests/helpers/cluster.ts";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");
const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "50" },
    /** Seconds of load on each catalogue page. */
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    "no-build": { type: "boolean", default: false },
    "build-dir": { type: "string", default: "build-bench" },
    /** A PostgreSQL server's address, for making and dropping the benchmark's own database. */
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    /** s3 (the local S3 server) or disk (one upload folder shared by the processes, as on one machine). */
    storage: { type: "string", default: "s3" },
    /** Every process's warnings and errors on stderr as they come. */
    logs: { type: "boolean", default: false },
  },
});

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: values["pg-url"] });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  const orders = Number(values.orders);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  if (!(Number.isInteger(orders) && orders > 0 && seconds > 0 && connections > 0))
    throw new Error("--orders, --seconds and --connections must be positive numbers");
  if (values.storage !== "s3" && values.storage !== "disk") throw new Error(`--storage must be s3 or disk, not ${values.storage}`);
  const buildDir = values["build-dir"];
  if (!values["no-build"]) {
    const built = spawnSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: "inherit",
    });
    if (built.status !== 0) throw new Error("the build failed");
  }
  // Named by this process, so two benchmarks at once never share one.
  const database = `angle_bench_cluster_${process.pid}`;
  const url = new URL(values["pg-url"]);
  url.pathname = `/${database}`;
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  try {
    const cluster = await startCluster({ databaseUrl: url.toString(), buildDir, storage: values.storage, showLogs: values.logs });
    try {
      const report = await checkCluster(cluster, { orders, load: { seconds, connections } });
      const failures = clusterFailures(report);
      for (const l of report.catalogue)
        console.log(
          `cluster GET ${l.path.padEnd(28)} ${String(l.rps).padStart(5)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms  non-2xx ${l.non2xx}  errors ${l.errors}`,
        );
      console.log(
        `cluster orders: ${report.orders.placed} of ${report.orders.wanted} placed (${report.orders.errors} errors), emails ${report.emails.lost} lost / ${report.emails.duplicated} duplicated, outbox rows not sent once ${report.outbox.notSentOnce}; photo across instances HTTP ${report.photo.otherInstanceStatus}; metrics web ${report.metrics.web.map((m) => m.status).join("/")} worker ${report.metrics.worker.status}; ${report.spans} spans; proxy ${report.proxy.served.join("/")}; load average ${(loadavg()[0] ?? 0).toFixed(2)}`,
      );
      writeFileSync(
        join(ROOT, "bench/cluster-latest.json"),
        `${JSON.stringify({ at: new Date().toISOString(), orders, seconds, connections, report, failures }, null, 2)}\n`,
      );
      if (failures.length > 0) {
        for (const p of cluster.processes) if (p.errorsLogged > 0) console.error(p.lastLines.join("\n"));
        throw new Error(`the cluster checks failed:\n  ${failures.join("\n  ")}`);
      }
      console.log("cluster: every check held (bench/cluster-latest.json)");
    } finally {
      await cluster.stop();
    }
  } finally {
    await admin(`drop database if exists ${database} with (force)`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
