import { getDatabase } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import type { Job } from "~/platform/scheduler.server";
import { msUntilIndiaMidnight } from "~/platform/core/india-day";
import { syncLotStock } from "./lot-stock.server";

const HOUR = 60 * 60_000;

/**
 * Lots reach their sell-by day at midnight in India (docs/decisions/056-lots.md): this job makes every
 * lot-tracked size's stock what its sellable lots hold, at start, a second past each midnight in India
 * and at least hourly. Idempotent, so every instance may run it. An order never takes from such a lot
 * in between (its trigger judges each lot by the day), so the sweep is what the storefront shows.
 */
export function lotsSweepJob(options: { intervalMs?: number } = {}): Job {
  const intervalMs = options.intervalMs ?? HOUR;
  return {
    name: "lots sweep",
    after: () => Math.min(intervalMs, msUntilIndiaMidnight(new Date()) + 1000),
    async run() {
      const { db, engine } = getDatabase();
      const changed = await db.transaction().execute((trx) => syncLotStock(trx, engine));
      if (changed.length > 0) log.info({ sizes: changed.length }, "stock of lot-tracked sizes made what their sellable lots hold");
    },
  };
}
