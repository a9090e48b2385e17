import type { Insertable, Kysely, QueryCreator, Transaction } from "kysely";
import type { Database, OutboxTable } from "~/platform/db/schema";
import { hasRealEmail } from "~/features/accounts/domain/mobile";
import type { EmailMessage } from "~/features/messaging/domain/emails/layout";
import { isNonEssential } from "~/features/messaging/domain/outbox";
import { newId } from "~/platform/ids";
import { renderEmail } from "./render-email.server";

/**
 * An email as the outbox keeps it: already rendered (both parts), addressed, and named by what
 * caused it. Rendering happens when the event happens, so a later template change never alters a
 * message that is already queued.
 */
export type OutboxEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

/** What enqueueEmail takes: an email already rendered, or a message (a builder's) that it renders. */
export type EmailToQueue = OutboxEmail | ({ to: string } & EmailMessage);

/**
 * An SMS as the outbox keeps it: a number (+91…), the text, and for an SMS provider the DLT
 * template id it goes under with the template's variables (MSG91 fills `##name##` from them).
 */
export type OutboxSms = { to: string; text: string; templateId?: string; variables?: Record<string, string> };

type Writer = Kysely<Database> | Transaction<Database>;

/**
 * Queues an email in the caller's transaction: written with the change that causes it, or not at
 * all. `dedupeKey` names the event (e.g. `order-placed:<orderId>`); queuing the same event twice
 * keeps the first message only, so a retried action never sends two.
 */
export async function enqueueEmail(db: Writer, kind: string, dedupeKey: string, email: EmailToQueue) {
  const row = await emailOutboxRow(db, kind, dedupeKey, email);
  if (row) await insertOutboxRows(db, [row]);
}

/**
 * The outbox row enqueueEmail writes, for a caller that writes it with others (insertOutboxRows, or
 * in a statement of its own): none for an address no mail can reach, or a non-essential message to
 * someone who turned those off.
 */
export async function emailOutboxRow(db: Writer, kind: string, dedupeKey: string, email: EmailToQueue): Promise<OutboxRow | null> {
  // An account made from a mobile number has a placeholder address that no mail can reach.
  if (!hasRealEmail(email.to)) return null;
  if (isNonEssential(kind) && (await optedOut(db, email.to))) return null;
  const rendered: OutboxEmail = "blocks" in email ? { to: email.to, ...renderEmail(email) } : email;
  return outboxRow("email", kind, dedupeKey, email.to, rendered);
}

/** Whether the account at this address turned non-essential emails off (on /account, "Messages"). */
async function optedOut(db: Writer, email: string) {
  const row = await db.selectFrom("user").select("non_essential_emails").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return row !== undefined && !row.non_essential_emails;
}

/** Queues an SMS in the caller's transaction, like enqueueEmail. */
export async function enqueueSms(db: Writer, kind: string, dedupeKey: string, sms: OutboxSms) {
  await insertOutboxRows(db, [smsOutboxRow(kind, dedupeKey, sms)]);
}

/** The outbox row enqueueSms writes. */
export function smsOutboxRow(kind: string, dedupeKey: string, sms: OutboxSms): OutboxRow {
  return outboxRow("sms", kind, dedupeKey, sms.to, sms);
}

/** A message as the outbox table takes it. */
export type OutboxRow = Insertable<OutboxTable>;

function outboxRow(channel: "email" | "sms", kind: string, dedupeKey: string, recipient: string, payload: unknown): OutboxRow {
  const now = new Date().toISOString();
  return {
    id: newId(),
    channel,
    kind,
    dedupe_key: dedupeKey,
    recipient,
    payload: JSON.stringify(payload),
    next_attempt_at: now,
    claimed_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
  };
}

/** Writes messages to the outbox; one whose event (dedupe key) is already queued is left out. */
export async function insertOutboxRows(db: Writer, rows: readonly OutboxRow[]) {
  if (rows.length === 0) return;
  await outboxInsert(db, rows).execute();
}

/** The insert insertOutboxRows runs, for a caller that runs it as part of a statement of its own. */
export function outboxInsert(db: QueryCreator<Database>, rows: readonly OutboxRow[]) {
  return db
    .insertInto("outbox")
    .values([...rows])
    .onConflict((oc) => oc.column("dedupe_key").doNothing());
}
