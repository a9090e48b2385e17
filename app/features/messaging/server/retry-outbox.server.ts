import { getDb } from "~/platform/db/db.server";

/**
 * Puts a failed message back in the queue, due now, with its tries counted afresh. False when
 * there is no such failed message (already retried, sent, or never there).
 */
export async function retryOutboxMessage(id: string) {
  const result = await getDb()
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: new Date().toISOString(), claimed_until: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
