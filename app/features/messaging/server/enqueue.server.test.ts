import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { enqueueEmail, enqueueSms } from "./enqueue.server";

const email = { to: "asha@example.in", subject: "Your order", text: "Thanks", html: "<p>Thanks</p>" };
const rows = (key: string) => getDb().selectFrom("outbox").selectAll().where("dedupe_key", "=", key).execute();

describe("the outbox", () => {
  it("keeps a message written in a transaction that commits, pending and due now", async () => {
    await getDb()
      .transaction()
      .execute((trx) => enqueueEmail(trx, "order-placed", "order-placed:o1", email));
    const [row, ...more] = await rows("order-placed:o1");
    expect(more).toEqual([]);
    expect(row).toMatchObject({ channel: "email", kind: "order-placed", recipient: "asha@example.in", status: "pending", attempts: 0 });
    expect(JSON.parse(row?.payload ?? "null")).toEqual(email);
    expect(Date.parse(row?.next_attempt_at ?? "")).toBeLessThanOrEqual(Date.now());
  });

  it("keeps nothing when the change that caused the message is rolled back", async () => {
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          await enqueueEmail(trx, "order-placed", "order-placed:rolled-back", email);
          throw new Error("the order failed");
        }),
    ).rejects.toThrow("the order failed");
    expect(await rows("order-placed:rolled-back")).toEqual([]);
  });

  it("queues one event once: a repeat with the same key keeps the first message", async () => {
    await enqueueEmail(getDb(), "order-placed", "order-placed:o2", email);
    await enqueueEmail(getDb(), "order-placed", "order-placed:o2", { ...email, subject: "Second" });
    const found = await rows("order-placed:o2");
    expect(found.map((r) => JSON.parse(r.payload).subject)).toEqual(["Your order"]);
  });

  it("queues SMS the same way, addressed to the number", async () => {
    await enqueueSms(getDb(), "sign-in-code", "sign-in-code:x1", { to: "+919876543210", text: "123456 is your Angle code." });
    expect(await rows("sign-in-code:x1")).toMatchObject([{ channel: "sms", recipient: "+919876543210" }]);
  });
});
