import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { recordOndcMessage } from "./message-log.server";
import { ONDC_MESSAGE_RETENTION_DAYS, ondcMessagePurgeJob, purgeOndcMessages } from "./purge-ondc-messages.server";

/* The protocol log is kept ONDC_MESSAGE_RETENTION_DAYS (180): older rows are swept, in batches, by a job. */

const DAY = 24 * 60 * 60_000;
const NOW = new Date("2026-11-30T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

async function logRows(transactionId: string, times: string[]) {
  for (const at of times) {
    await recordOndcMessage({ direction: "in", action: "status", transactionId, signature: "verified", body: `{"at":"${at}"}`, at });
  }
}

const remaining = async (transactionId: string) =>
  (
    await getDb()
      .selectFrom("ondc_message")
      .select("created_at")
      .where("transaction_id", "=", transactionId)
      .orderBy("created_at")
      .execute()
  ).map((row) => row.created_at);

describe("the protocol log's retention", () => {
  it("is 180 days", () => {
    expect(ONDC_MESSAGE_RETENTION_DAYS).toBe(180);
  });

  it("removes the rows older than the cut, in batches, and keeps the newer ones", async () => {
    const transactionId = randomUUID();
    const cut = 180 * DAY;
    // More old rows than one batch holds, so the sweep must go round again.
    const old = Array.from({ length: 1_203 }, (_, i) => ago(cut + 1 + i * 60_000));
    const kept = [ago(cut - 1), ago(cut - DAY), ago(DAY), NOW.toISOString()];
    await logRows(transactionId, [...old, ...kept]);
    expect(await purgeOndcMessages(NOW)).toBe(old.length);
    expect(await remaining(transactionId)).toEqual([...kept].sort());
    expect(await purgeOndcMessages(NOW)).toBe(0);
  });

  it("runs as a job of its own, at the retention's cut from now", async () => {
    const transactionId = randomUUID();
    const now = Date.now();
    await logRows(transactionId, [new Date(now - 181 * DAY).toISOString(), new Date(now - 179 * DAY).toISOString()]);
    const job = ondcMessagePurgeJob();
    expect([job.name, job.every]).toEqual(["ondc message purge", 60 * 60_000]);
    await job.run();
    expect(await remaining(transactionId)).toEqual([new Date(now - 179 * DAY).toISOString()]);
  });
});
