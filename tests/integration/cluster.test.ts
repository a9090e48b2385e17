import { afterAll, expect, it } from "vitest";
import { getDatabase } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { defined } from "~/platform/defined";
import { type Cluster, checkCluster, clusterFailures, startCluster } from "../helpers/cluster";

/**
 * compose.yaml's topology as processes, small: two web instances and a worker on this file's
 * PostgreSQL database, behind the round-robin proxy, photos in the local S3 server, mail through a
 * loopback SMTP server, traces to a local OTLP receiver. `npm run bench:cluster` runs the same
 * (tests/helpers/cluster.ts) with 50 orders and timed load. PostgreSQL only (vitest.config.ts): on
 * SQLite the instances of one machine share a file, which the two-instances test covers.
 */
let cluster: Cluster | undefined;
afterAll(() => cluster?.stop());

it("two web instances and a worker serve the catalogue, take orders, send each email once and share photos", async () => {
  expect(getDatabase().engine).toBe("postgres");
  cluster = await startCluster({
    databaseUrl: defined(getEnv().DATABASE_URL, "the test file's PostgreSQL database"),
    buildDir: process.env.BUILD_DIR ?? "build",
  });
  const report = await checkCluster(cluster, { orders: 10, load: { requests: 60, connections: 6 } });
  expect(clusterFailures(report)).toEqual([]);
  // The checks above are the cluster's done-when; these say the run did what it claims to count.
  expect(report.orders.placed).toBe(10);
  expect(report.emails).toEqual({ orders: 10, lost: 0, duplicated: 0 });
  expect(report.outbox.rows).toBe(10);
  expect(report.proxy.served.every((n) => n > 0)).toBe(true);
}, 240_000);
