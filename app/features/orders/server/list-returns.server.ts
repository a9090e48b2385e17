import { type Db, getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import type { PageRequest } from "~/platform/core/pagination";
import { isPrepaidMethod, needsAttention } from "~/features/payments/domain/payments";
import type { DecidableReturnView, RefundView, ReturnStatus, ReturnView } from "~/features/orders/domain/returns";
import { sizeName } from "~/features/catalog/domain/variants";
import { isReturnReasonCode, type PayoutDetails, returnStage } from "~/features/orders/domain/return-refund";
import { open } from "~/platform/secret-box.server";

/** The columns every view of a return request reads (its line's name and size, its refund's payout reference). */
function returnRows(db: Db) {
  return db
    .selectFrom("return_request")
    .innerJoin("order_line", "order_line.id", "return_request.order_line_id")
    .leftJoin("refund", "refund.id", "return_request.refund_id")
    .select([
      "return_request.id",
      "return_request.order_id",
      "return_request.order_line_id",
      "return_request.quantity",
      "return_request.reason",
      "return_request.amount_paise",
      "return_request.status",
      "return_request.created_at",
      "return_request.decided_at",
      "return_request.decision_note",
      "return_request.reason_code",
      "return_request.received_at",
      "return_request.restocked_quantity",
      "return_request.payout_hint",
      "return_request.payout_details",
      "return_request.photos",
      "order_line.name",
      "order_line.variant_label",
      "refund.payout_reference",
    ])
    .select((eb) =>
      eb.selectFrom("product").select("product.regulated_as").whereRef("product.id", "=", "order_line.product_id").as("regulated_as"),
    );
}

type ReturnRow = {
  id: string;
  order_id: string;
  order_line_id: string;
  quantity: number;
  reason: string;
  amount_paise: number;
  status: ReturnStatus;
  created_at: string;
  decided_at: string | null;
  decision_note: string | null;
  reason_code: string | null;
  received_at: string | null;
  restocked_quantity: number;
  payout_hint: string | null;
  payout_details: string | null;
  photos: string;
  name: string;
  variant_label: string;
  payout_reference: string | null;
};

function toView(r: ReturnRow): ReturnView {
  return {
    id: r.id,
    orderId: r.order_id,
    lineId: r.order_line_id,
    name: sizeName(r.name, r.variant_label),
    quantity: Number(r.quantity),
    reason: r.reason,
    amountPaise: Number(r.amount_paise),
    status: r.status,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    decisionNote: r.decision_note,
    payoutReference: r.payout_reference,
    reasonCode: isReturnReasonCode(r.reason_code) ? r.reason_code : null,
    stage: returnStage({ status: r.status, receivedAt: r.received_at }),
    receivedAt: r.received_at,
    restockedQuantity: Number(r.restocked_quantity),
    payoutHint: r.payout_hint,
    photos: parsePhotos(r.photos),
  };
}

function parsePhotos(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The payout's destination in full, opened from the secret box: for the admin who sends the refund,
 * never for a vendor or a list the customer sees. Null when none was given or it cannot be opened.
 */
function openPayoutDetails(sealed: string | null): PayoutDetails | null {
  if (!sealed) return null;
  const plain = open(sealed);
  if (!plain) return null;
  try {
    return JSON.parse(plain) as PayoutDetails;
  } catch {
    return null;
  }
}

/**
 * An order's return requests, oldest first: all of them, or (with `vendorId`) only those of that
 * vendor's lines. The order's own page and the admin's page show them with their refunds.
 */
export async function listOrderReturns(
  orderId: string,
  options: { vendorId?: string; revealPayout?: boolean } = {},
): Promise<DecidableReturnView[]> {
  return (await listReturnsOfOrders([orderId], options)).get(orderId) ?? [];
}

/**
 * The return requests of several orders (a page of them), by order. `revealPayout` (the admin's
 * pages only) adds the payout's destination in full; everyone else sees it masked.
 */
export async function listReturnsOfOrders(orderIds: readonly string[], options: { vendorId?: string; revealPayout?: boolean } = {}) {
  const byOrder = new Map<string, DecidableReturnView[]>();
  if (orderIds.length === 0) return byOrder;
  const db = getDb();
  let query = returnRows(db)
    .innerJoin("orders", "orders.id", "return_request.order_id")
    .select("orders.payment_method")
    .where("return_request.order_id", "in", orderIds);
  if (options.vendorId) query = query.where("return_request.vendor_id", "=", options.vendorId);
  const rows = await query.orderBy("return_request.created_at").orderBy("return_request.id").execute();
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({
      ...toView(r),
      needsPayout: !isPrepaidMethod(r.payment_method),
      sealedOnly: r.regulated_as === "pesticide",
      ...(options.revealPayout ? { payoutDetails: openPayoutDetails(r.payout_details) } : {}),
    });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

/** An order's refunds, oldest first (cancellation, returns, late or extra payments). */
export async function listOrderRefunds(orderId: string): Promise<RefundView[]> {
  const rows = await getDb()
    .selectFrom("refund")
    .leftJoin("stray_payment", "stray_payment.refund_id", "refund.id")
    .select([
      "refund.id",
      "refund.amount_paise",
      "refund.reason",
      "refund.kind",
      "refund.status",
      "refund.error",
      "refund.payout_reference",
      "refund.created_at",
      "refund.updated_at",
      "stray_payment.reason as stray_reason",
    ])
    .where("refund.order_id", "=", orderId)
    .orderBy("refund.created_at")
    .orderBy("refund.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    amountPaise: Number(r.amount_paise),
    reason: r.stray_reason && needsAttention(r.stray_reason) ? ("mismatched_payment" as const) : r.reason,
    kind: r.kind,
    done: r.status === "processed",
    failed: r.status === "failed",
    error: r.status === "failed" ? r.error : null,
    payoutReference: r.payout_reference,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export const ADMIN_RETURNS_PAGE_SIZE = 50;

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "return_request.created_at", field: "created_at", kind: "string" },
    { ref: "return_request.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** One page of return requests for /admin/returns, newest first, filtered by status, with the true total. */
export async function listReturnsForAdmin(filter: { status: ReturnStatus | "all" }, page: PageRequest) {
  let query = returnRows(getDb())
    .innerJoin("orders", "orders.id", "return_request.order_id")
    .leftJoin("vendor", "vendor.user_id", "return_request.vendor_id")
    .select(["orders.payment_method", "orders.customer_name", "vendor.business_name"]);
  if (filter.status !== "all") query = query.where("return_request.status", "=", filter.status);
  const result = await paginate(query, NEWEST_FIRST, page, ADMIN_RETURNS_PAGE_SIZE);
  return {
    ...result,
    rows: result.rows.map((r) => ({
      ...toView(r),
      needsPayout: !isPrepaidMethod(r.payment_method),
      sealedOnly: r.regulated_as === "pesticide",
      // The admin's list: the admin sends payouts, so sees where they go.
      payoutDetails: openPayoutDetails(r.payout_details),
      customerName: r.customer_name,
      /** The line's seller: a vendor's business name, or null for the store's own. */
      sellerName: r.business_name,
    })),
  };
}
