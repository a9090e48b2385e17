import { log } from "./log.server";
import type { JobLeases } from "./jobs/job-leases.server";

/**
 * The server's one scheduler for background jobs (docs/decisions/036-one-scheduler.md): each job runs
 * at start, then at its times, never twice at once; a failure is logged and the job runs again at its
 * next time; `stop` waits for the runs under way. Timers in each process that runs jobs; with `leases`
 * (docs/decisions/068-web-and-worker.md) a job runs only when this process holds its lease in the
 * database and it is due there, so several workers run it once per due time.
 */
export type Job = {
  /** Names the job in the logs and in `list()`: one job per name in a scheduler. */
  name: string;
  /** One run. A rejection is a failure (logged); the job still runs at its next time. */
  run: () => Promise<unknown>;
  /** Called once, after the scheduler has stopped and the last run has ended (a mail transport closes). */
  close?: () => void;
  /** Hands the job its handle when it is added (the outbox worker keeps it: a queued sign-in code goes at once). */
  added?: (handle: JobHandle) => void;
  /** Runs in every process, without a lease: the job shares its work out itself (the outbox claims each message). */
  everyInstance?: boolean;
} & (
  | {
      /** Every this many ms from the start of the run before; a run still going at its time skips that time. */
      every: number;
      after?: never;
    }
  | {
      /** The wait after a run ends, worked out then: a pause between rounds, or until a time of day. */
      after: () => number;
      every?: never;
    }
);

export type JobHandle = {
  /** Runs the job now, or as soon as the run under way ends (never two at once); nothing once stopped. */
  runNow: () => void;
  /** Resolves when the job is not running and no run is asked for. */
  idle: () => Promise<void>;
};

export type JobStatus = {
  name: string;
  running: boolean;
  nextRunAt: string | null;
  /** This process's runs of the job, failures among them, and the last failure's message and time. */
  runs: number;
  failures: number;
  skipped: number;
  lastRunAt: string | null;
  lastError: string | null;
};

export type JobOutcome = "ok" | "failed" | "skipped";

export type SchedulerOptions = {
  /** Leases in the database: without them (tests, one process) every time runs here. */
  leases?: JobLeases;
  /** Told of each run's end (for the metrics); "skipped" when another process held or had just run the job. */
  onJobRun?: (name: string, outcome: JobOutcome, seconds: number) => void;
};

export type Scheduler = {
  /** Adds a job and starts its first run at once. */
  add: (job: Job) => JobHandle;
  /** What runs when: each job, whether it is running now, and when it runs next. */
  list: () => JobStatus[];
  /** Stops every timer, waits for the runs under way, then closes the jobs. Calling it again waits the same. */
  stop: () => Promise<void>;
};

type Entry = {
  job: Job;
  timer?: ReturnType<typeof setTimeout>;
  nextRunAt?: number;
  running?: Promise<void>;
  again: boolean;
  idleWaiters: (() => void)[];
  stats: { runs: number; failures: number; skipped: number; lastRunAt: number | null; lastError: string | null };
};

/** setTimeout's longest wait (about 24.8 days); a longer one would fire at once. */
const LONGEST_WAIT = 2 ** 31 - 1;
const FALLBACK_WAIT = 60_000;
/** The least wait before asking again for a job another process holds (its lease may end any moment). */
const LOOK_AGAIN_AT_LEAST = 250;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const { leases, onJobRun } = options;
  const entries: Entry[] = [];
  let stopping: Promise<void> | undefined;

  const clearTimer = (entry: Entry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.nextRunAt = undefined;
  };

  /** The wait until the job's next time, from the start of the run that just ended. */
  const nextWait = (entry: Entry, startedAt: number) => {
    const now = Date.now();
    const { every, after } = entry.job;
    let wait: number;
    try {
      // `every`: the next of the times startedAt + k·every still to come, as a setInterval that skips a tick while busy.
      wait = every !== undefined ? startedAt + (Math.floor((now - startedAt) / every) + 1) * every - now : after();
      if (!Number.isFinite(wait)) throw new Error(`the wait is ${wait}`);
    } catch (error) {
      log.error({ err: error, job: entry.job.name }, "could not work out when a background job runs next; it runs again in a minute");
      wait = FALLBACK_WAIT;
    }
    return Math.min(Math.max(wait, 0), LONGEST_WAIT);
  };

  const arm = (entry: Entry, delay: number) => {
    entry.nextRunAt = Date.now() + delay;
    entry.timer = setTimeout(() => start(entry, false), delay);
    entry.timer.unref();
  };

  const report = (entry: Entry, outcome: JobOutcome, startedAt: number) => {
    if (outcome === "skipped") entry.stats.skipped++;
    else {
      entry.stats.runs++;
      entry.stats.lastRunAt = startedAt;
    }
    const seconds = (Date.now() - startedAt) / 1000;
    log.debug({ job: entry.job.name, outcome, seconds }, "background job run");
    try {
      onJobRun?.(entry.job.name, outcome, seconds);
    } catch (error) {
      log.error({ err: error, job: entry.job.name }, "a background job's run could not be reported");
    }
  };

  /** One run, with the job's outcome; a rejection is logged here, never thrown. */
  const runOnce = async (entry: Entry): Promise<"ok" | { error: string }> => {
    try {
      await entry.job.run();
      return "ok";
    } catch (error) {
      log.error({ err: error, job: entry.job.name }, "a background job failed; it runs again at its next time");
      entry.stats.failures++;
      entry.stats.lastError = message(error);
      return { error: message(error) };
    }
  };

  /** Under a lease: claim, run with a heartbeat, release with the next due time; or wait for when the job may be due. */
  const runLeased = async (entry: Entry, lease: JobLeases, force: boolean, startedAt: number) => {
    const { name } = entry.job;
    let claim: Awaited<ReturnType<JobLeases["claim"]>>;
    try {
      claim = await lease.claim(name, new Date(), { force });
    } catch (error) {
      log.error({ err: error, job: name }, "could not claim a background job's lease; it is tried again at its next time");
      report(entry, "skipped", startedAt);
      return nextWait(entry, startedAt);
    }
    if (!claim.claimed) {
      report(entry, "skipped", startedAt);
      return Math.min(Math.max(claim.lookAgainAt.getTime() - Date.now(), LOOK_AGAIN_AT_LEAST), LONGEST_WAIT);
    }
    // Renewed well before it runs out: a run longer than the lease keeps it while this process lives.
    const heartbeat = setInterval(
      () => {
        lease.renew(name, new Date()).then(
          (kept) => kept || log.warn({ job: name }, "a background job's lease ran out during its run; another process may run it too"),
          (error: unknown) => log.warn({ err: error, job: name }, "could not renew a background job's lease"),
        );
      },
      Math.max(lease.leaseMs / 3, 50),
    );
    heartbeat.unref();
    let outcome: Awaited<ReturnType<typeof runOnce>>;
    try {
      outcome = await runOnce(entry);
    } finally {
      clearInterval(heartbeat);
    }
    report(entry, outcome === "ok" ? "ok" : "failed", startedAt);
    const wait = nextWait(entry, startedAt);
    try {
      const kept = await lease.release(name, new Date(), {
        nextDueAt: new Date(Date.now() + wait),
        ...(outcome === "ok" ? { outcome: "ok" as const } : { outcome: "failed" as const, error: outcome.error }),
      });
      if (!kept) log.warn({ job: name }, "a background job ended after its lease was taken by another process");
    } catch (error) {
      log.error({ err: error, job: name }, "could not release a background job's lease; it runs out on its own");
    }
    return wait;
  };

  const start = (entry: Entry, force: boolean) => {
    if (stopping) return;
    clearTimer(entry);
    entry.again = false;
    const startedAt = Date.now();
    const lease = entry.job.everyInstance ? undefined : leases;
    const run = lease
      ? runLeased(entry, lease, force, startedAt)
      : runOnce(entry).then((outcome) => {
          report(entry, outcome === "ok" ? "ok" : "failed", startedAt);
          return nextWait(entry, startedAt);
        });
    entry.running = run.then((wait) => {
      entry.running = undefined;
      if (entry.again && !stopping) return start(entry, true);
      if (!stopping) arm(entry, wait);
      for (const resolve of entry.idleWaiters.splice(0)) resolve();
    });
  };

  return {
    add(job) {
      if (stopping) throw new Error(`The scheduler has stopped: ${job.name} cannot be added.`);
      if (entries.some((e) => e.job.name === job.name)) throw new Error(`A job named ${job.name} is scheduled already.`);
      if (job.every !== undefined && !(Number.isFinite(job.every) && job.every > 0)) {
        throw new Error(`${job.name}: every must be a positive number of milliseconds.`);
      }
      const entry: Entry = {
        job,
        again: false,
        idleWaiters: [],
        stats: { runs: 0, failures: 0, skipped: 0, lastRunAt: null, lastError: null },
      };
      entries.push(entry);
      const handle: JobHandle = {
        runNow() {
          if (stopping) return;
          if (entry.running) entry.again = true;
          else start(entry, true);
        },
        idle() {
          if (!entry.running && !entry.again) return Promise.resolve();
          return new Promise((resolve) => entry.idleWaiters.push(resolve));
        },
      };
      job.added?.(handle);
      start(entry, false);
      return handle;
    },
    list() {
      return entries.map(({ job, running, nextRunAt, stats }) => ({
        name: job.name,
        running: running !== undefined,
        nextRunAt: nextRunAt === undefined ? null : new Date(nextRunAt).toISOString(),
        runs: stats.runs,
        failures: stats.failures,
        skipped: stats.skipped,
        lastRunAt: stats.lastRunAt === null ? null : new Date(stats.lastRunAt).toISOString(),
        lastError: stats.lastError,
      }));
    },
    stop() {
      stopping ??= (async () => {
        for (const entry of entries) {
          clearTimer(entry);
          entry.again = false;
        }
        await Promise.all(entries.map((entry) => entry.running));
        for (const { job } of entries) {
          try {
            job.close?.();
          } catch (error) {
            log.error({ err: error, job: job.name }, "a background job could not be closed");
          }
        }
      })();
      return stopping;
    },
  };
}
