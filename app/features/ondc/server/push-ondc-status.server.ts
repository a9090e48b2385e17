import { getDb } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import type { Job } from "~/platform/scheduler.server";
import type { OndcReply } from "./calls/call";
import { invoiceDocuments, ondcOrderObject, orderTimes, readStoreOrder, sellerOf, sellerStart } from "./ondc-orders.server";

/** Where an unsolicited callback goes: the buyer app of the transaction, in the transaction's context. */
export type PushTarget = { bapId: string; bapUri: string; transactionId: string; city: string };

/**
 * Sends one unsolicited `on_status`, signed, to the buyer app, and says whether it was taken (ACK).
 * It is the callbacks' `pushCallback(target, "on_status", reply)` (server/callback.server.ts), handed
 * in where the job is added, so this file does not depend on how callbacks are sent.
 */
export type StatusPush = (target: PushTarget, reply: OndcReply) => Promise<boolean>;

/** How often the store looks for ONDC orders whose status changed: a buyer app hears of a change within this. */
export const ONDC_STATUS_PUSH_SECONDS = 30;

/** At most this many orders a run: the next run takes the rest. */
const BATCH = 50;

/**
 * Tells buyer apps of their orders' changes the store made (confirmed, shipped, delivered, cancelled by
 * the store), without touching any code that changes a status: each ONDC order whose store status is
 * not the one last sent gets an `on_status` with the order as it is now, and what was sent is then
 * recorded, only if it is still what was read, so a status is recorded once. The job holds a lease
 * while it runs (app/jobs.server.ts), so with two workers one runs at a time; an order whose push the
 * buyer app did not take is tried again next run. Answers how many were pushed.
 */
export async function pushOndcStatuses(push: StatusPush): Promise<number> {
  const db = getDb();
  const due = await db
    .selectFrom("ondc_order as t")
    .innerJoin("orders as o", "o.id", "t.order_id")
    .selectAll("t")
    .where((eb) => eb.or([eb("t.last_status_sent", "is", null), eb("t.last_status_sent", "!=", eb.ref("o.status"))]))
    .orderBy("t.updated_at")
    .limit(BATCH)
    .execute();
  let pushed = 0;
  for (const row of due) {
    const [order, seller, documents, start] = await Promise.all([
      readStoreOrder(row.order_id ?? ""),
      sellerOf(row.provider_id ?? ""),
      invoiceDocuments(row.order_id ?? ""),
      sellerStart(row.provider_id ?? ""),
    ]);
    if (!order) continue;
    const times = await orderTimes(order.id);
    const message = {
      order: ondcOrderObject(row, { storeName: seller?.name ?? "", gstin: seller?.gstin ?? "", order, documents, start, times }),
    };
    const target = { bapId: row.bap_id, bapUri: row.bap_uri, transactionId: row.transaction_id, city: row.city ?? "" };
    let taken = false;
    try {
      taken = await push(target, { message });
    } catch (error) {
      log.warn({ err: error, transactionId: row.transaction_id }, "an ONDC on_status could not be sent; tried again next run");
    }
    if (!taken) continue;
    const recorded = await db
      .updateTable("ondc_order")
      .set({
        last_status_sent: order.status,
        ...(order.status === "cancelled" ? { state: "cancelled" as const } : {}),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", row.id)
      .where((eb) =>
        row.last_status_sent === null ? eb("last_status_sent", "is", null) : eb("last_status_sent", "=", row.last_status_sent),
      )
      .executeTakeFirst();
    if (Number(recorded.numUpdatedRows) === 1) pushed++;
  }
  return pushed;
}

/** The job for the scheduler (app/jobs.server.ts), given the callbacks' push. */
export function ondcStatusPushJob(push: StatusPush): Job {
  return { name: "ondc status push", every: ONDC_STATUS_PUSH_SECONDS * 1000, run: () => pushOndcStatuses(push) };
}
