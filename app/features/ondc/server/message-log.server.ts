import { getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";
import { newId } from "~/platform/ids";

/**
 * ONDC's protocol log (table ondc_message, docs/decisions/073-ondc-calls.md): every call that came in,
 * refused or taken, and every callback we sent, each attempt. For support: what a buyer app sent, what
 * we answered, whether its signature verified. Bodies are the bytes on the wire, which carry no secret
 * of ours (a signature header is not logged at all; our private keys never reach a body).
 */
export const ONDC_LOG_BODY_MAX = 64 * 1024;
export const ONDC_LOG_PAGE_SIZE = 50;

export type OndcMessageDirection = "in" | "out";
/** In: the sender's signature `verified` or `refused` (or `unsigned`: the registry's on_subscribe); out: ours, `signed`. */
export type OndcMessageSignature = "verified" | "refused" | "signed" | "unsigned";

export type OndcMessageEntry = {
  direction: OndcMessageDirection;
  action: string;
  transactionId?: string | null;
  messageId?: string | null;
  /** The other participant: the buyer app's subscriber id (bap_id), or who signed, or the registry. */
  counterparty?: string | null;
  signature: OndcMessageSignature;
  /** Why it was refused or failed (a signature refusal, a context check, a network error), never a secret. */
  reason?: string | null;
  httpStatus?: number | null;
  ack?: "ACK" | "NACK" | null;
  body: string;
  /** ISO; now unless told. */
  at?: string;
};

export type OndcMessageRow = {
  id: string;
  direction: OndcMessageDirection;
  action: string;
  transactionId: string | null;
  messageId: string | null;
  counterparty: string | null;
  signature: OndcMessageSignature;
  reason: string | null;
  httpStatus: number | null;
  ack: string | null;
  body: string;
  createdAt: string;
};

/** A body cut to the log's size on a character boundary, marked when cut. */
export function logBody(body: string): string {
  if (body.length <= ONDC_LOG_BODY_MAX) return body;
  return `${body.slice(0, ONDC_LOG_BODY_MAX)}…[cut at ${ONDC_LOG_BODY_MAX} of ${body.length} characters]`;
}

/**
 * Text as the log may keep it: PostgreSQL's text refuses the NUL character, which a hostile body or a
 * context's "\u0000" can carry, so each is kept as U+FFFD (the replacement character) on both engines.
 */
const storable = (value: string) => value.replaceAll("\u0000", "\uFFFD");
const cut = (value: string | null | undefined, max: number) => (value == null ? null : storable(value.slice(0, max)));

export async function recordOndcMessage(entry: OndcMessageEntry): Promise<void> {
  await getDb()
    .insertInto("ondc_message")
    .values({
      id: newId(),
      direction: entry.direction,
      action: storable(entry.action.slice(0, 60)),
      transaction_id: cut(entry.transactionId, 200),
      message_id: cut(entry.messageId, 200),
      counterparty: cut(entry.counterparty, 300),
      signature: entry.signature,
      reason: cut(entry.reason, 500),
      http_status: entry.httpStatus ?? null,
      ack: entry.ack ?? null,
      body: storable(logBody(entry.body)),
      created_at: entry.at ?? new Date().toISOString(),
    })
    .execute();
}

export type OndcMessageFilters = {
  direction?: OndcMessageDirection;
  action?: string;
  transactionId?: string;
  signature?: OndcMessageSignature;
  page?: PageRequest;
};

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "ondc_message.created_at", field: "created_at", kind: "string" },
    { ref: "ondc_message.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

function filtered(filters: OndcMessageFilters) {
  let query = getDb().selectFrom("ondc_message");
  if (filters.direction) query = query.where("direction", "=", filters.direction);
  if (filters.action) query = query.where("action", "=", filters.action);
  if (filters.transactionId) query = query.where("transaction_id", "=", filters.transactionId);
  if (filters.signature) query = query.where("signature", "=", filters.signature);
  return query;
}

/** One page of the log with the bodies, newest first. */
export async function listOndcMessages(filters: OndcMessageFilters = {}) {
  const page = await paginate(filtered(filters).selectAll(), NEWEST_FIRST, filters.page ?? FIRST_PAGE, ONDC_LOG_PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map((row): OndcMessageRow => ({ ...headOf(row), body: row.body })),
  };
}

export type OndcMessageHead = Omit<OndcMessageRow, "body">;

/**
 * The same page without the bodies, for the admin's list: a body may be 64 KB, so fifty of them are
 * not read to show a table of actions; one message's body is read alone when opened.
 */
export async function listOndcMessageHeads(filters: OndcMessageFilters = {}) {
  const query = filtered(filters).select([
    "id",
    "direction",
    "action",
    "transaction_id",
    "message_id",
    "counterparty",
    "signature",
    "reason",
    "http_status",
    "ack",
    "created_at",
  ]);
  const page = await paginate(query, NEWEST_FIRST, filters.page ?? FIRST_PAGE, ONDC_LOG_PAGE_SIZE);
  return { ...page, rows: page.rows.map(headOf) };
}

function headOf(row: {
  id: string;
  direction: OndcMessageDirection;
  action: string;
  transaction_id: string | null;
  message_id: string | null;
  counterparty: string | null;
  signature: OndcMessageSignature;
  reason: string | null;
  http_status: number | string | bigint | null;
  ack: string | null;
  created_at: string;
}): OndcMessageHead {
  return {
    id: row.id,
    direction: row.direction,
    action: row.action,
    transactionId: row.transaction_id,
    messageId: row.message_id,
    counterparty: row.counterparty,
    signature: row.signature,
    reason: row.reason,
    // PostgreSQL's driver may hand an integer column over as a string.
    httpStatus: row.http_status === null ? null : Number(row.http_status),
    ack: row.ack,
    createdAt: row.created_at,
  };
}

/** Whether a buyer app's call with this message id was already taken (ACKed): a replay is not run twice. */
export async function wasTaken(input: { bapId: string; action: string; messageId: string }): Promise<boolean> {
  const row = await getDb()
    .selectFrom("ondc_message")
    .select("id")
    .where("direction", "=", "in")
    .where("action", "=", input.action)
    .where("counterparty", "=", input.bapId)
    .where("message_id", "=", input.messageId)
    .where("ack", "=", "ACK")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
