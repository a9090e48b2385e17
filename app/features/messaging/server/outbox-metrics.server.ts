import { getDb } from "~/platform/db/db.server";
import { addScrapedGauge } from "~/platform/observability/metrics.server";

// Sent messages are left out: they only grow, and counting them would read the whole table at
// every scrape. The rest is read through the outbox's (status, next_attempt_at) index.
const WAITING = ["pending", "sending", "failed"] as const;

/** The outbox's depth by status and the age of its oldest pending message, read when /metrics is scraped. */
export function watchOutbox() {
  addScrapedGauge({
    name: "angle_outbox_messages",
    help: "Messages in the outbox when scraped, by status (pending, sending, failed for good).",
    labelNames: ["status"],
    read: async () => {
      const rows = await getDb()
        .selectFrom("outbox")
        .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
        .where("status", "in", [...WAITING])
        .groupBy("status")
        .execute();
      return WAITING.map((status) => ({ labels: { status }, value: Number(rows.find((r) => r.status === status)?.n ?? 0) }));
    },
  });
  addScrapedGauge({
    name: "angle_outbox_oldest_pending_seconds",
    help: "Age of the oldest message still waiting to be sent (0 when none waits).",
    labelNames: [],
    read: async () => {
      const row = await getDb()
        .selectFrom("outbox")
        .select((eb) => eb.fn.min("created_at").as("oldest"))
        .where("status", "=", "pending")
        .executeTakeFirst();
      const oldest = row?.oldest ? Date.parse(row.oldest) : Number.NaN;
      return [{ labels: {}, value: Number.isNaN(oldest) ? 0 : Math.max(0, (Date.now() - oldest) / 1000) }];
    },
  });
}
