import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "../db/db.server";

/**
 * Leases on background jobs in the database (docs/decisions/068-web-and-worker.md), so that several
 * worker processes on one database run each job once per due time. A claim is one conditional
 * UPDATE and its row count: it takes the job only when nobody holds it (or the holder's lease ran
 * out: a crashed worker) and the job is due, so two workers whose timers fire together cannot both
 * win, on SQLite's single writer or PostgreSQL's row lock alike. The run's end writes the next due
 * time with the release, for every process to read.
 */
export type JobLeases = {
  /** Who claims: host:pid:random, unique per process start. */
  holder: string;
  leaseMs: number;
  /** Takes the job if it is due (or `force`: runNow) and free; otherwise says when to look again. */
  claim: (name: string, now: Date, options?: { force?: boolean }) => Promise<Claim>;
  /** Extends the lease while the run goes on; false when it was lost (ran out and taken by another). */
  renew: (name: string, now: Date) => Promise<boolean>;
  /** Ends the run: frees the job, sets when it is due next and counts the run; false when the lease was lost. */
  release: (name: string, now: Date, run: { nextDueAt: Date; outcome: "ok" | "failed"; error?: string }) => Promise<boolean>;
};

export type Claim = { claimed: true } | { claimed: false; lookAgainAt: Date };

export function newHolderId() {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Errors kept in the table are short: a line for the admin and the metrics, not a stack. */
const ERROR_LENGTH = 500;

export function createJobLeases(db: Db, options: { leaseMs: number; holder?: string }): JobLeases {
  const holder = options.holder ?? newHolderId();
  const { leaseMs } = options;
  const until = (now: Date) => new Date(now.getTime() + leaseMs).toISOString();

  const take = async (name: string, now: Date, force: boolean) => {
    const at = now.toISOString();
    const result = await db
      .updateTable("job_lease")
      .set({ holder, lease_until: until(now) })
      .where("name", "=", name)
      .where((eb) => eb.or([eb("holder", "is", null), eb("lease_until", "<=", at)]))
      .$if(!force, (q) => q.where((eb) => eb.or([eb("next_due_at", "is", null), eb("next_due_at", "<=", at)])))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  return {
    holder,
    leaseMs,
    async claim(name, now, { force = false } = {}) {
      if (await take(name, now, force)) return { claimed: true };
      // The first claim of a job anywhere creates its row (due now); a row another process created
      // at the same moment stays as it is.
      const created = await db
        .insertInto("job_lease")
        .values({ name })
        .onConflict((oc) => oc.column("name").doNothing())
        .executeTakeFirst();
      if (Number(created.numInsertedOrUpdatedRows ?? 0) === 1 && (await take(name, now, force))) return { claimed: true };
      const row = await db
        .selectFrom("job_lease")
        .select(["holder", "lease_until", "next_due_at"])
        .where("name", "=", name)
        .executeTakeFirst();
      // Held: look again when the lease runs out (by then the holder has set the next due time, or
      // crashed and the job is free). Not due: at its time.
      const times = [row?.next_due_at, row?.holder ? row.lease_until : null].filter((t): t is string => typeof t === "string");
      const latest = times.length === 0 ? now : new Date(Math.max(...times.map((t) => Date.parse(t))));
      return { claimed: false, lookAgainAt: latest };
    },
    async renew(name, now) {
      const result = await db
        .updateTable("job_lease")
        .set({ lease_until: until(now) })
        .where("name", "=", name)
        .where("holder", "=", holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async release(name, now, run) {
      const result = await db
        .updateTable("job_lease")
        .set((eb) => ({
          holder: null,
          lease_until: null,
          next_due_at: run.nextDueAt.toISOString(),
          runs: eb("runs", "+", 1),
          failures: run.outcome === "failed" ? eb("failures", "+", 1) : eb.ref("failures"),
          last_run_at: now.toISOString(),
          last_outcome: run.outcome,
          last_error: run.error === undefined ? null : run.error.slice(0, ERROR_LENGTH),
        }))
        .where("name", "=", name)
        .where("holder", "=", holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
