import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { spawnBuiltServer } from "../helpers/built-server";
import { freePort } from "../helpers/free-port";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { defined } from "~/platform/defined";

/**
 * Two worker processes (PROCESS_ROLE=worker) on one database, as in production behind several web
 * processes: each periodic job runs once for its time, however many workers' timers fire for it,
 * and a worker killed while it holds a job's lease hands the job to the other once the lease runs
 * out (JOB_LEASE_SECONDS=2 here). Each worker says at debug level how each of its runs ended.
 */
type Worker = { child: ChildProcess; runs: { job: string; outcome: string }[] };
const workers: Worker[] = [];
const { engine } = getDatabase();

async function startWorker(): Promise<Worker> {
  const child = spawnBuiltServer(
    {
      PROCESS_ROLE: "worker",
      PORT: String(await freePort()),
      LOG_LEVEL: "debug",
      SEED_ON_EMPTY: "false",
      FAKE_GATEWAY: "off",
      JOB_LEASE_SECONDS: "2",
      PAYMENT_SWEEP_SECONDS: "1",
    },
    ["ignore", "pipe", "inherit"],
  );
  const worker: Worker = { child, runs: [] };
  let rest = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      const entry = JSON.parse(line) as { msg?: string; job?: string; outcome?: string };
      if (entry.msg === "background job run" && entry.job && entry.outcome) worker.runs.push({ job: entry.job, outcome: entry.outcome });
    }
  });
  workers.push(worker);
  return worker;
}

afterAll(() => {
  for (const { child } of workers) if (child.exitCode === null) child.kill("SIGKILL");
});

const lease = (name: string) => getDb().selectFrom("job_lease").selectAll().where("name", "=", name).executeTakeFirst();
const HOURLY = ["licence sweep", "lots sweep", "stock alerts", "unconfirmed-account purge"];

it("runs each periodic job once for its time, though both workers' timers fire for it together", async () => {
  const [a, b] = await Promise.all([startWorker(), startWorker()]);
  const firstOutcome = (w: Worker, job: string) => w.runs.find((r) => r.job === job)?.outcome;
  // Each worker has tried each job once: one ran it, the other was told it was taken or not due.
  await expect
    .poll(() => HOURLY.every((job) => firstOutcome(a, job) && firstOutcome(b, job)), { timeout: 60_000, interval: 100 })
    .toBe(true);
  for (const job of HOURLY) {
    expect(
      [firstOutcome(a, job), firstOutcome(b, job)].filter((o) => o !== "skipped"),
      job,
    ).toHaveLength(1);
    expect(await lease(job), job).toMatchObject({ runs: 1, holder: null });
  }
  // The payment sweep, due every second, is shared out between them, each time by one.
  await expect.poll(async () => Number((await lease("payment sweep"))?.runs ?? 0), { timeout: 30_000, interval: 100 }).toBeGreaterThan(3);
}, 120_000);

it("gives a job to the other worker once the lease of the worker killed in its run runs out", async () => {
  const [a, b] = [defined(workers[0], "the first worker"), defined(workers[1], "the second worker")];
  const holderPid = (holder: string | null | undefined) => Number(holder?.split(":")[1]);
  let killed: Worker;
  if (engine === "postgres") {
    // The payment sweep's next run waits on the payments table, which the test holds: a run under way.
    const client = new pg.Client({ connectionString: defined(getEnv().DATABASE_URL, "the test's database") });
    await client.connect();
    await client.query("begin");
    await client.query("lock table payment in access exclusive mode");
    await expect.poll(async () => (await lease("payment sweep"))?.holder ?? null, { timeout: 30_000, interval: 50 }).not.toBeNull();
    const held = await lease("payment sweep");
    killed = defined(
      workers.find((w) => w.child.pid === holderPid(held?.holder)),
      "the worker holding the lease",
    );
    killed.child.kill("SIGKILL");
    await new Promise((resolve) => killed.child.once("exit", resolve));
    await client.query("commit");
    await client.end();
    const survivor = killed === a ? b : a;
    const runsBefore = Number(held?.runs);
    // The survivor waits for the lease to run out (no one releases it), then runs the sweep itself.
    await expect
      .poll(async () => Number((await lease("payment sweep"))?.runs), { timeout: 30_000, interval: 100 })
      .toBeGreaterThan(runsBefore);
    expect(survivor.runs.some((r) => r.job === "payment sweep" && r.outcome === "ok")).toBe(true);
  } else {
    // SQLite's one writer cannot hold a run in the middle without holding the claim too: the worker
    // is killed between runs, and the other goes on with every due time alone.
    killed = a;
    killed.child.kill("SIGKILL");
    await new Promise((resolve) => killed.child.once("exit", resolve));
    const runsBefore = Number((await lease("payment sweep"))?.runs);
    const survivorRuns = b.runs.filter((r) => r.job === "payment sweep" && r.outcome === "ok").length;
    await expect
      .poll(async () => Number((await lease("payment sweep"))?.runs), { timeout: 30_000, interval: 100 })
      .toBeGreaterThan(runsBefore + 1);
    expect(b.runs.filter((r) => r.job === "payment sweep" && r.outcome === "ok").length).toBeGreaterThan(survivorRuns);
  }
}, 120_000);

it("lets a worker told to stop finish its run, release the lease and exit 0", async () => {
  const survivor = defined(
    workers.find((w) => w.child.exitCode === null && w.child.signalCode === null),
    "the worker still running",
  );
  const exited = new Promise<number | null>((resolve) => survivor.child.once("exit", (code) => resolve(code)));
  if (engine === "postgres") {
    // Stopped in the middle of a run that waits on the test's lock.
    const client = new pg.Client({ connectionString: defined(getEnv().DATABASE_URL, "the test's database") });
    await client.connect();
    await client.query("begin");
    await client.query("lock table payment in access exclusive mode");
    await expect.poll(async () => (await lease("payment sweep"))?.holder ?? null, { timeout: 30_000, interval: 50 }).not.toBeNull();
    survivor.child.kill("SIGTERM");
    await client.query("commit");
    await client.end();
  } else {
    survivor.child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
  expect(await lease("payment sweep")).toMatchObject({ holder: null, lease_until: null });
}, 120_000);
