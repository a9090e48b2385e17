import { msUntilIndiaMidnight } from "~/platform/core/india-day";
import { log } from "~/platform/log.server";
import { sweepUnlicensedListings } from "./licensed-listings.server";

const HOUR = 60 * 60_000;

export type LicenceSweeper = { stop: () => Promise<void> };

/** The wait before the next sweep: a second past the coming midnight in India, or `intervalMs` if that is sooner. */
export function nextSweepDelay(now: Date, intervalMs: number) {
  return Math.min(intervalMs, msUntilIndiaMidnight(now) + 1000);
}

/**
 * Takes listings of expired licences off sale without a cron: a sweep when the server starts, then
 * just after each midnight in India (when licences expire) and at least every hour. Every instance
 * may run one: the sweep is idempotent. Checkout and the product page check expiry by date as well,
 * so the catalogue is the only place a lapsed listing can show between midnight and the sweep.
 */
export function startLicenceSweeper(options: { intervalMs?: number; now?: () => Date } = {}): LicenceSweeper {
  const intervalMs = options.intervalMs ?? HOUR;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, nextSweepDelay(now(), intervalMs));
    timer.unref();
  };
  const run = () => {
    timer = undefined;
    current = sweepUnlicensedListings(now())
      .then((off) => {
        if (off > 0) log.info({ off }, "listings taken off sale: their sellers' licences have expired");
      })
      .catch((error: unknown) => log.error({ err: error }, "licence sweep failed; trying again later"))
      .finally(() => {
        current = undefined;
        schedule();
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
