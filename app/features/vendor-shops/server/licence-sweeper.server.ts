import { msUntilIndiaMidnight } from "~/platform/core/india-day";
import { log } from "~/platform/log.server";
import type { Job } from "~/platform/scheduler.server";
import { sweepUnlicensedListings } from "./licensed-listings.server";

const HOUR = 60 * 60_000;

/** The wait before the next sweep: a second past the coming midnight in India, or `intervalMs` if that is sooner. */
export function nextSweepDelay(now: Date, intervalMs: number) {
  return Math.min(intervalMs, msUntilIndiaMidnight(now) + 1000);
}

/**
 * Takes listings of expired licences off sale without a cron, as a job of the scheduler
 * (app/jobs.server.ts): a sweep when the server starts, then just after each midnight in India (when
 * licences expire) and at least every hour. Every instance may run one: the sweep is idempotent.
 * Checkout and the product page check expiry by date as well, so the catalogue is the only place a
 * lapsed listing can show between midnight and the sweep.
 */
export function licenceSweepJob(options: { intervalMs?: number; now?: () => Date } = {}): Job {
  const intervalMs = options.intervalMs ?? HOUR;
  const now = options.now ?? (() => new Date());
  return {
    name: "licence sweep",
    after: () => nextSweepDelay(now(), intervalMs),
    async run() {
      const off = await sweepUnlicensedListings(now());
      if (off > 0) log.info({ off }, "listings taken off sale: their sellers' licences have expired");
    },
  };
}
