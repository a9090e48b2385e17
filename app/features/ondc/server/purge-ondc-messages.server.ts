import { getDb } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import type { Job } from "~/platform/scheduler.server";

/**
 * How long the protocol log (ondc_message) keeps a call or callback: ONDC asks network participants to
 * keep their transaction logs for audit, and a buyer app's dispute or grievance about an order is read
 * from them. Our ONDC pages state no figure, so 180 days; a body older than that (a buyer's name, phone
 * and address in it) is not kept longer than that need (docs/decisions/076-ondc-admin.md, "Retention").
 */
export const ONDC_MESSAGE_RETENTION_DAYS = 180;

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
/** Rows a statement deletes: a short write each, so the store's own writes are not kept waiting. */
const BATCH = 500;

/**
 * Deletes ondc_message rows older than `days` before `now`, oldest first, a batch at a time, until
 * none is left. Answers how many went. A replay is told by the log, but no call older than its ttl
 * (a day at most, decision 073) is taken anyway, so the sweep never lets one run twice.
 */
export async function purgeOndcMessages(now = new Date(), days = ONDC_MESSAGE_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY).toISOString();
  const db = getDb();
  let purged = 0;
  for (;;) {
    const ids = (
      await db.selectFrom("ondc_message").select("id").where("created_at", "<", cutoff).orderBy("created_at").limit(BATCH).execute()
    ).map((row) => row.id);
    if (ids.length > 0) await db.deleteFrom("ondc_message").where("id", "in", ids).execute();
    purged += ids.length;
    if (ids.length < BATCH) return purged;
  }
}

/** The sweep, for the scheduler (app/jobs.server.ts, through ondcJobs): at start, then hourly, leased. */
export function ondcMessagePurgeJob(): Job {
  return {
    name: "ondc message purge",
    every: HOUR,
    async run() {
      const purged = await purgeOndcMessages();
      if (purged > 0) log.info({ purged }, "ONDC protocol messages past their retention removed");
    },
  };
}
