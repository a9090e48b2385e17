import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, openDatabase } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { createMailSender } from "~/features/messaging/server/mail.server";
import { enqueueEmail } from "./enqueue.server";
import { createScheduler } from "~/platform/scheduler.server";
import { nudgeOutbox, outboxJob, runOutboxOnce, type Senders } from "./worker.server";

/**
 * The worker against the test database (SQLite, or PostgreSQL with TEST_DB=postgres): messages go
 * out once each, failures come back later and fail for good after the last try, and a claim left
 * behind by a crash is taken over.
 */

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

async function queue(n: number, prefix: string) {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const key = `${prefix}:${tag()}`;
    keys.push(key);
    await enqueueEmail(getDb(), "test", key, {
      to: `farmer${i}@example.in`,
      subject: `Test ${key}`,
      text: `Body ${key}`,
      html: `<p>${key}</p>`,
    });
  }
  return keys;
}

const rowOf = (key: string) => getDb().selectFrom("outbox").selectAll().where("dedupe_key", "=", key).executeTakeFirstOrThrow();

/** A transport that counts what it delivers, by subject, taking a moment per message as a real one would. */
function countingSenders() {
  const delivered = new Map<string, number>();
  const senders: Senders = {
    async email(email) {
      await new Promise((r) => setImmediate(r));
      delivered.set(email.subject, (delivered.get(email.subject) ?? 0) + 1);
    },
    async sms() {},
  };
  return { delivered, senders };
}

// Rows other tests left due would be picked up by a later test's worker: each test clears the table.
async function clearOutbox() {
  await getDb().deleteFrom("outbox").execute();
}

describe("the outbox worker", () => {
  it("sends what is due and marks it sent, once", async () => {
    await clearOutbox();
    const [key] = await queue(1, "once");
    const { delivered, senders } = countingSenders();
    expect(await runOutboxOnce({ senders })).toEqual({ sent: 1, retry: 0, failed: 0 });
    const row = await rowOf(key ?? "");
    expect(row).toMatchObject({ status: "sent", attempts: 1, claimed_until: null, last_error: null });
    expect(row.sent_at).not.toBeNull();
    expect(await runOutboxOnce({ senders })).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect([...delivered.values()]).toEqual([1]);
  });

  it("delivers a link email whole, then keeps only its subject: no working link stays in the table", async () => {
    await clearOutbox();
    const key = `password-reset:${tag()}`;
    const text = "Reset my password: http://localhost:3999/reset-password?token=secret-token";
    await enqueueEmail(getDb(), "password-reset", key, { to: "farmer@example.in", subject: "Reset your Angle password", text, html: text });
    const received: string[] = [];
    const senders: Senders = { email: async (email) => void received.push(email.text), sms: async () => {} };
    expect(await runOutboxOnce({ senders })).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(received).toEqual([text]);
    const row = await rowOf(key);
    expect(row.payload).not.toContain("secret-token");
    expect(JSON.parse(row.payload)).toMatchObject({ to: "farmer@example.in", subject: "Reset your Angle password" });
  });

  it("never sends one message twice when two workers on two connections race over 30", async () => {
    await clearOutbox();
    const keys = await queue(30, "race");
    const { delivered, senders } = countingSenders();
    // A second connection to the same database, as a second server instance has.
    const env = getEnv();
    const other = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
    try {
      const mine = getDatabase();
      const rounds = await Promise.all([
        runOutboxOnce({ db: mine.db, engine: mine.engine, senders, batchSize: 3 }),
        runOutboxOnce({ db: other.db, engine: other.engine, senders, batchSize: 3 }),
        runOutboxOnce({ db: mine.db, engine: mine.engine, senders, batchSize: 2 }),
        runOutboxOnce({ db: other.db, engine: other.engine, senders, batchSize: 2 }),
      ]);
      expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(30);
    } finally {
      await other.close();
    }
    expect(delivered.size).toBe(30);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    const statuses = await getDb().selectFrom("outbox").select("status").where("dedupe_key", "in", keys).execute();
    expect(statuses.every((r) => r.status === "sent")).toBe(true);
  });

  it("takes over a message left sending by a crashed worker once its lease has run out, and not before", async () => {
    await clearOutbox();
    const [stale, fresh] = await queue(2, "crash");
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    await getDb()
      .updateTable("outbox")
      .set({ status: "sending", attempts: 1, claimed_until: past })
      .where("dedupe_key", "=", stale ?? "")
      .execute();
    await getDb()
      .updateTable("outbox")
      .set({ status: "sending", attempts: 1, claimed_until: future })
      .where("dedupe_key", "=", fresh ?? "")
      .execute();
    const { delivered, senders } = countingSenders();
    const scheduler = createScheduler();
    const worker = scheduler.add(outboxJob({ senders, intervalMs: 60_000 }));
    await worker.idle();
    await scheduler.stop();
    expect(await rowOf(stale ?? "")).toMatchObject({ status: "sent", attempts: 2 });
    expect(await rowOf(fresh ?? "")).toMatchObject({ status: "sending", attempts: 1 });
    expect([...delivered.keys()]).toEqual([`Test ${stale}`]);
  });

  it("runs again when nudged, and stops without starting another round", async () => {
    await clearOutbox();
    const { delivered, senders } = countingSenders();
    const scheduler = createScheduler();
    const worker = scheduler.add(outboxJob({ senders, intervalMs: 60_000 }));
    await worker.idle();
    const [key] = await queue(1, "nudge");
    nudgeOutbox();
    await worker.idle();
    expect(await rowOf(key ?? "")).toMatchObject({ status: "sent" });
    await scheduler.stop();
    const [later] = await queue(1, "after-stop");
    nudgeOutbox();
    worker.runNow();
    await worker.idle();
    expect(await rowOf(later ?? "")).toMatchObject({ status: "pending", attempts: 0 });
    expect(delivered.size).toBe(1);
  });
});

describe("a mail server that refuses the recipient", () => {
  let port = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "angle" }),
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("is retried after 1, 5, 30 minutes, 2 hours, then every 6 hours, and fails for good after the 8th try", async () => {
    await clearOutbox();
    const [key] = await queue(1, "refused");
    const mail = createMailSender({
      SMTP_URL: `smtp://angle:top-secret-pass@127.0.0.1:${port}`,
      MAIL_FROM: "Angle <orders@angle.in>",
      MAIL_DIR: "unused",
      BASE_URL: "http://localhost:3999",
    });
    const senders: Senders = { email: mail.send, sms: async () => {} };
    let clock = Date.now();
    const now = () => new Date(clock);
    // random 0.5 is the middle of the ±20% jitter: the plain schedule.
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const result = await runOutboxOnce({ senders, now, random: () => 0.5 });
      const row = await rowOf(key ?? "");
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toContain("Mailbox unavailable");
      expect(row.last_error).not.toContain("top-secret-pass");
      if (attempt < 8) {
        expect(result).toEqual({ sent: 0, retry: 1, failed: 0 });
        expect(row.status).toBe("pending");
        const due = Date.parse(row.next_attempt_at);
        waits.push(due - clock);
        // Not due a moment before its time.
        clock = due - 1;
        expect(await runOutboxOnce({ senders, now, random: () => 0.5 })).toEqual({ sent: 0, retry: 0, failed: 0 });
        clock = due;
      } else {
        expect(result).toEqual({ sent: 0, retry: 0, failed: 1 });
        expect(row.status).toBe("failed");
      }
    }
    mail.close();
    const minute = 60_000;
    expect(waits).toEqual([1 * minute, 5 * minute, 30 * minute, 120 * minute, 360 * minute, 360 * minute, 360 * minute]);
    // Failed for good: no later round picks it up.
    clock += 365 * 24 * 60 * minute;
    expect(await runOutboxOnce({ senders, now })).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it("spreads retries with jitter of up to a fifth either way", async () => {
    await clearOutbox();
    const [key] = await queue(1, "jitter");
    const failing: Senders = {
      email: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25 smtp://angle:pw@mail.example");
      },
      sms: async () => {},
    };
    const clock = Date.now();
    await runOutboxOnce({ senders: failing, now: () => new Date(clock), random: () => 0 });
    const row = await rowOf(key ?? "");
    expect(Date.parse(row.next_attempt_at) - clock).toBe(48_000);
    expect(row.last_error).toBe("connect ECONNREFUSED 127.0.0.1:25 smtp://***@mail.example");
  });
});
