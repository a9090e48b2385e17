import { getDb } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import type { Job } from "~/platform/scheduler.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { alertCount } from "~/features/lots/domain/stock-alerts";
import { stockAlertsEmail } from "~/features/messaging/domain/emails/stock-alert-messages";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { emailOutboxRow, insertOutboxRows, type OutboxRow } from "~/features/messaging/server/enqueue.server";
import { isLocale } from "~/platform/i18n/locale";
import { listStockAlerts, vendorsWithStockToWatch } from "./stock-alerts.server";

const HOUR = 60 * 60_000;
/** The emails go once a day, from 8 am in India. */
const SEND_FROM = "08:00:00";

/** 8 am in India on an India day, as epoch milliseconds. */
const sendTime = (day: string) => new Date(`${day}T${SEND_FROM}+05:30`).getTime();

/** The wait until the next 8 am in India after `now` (today's, or tomorrow's once it has passed). */
function msUntilNextSend(now: Date): number {
  const today = indiaToday(now);
  const next = sendTime(today) > now.getTime() ? sendTime(today) : sendTime(addDays(today, 1));
  return next - now.getTime();
}

/**
 * Queues today's stock alerts, once a day from 8 am in India: to the admin email (every seller's
 * alerts) and to each vendor (their own), only to those whose list is not empty. Each email's outbox
 * key is the day and its recipient, so running again that day, or in several instances at once,
 * queues nothing more. Before 8 am it does nothing. Returns how many emails it queued.
 */
export async function queueStockAlerts(now: Date = new Date()): Promise<number> {
  const today = indiaToday(now);
  if (now.getTime() < sendTime(today)) return 0;
  const ctx = await getEmailContext();
  const db = getDb();
  const rows: OutboxRow[] = [];
  if (ctx.adminEmail) {
    const alerts = await listStockAlerts("all", today);
    if (alertCount(alerts) > 0) {
      const email = stockAlertsEmail(ctx.store, alerts, { today, forAdmin: true });
      const row = await emailOutboxRow(db, "stock-alerts", `stock-alerts:${today}:admin`, { to: ctx.adminEmail, ...email });
      if (row) rows.push(row);
    }
  }
  for (const vendor of await vendorsWithStockToWatch()) {
    const alerts = await listStockAlerts({ vendorId: vendor.id }, today);
    if (alertCount(alerts) === 0) continue;
    const locale = vendor.locale && isLocale(vendor.locale) ? vendor.locale : "en";
    const email = stockAlertsEmail(ctx.store, alerts, { today, forAdmin: false, locale });
    const row = await emailOutboxRow(db, "stock-alerts", `stock-alerts:${today}:${vendor.id}`, { to: vendor.email, ...email });
    if (row) rows.push(row);
  }
  const before = await queuedToday(today);
  await db.transaction().execute((trx) => insertOutboxRows(trx, rows));
  return (await queuedToday(today)) - before;
}

async function queuedToday(today: string): Promise<number> {
  const row = await getDb()
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("dedupe_key", "like", `stock-alerts:${today}:%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The daily stock alerts: at start (from 8 am), then at 8 am in India and at least hourly; idempotent per day. */
export function stockAlertsJob(): Job {
  return {
    name: "stock alerts",
    after: () => Math.min(HOUR, msUntilNextSend(new Date()) + 1000),
    async run() {
      const queued = await queueStockAlerts();
      if (queued > 0) log.info({ emails: queued }, "stock alerts queued");
    },
  };
}
