import type { Selectable, Transaction } from "kysely";
import { type Db, type Engine, getDatabase } from "~/platform/db/db.server";
import type { Database, OutboxTable } from "~/platform/db/schema";
import { backoffMs, MAX_ATTEMPTS, SECRET_KINDS, shortError } from "~/features/messaging/domain/outbox";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import type { Job, JobHandle } from "~/platform/scheduler.server";
import { createMailSender } from "~/features/messaging/server/mail.server";
import type { OutboxEmail, OutboxSms } from "./enqueue.server";
import { createSmsSender } from "./sms.server";

/**
 * The outbox worker (issue 11, docs/decisions/012-outbox.md). Each round claims the messages that
 * are due in a short transaction, sends them outside it, then marks each sent or schedules its
 * retry. Delivery is at least once: a crash after sending and before marking repeats that one
 * message when its lease runs out; a message marked sent is never claimed again. Several server
 * instances on one PostgreSQL never claim one row together (FOR UPDATE SKIP LOCKED); on SQLite the
 * single writer does the same.
 */

export type OutboxRow = Selectable<OutboxTable>;

/** Where messages go: a mail transport and an SMS gateway. Each throws when it could not send. */
export type Senders = {
  email: (email: OutboxEmail, name: string) => Promise<void>;
  sms: (sms: OutboxSms, name: string) => Promise<void>;
  close?: () => void;
};

export type WorkerOptions = {
  db?: Db;
  engine?: Engine;
  senders?: Senders;
  /** Messages claimed at once. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the message (a crash mid-send). */
  leaseMs?: number;
  /** The wait after a round when nothing nudges the worker. */
  intervalMs?: number;
  now?: () => Date;
  random?: () => number;
};

const DEFAULTS = { batchSize: 10, leaseMs: 10 * 60_000 };

export function defaultSenders(): Senders {
  const env = getEnv();
  const mail = createMailSender(env);
  const sms = createSmsSender(env);
  return { email: mail.send, sms: sms.send, close: mail.close };
}

/**
 * Claims up to `limit` due messages: pending ones whose time has come, and ones left `sending`
 * by a worker whose lease ran out. Each claimed row is `sending` with this worker's lease and one
 * more attempt counted.
 */
export async function claimDue(db: Db, engine: Engine, options: { limit: number; leaseMs: number; now: Date }): Promise<OutboxRow[]> {
  const now = options.now.toISOString();
  const leaseEnd = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const due = (q: Db | Transaction<Database>) =>
    q
      .selectFrom("outbox")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
          eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", now)]),
        ]),
      )
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(options.limit);
  const claim = (q: Db | Transaction<Database>, ids: string[] | ReturnType<typeof due>) =>
    q
      .updateTable("outbox")
      .set((eb) => ({ status: "sending", claimed_until: leaseEnd, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", ids)
      .returningAll()
      .execute();
  if (engine === "sqlite") {
    // One statement: SQLite runs it under its single write lock, so two workers (two processes on
    // one file) never take the same row, and the lock is never held across an await.
    return claim(db, due(db));
  }
  // PostgreSQL: a short transaction; rows another instance is claiming right now are skipped, not
  // waited for, and a row it has just claimed no longer matches when re-checked.
  return db.transaction().execute(async (trx) => {
    const ids = (await due(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
    return ids.length === 0 ? [] : claim(trx, ids);
  });
}

/** Only the claim that took the row may settle it: a worker whose lease ran out and was taken over does not. */
function settle(db: Db, row: OutboxRow) {
  return db
    .updateTable("outbox")
    .where("id", "=", row.id)
    .where("status", "=", "sending")
    .where("claimed_until", "=", row.claimed_until ?? "");
}

async function deliver(db: Db, row: OutboxRow, senders: Senders, now: () => Date, random: () => number) {
  const attempts = Number(row.attempts);
  const name = `${row.kind}-${row.id}`;
  if (attempts > MAX_ATTEMPTS) {
    // Claimed again and again without ever being settled: something stops the process mid-send.
    await settle(db, row).set({ status: "failed", claimed_until: null, last_error: "Interrupted on every attempt." }).execute();
    return "failed" as const;
  }
  try {
    const payload: unknown = JSON.parse(row.payload);
    if (row.channel === "email") await senders.email(payload as OutboxEmail, name);
    else await senders.sms(payload as OutboxSms, name);
  } catch (error) {
    const last = attempts >= MAX_ATTEMPTS;
    const next = new Date(now().getTime() + backoffMs(attempts, random())).toISOString();
    await settle(db, row)
      .set(
        last
          ? { status: "failed", claimed_until: null, last_error: shortError(error) }
          : { status: "pending", claimed_until: null, next_attempt_at: next, last_error: shortError(error) },
      )
      .execute();
    log.warn(
      { id: row.id, kind: row.kind, attempts, error: shortError(error) },
      last ? "message failed for good" : "message will be retried",
    );
    return last ? ("failed" as const) : ("retry" as const);
  }
  const result = await settle(db, row)
    .set({ status: "sent", sent_at: now().toISOString(), claimed_until: null, last_error: null, ...forgetSecret(row) })
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) log.warn({ id: row.id, kind: row.kind }, "message sent after its claim had run out");
  return "sent" as const;
}

/** A sent code or link is not kept: its text leaves the table once it is delivered (the subject stays). */
function forgetSecret(row: OutboxRow) {
  if (!SECRET_KINDS.includes(row.kind)) return {};
  const { subject } = JSON.parse(row.payload) as { subject?: unknown };
  const removed = "(removed after sending)";
  return {
    payload: JSON.stringify(
      typeof subject === "string" ? { to: row.recipient, subject, text: removed, html: removed } : { to: row.recipient, text: removed },
    ),
  };
}

export type RoundResult = { sent: number; retry: number; failed: number };

/** Claims and sends everything due now, a batch at a time. */
export async function runOutboxOnce(options: WorkerOptions = {}): Promise<RoundResult> {
  const handle = options.db ? undefined : getDatabase();
  const db = options.db ?? (handle as NonNullable<typeof handle>).db;
  const engine = options.engine ?? (handle as NonNullable<typeof handle>).engine;
  const senders = options.senders ?? defaultSenders();
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batchSize = options.batchSize ?? DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const result: RoundResult = { sent: 0, retry: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(db, engine, { limit: batchSize, leaseMs, now: now() });
    for (const row of claimed) result[await deliver(db, row, senders, now, random)]++;
    if (claimed.length < batchSize) return result;
  }
}

let active: JobHandle | undefined;

/** Asks the running worker, if any, to look at the outbox now. */
export function nudgeOutbox() {
  active?.runNow();
}

/**
 * The outbox worker, for the scheduler (app/jobs.server.ts): a round at start, then OUTBOX_POLL_MS
 * (2 s by default) after each round ends, and at once when nudged (a sign-in code was queued).
 */
export function outboxJob(options: WorkerOptions = {}): Job {
  const senders = options.senders ?? defaultSenders();
  const intervalMs = options.intervalMs ?? getEnv().OUTBOX_POLL_MS;
  let handle: JobHandle | undefined;
  return {
    name: "outbox",
    after: () => intervalMs,
    // Each message is claimed on its own (claimDue): every worker may send at once, none sends one twice.
    everyInstance: true,
    run: () =>
      runOutboxOnce({ ...options, senders }).catch((error: unknown) => {
        // Logged by the scheduler as shortened here: without the credentials a transport's address may carry.
        throw new Error(shortError(error));
      }),
    added(h) {
      handle = h;
      active = h;
    },
    close() {
      senders.close?.();
      if (active === handle) active = undefined;
    },
  };
}
