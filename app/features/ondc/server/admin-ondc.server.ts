import { z } from "zod";
import { getDb } from "~/platform/db/db.server";
import { formatPaise } from "~/platform/core/money";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import type { PageRequest } from "~/platform/core/pagination";
import type { OndcMessageFilter } from "~/features/ondc/domain/message-filter";

/**
 * The protocol log for the admin page (ondc_message): newest first, a page at a time, filtered by
 * direction, action, transaction and signature. Rows leave the body out; one message's body is
 * read alone (`readOndcMessage`), as a body may be 64 KB.
 */
export const ONDC_LOG_PAGE_SIZE = 50;

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "ondc_message.created_at", field: "created_at", kind: "string" },
    { ref: "ondc_message.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

export async function listOndcLog(filter: OndcMessageFilter, page: PageRequest) {
  let query = getDb()
    .selectFrom("ondc_message")
    .select([
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
  if (filter.direction) query = query.where("direction", "=", filter.direction);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.transactionId) query = query.where("transaction_id", "=", filter.transactionId);
  if (filter.signature) query = query.where("signature", "=", filter.signature);
  const result = await paginate(query, NEWEST_FIRST, page, ONDC_LOG_PAGE_SIZE);
  return {
    ...result,
    rows: result.rows.map((m) => ({
      id: m.id,
      direction: m.direction,
      action: m.action,
      transactionId: m.transaction_id,
      messageId: m.message_id,
      counterparty: m.counterparty,
      signature: m.signature,
      reason: m.reason,
      httpStatus: m.http_status === null ? null : Number(m.http_status),
      ack: m.ack,
      createdAt: m.created_at,
    })),
  };
}

/** One logged message with its body pretty-printed (as stored when it is not JSON, e.g. cut at 64 KB). */
export async function readOndcMessage(id: string) {
  const m = await getDb().selectFrom("ondc_message").selectAll().where("id", "=", id).executeTakeFirst();
  if (!m) return undefined;
  let body = m.body;
  try {
    body = JSON.stringify(JSON.parse(m.body), null, 2);
  } catch {
    // A body that was not JSON, or was cut, is shown as it came.
  }
  return {
    id: m.id,
    direction: m.direction,
    action: m.action,
    transactionId: m.transaction_id,
    messageId: m.message_id,
    counterparty: m.counterparty,
    signature: m.signature,
    reason: m.reason,
    httpStatus: m.http_status === null ? null : Number(m.http_status),
    ack: m.ack,
    createdAt: m.created_at,
    body,
  };
}

/** The ONDC side of a store order, for its admin page: the buyer app, the transaction, payment and settlement. */
export async function readOndcOrderForAdmin(orderId: string) {
  const o = await getDb()
    .selectFrom("ondc_order")
    .select([
      "bap_id",
      "transaction_id",
      "state",
      "payment_type",
      "payment_collected_by",
      "payment_status",
      "payment_reference",
      "settlement",
    ])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!o) return null;
  return {
    bapId: o.bap_id,
    transactionId: o.transaction_id,
    state: o.state,
    paymentType: o.payment_type,
    paymentCollectedBy: o.payment_collected_by,
    paymentStatus: o.payment_status,
    paymentReference: o.payment_reference,
    settlement: settlementOf(o.settlement),
  };
}

const SettlementSchema = z.object({
  finderFeeType: z.string().optional(),
  finderFeeAmount: z.string().optional(),
  basis: z.string().optional(),
  window: z.string().optional(),
  withholdingPaise: z.number().int().optional(),
  bank: z.object({ accountName: z.string(), accountNumber: z.string(), bankName: z.string(), ifscCode: z.string() }).nullable().optional(),
});

/**
 * The settlement terms as the admin reads them, from what the orders code keeps in ondc_order.settlement:
 * the buyer app's finder fee, ONDC's settlement basis and window (`delivery`, `P1D`), the amount withheld,
 * and the store's bank account (its number's last four digits only). Anything else shows as it is.
 */
export function settlementOf(json: string | null): { label: string; value: string }[] {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [{ label: "Settlement", value: json.slice(0, 500) }];
  }
  const parsed = SettlementSchema.safeParse(raw);
  if (!parsed.success) return [{ label: "Settlement", value: json.slice(0, 500) }];
  const s = parsed.data;
  const rows: { label: string; value: string }[] = [];
  if (s.finderFeeAmount) {
    rows.push({
      label: "Buyer app's finder fee",
      value: s.finderFeeType === "percent" ? `${s.finderFeeAmount}%` : `₹${s.finderFeeAmount}`,
    });
  }
  if (s.basis) rows.push({ label: "Settlement basis", value: s.basis });
  if (s.window) rows.push({ label: "Settlement window", value: s.window });
  if (s.withholdingPaise !== undefined) rows.push({ label: "Withheld", value: formatPaise(s.withholdingPaise) });
  if (s.bank) {
    rows.push({
      label: "Settled to",
      value: `${s.bank.accountName}, ${s.bank.bankName} account ending ${s.bank.accountNumber.slice(-4)} (IFSC ${s.bank.ifscCode})`,
    });
  }
  return rows;
}
