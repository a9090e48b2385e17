import { log } from "./log.server";

/**
 * The server's one scheduler for background jobs (docs/decisions/036-one-scheduler.md): each job runs
 * at start, then at its times, never twice at once; a failure is logged and the job runs again at its
 * next time; `stop` waits for the runs under way. No cron and no second process: timers in each
 * server process, so every job must be safe to run in several instances at once.
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

export type JobStatus = { name: string; running: boolean; nextRunAt: string | null };

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
};

/** setTimeout's longest wait (about 24.8 days); a longer one would fire at once. */
const LONGEST_WAIT = 2 ** 31 - 1;
const FALLBACK_WAIT = 60_000;

export function createScheduler(): Scheduler {
  const entries: Entry[] = [];
  let stopping: Promise<void> | undefined;

  const clearTimer = (entry: Entry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.nextRunAt = undefined;
  };

  const schedule = (entry: Entry, startedAt: number) => {
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
    const delay = Math.min(Math.max(wait, 0), LONGEST_WAIT);
    entry.nextRunAt = now + delay;
    entry.timer = setTimeout(() => start(entry), delay);
    entry.timer.unref();
  };

  const start = (entry: Entry) => {
    if (stopping) return;
    clearTimer(entry);
    entry.again = false;
    const startedAt = Date.now();
    let run: Promise<unknown>;
    try {
      run = entry.job.run();
    } catch (error) {
      run = Promise.reject(error);
    }
    entry.running = run
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, job: entry.job.name }, "a background job failed; it runs again at its next time"),
      )
      .then(() => {
        entry.running = undefined;
        if (entry.again && !stopping) return start(entry);
        if (!stopping) schedule(entry, startedAt);
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
      const entry: Entry = { job, again: false, idleWaiters: [] };
      entries.push(entry);
      const handle: JobHandle = {
        runNow() {
          if (stopping) return;
          if (entry.running) entry.again = true;
          else start(entry);
        },
        idle() {
          if (!entry.running && !entry.again) return Promise.resolve();
          return new Promise((resolve) => entry.idleWaiters.push(resolve));
        },
      };
      job.added?.(handle);
      start(entry);
      return handle;
    },
    list() {
      return entries.map(({ job, running, nextRunAt }) => ({
        name: job.name,
        running: running !== undefined,
        nextRunAt: nextRunAt === undefined ? null : new Date(nextRunAt).toISOString(),
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
