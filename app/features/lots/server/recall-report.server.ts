import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import { csvRows } from "~/platform/csv.server";
import { formatOrderId } from "~/platform/core/order-id";
import type { OrderStatus } from "~/features/orders/domain/orders";
import {
  type HoldState,
  RECALL_REPORT_COLUMNS,
  type RecallActor,
  type RecallReportRow,
  RECEIVED_STATUSES,
} from "~/features/lots/domain/recall";
import { hasRealEmail } from "~/features/accounts/domain/mobile";
import type { LotView } from "~/features/lots/domain/recall";
import { getLot } from "./list-lots.server";
import { recallMessageKey } from "./recall-lot.server";

/** The report's rows the lot's page shows; the CSV has them all. */
export const REPORT_SHOWN = 200;

/**
 * Every order that took units of one of the actor's lots: the customer, how many units it took and
 * how many went back, what the recall made of it and when its customer was told. Null: no such lot.
 */
export async function recallReport(
  actor: RecallActor,
  lotId: string,
  limit?: number,
): Promise<{ lot: LotView; rows: RecallReportRow[] } | null> {
  const lot = await getLot(actor, lotId);
  if (!lot) return null;
  const rows = await getDb()
    .selectFrom("order_line_lot as t")
    .innerJoin("order_line as l", "l.id", "t.order_line_id")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .leftJoin("recall_hold as h", (join) => join.onRef("h.order_id", "=", "o.id").on("h.lot_id", "=", lot.id))
    .leftJoin("outbox as e", (join) => join.on("e.dedupe_key", "=", sql<string>`${recallMessageKey(lot.id, "email")} || o.user_id`))
    .leftJoin("outbox as s", (join) => join.on("s.dedupe_key", "=", sql<string>`${recallMessageKey(lot.id, "sms")} || o.user_id`))
    .select([
      "o.id",
      "o.created_at",
      "o.status",
      "o.customer_name",
      "o.customer_phone",
      "o.customer_email",
      "o.pincode",
      "h.resolution",
      "h.created_at as flagged_at",
      "e.id as email_id",
      "e.sent_at as email_sent_at",
      "s.id as sms_id",
      "s.sent_at as sms_sent_at",
    ])
    .select((eb) => [eb.fn.sum<number>("t.quantity").as("units"), eb.fn.sum<number>("t.returned").as("units_back")])
    .where("t.lot_id", "=", lot.id)
    .groupBy([
      "o.id",
      "o.created_at",
      "o.status",
      "o.customer_name",
      "o.customer_phone",
      "o.customer_email",
      "o.pincode",
      "h.resolution",
      "h.created_at",
      "e.id",
      "e.sent_at",
      "s.id",
      "s.sent_at",
    ])
    .orderBy("o.created_at")
    .orderBy("o.id")
    .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
    .execute();
  return {
    lot,
    rows: rows.map((r) => {
      const received = (RECEIVED_STATUSES as readonly string[]).includes(r.status);
      const queued = r.email_id !== null || r.sms_id !== null;
      return {
        orderId: r.id,
        placedAt: r.created_at,
        status: r.status,
        customer: r.customer_name,
        phone: r.customer_phone,
        email: hasRealEmail(r.customer_email) ? r.customer_email : "",
        pincode: r.pincode,
        units: Number(r.units),
        unitsBack: Number(r.units_back),
        hold: r.flagged_at === null ? null : holdState(r.resolution, r.status),
        ...(received && queued ? { toldAt: r.email_sent_at ?? r.sms_sent_at ?? null } : {}),
      };
    }),
  };
}

/** A flag never resolved on an order cancelled another way is cancelled all the same. */
function holdState(resolution: string | null, status: OrderStatus): HoldState {
  if (resolution === "swapped" || resolution === "cancelled") return resolution;
  return status === "cancelled" ? "cancelled" : "open";
}

/** The report as CSV: one row per order, every text cell guarded against formulas (csvRows). */
export function recallReportCsv(rows: readonly RecallReportRow[]): string {
  return csvRows([
    RECALL_REPORT_COLUMNS,
    ...rows.map((r) => [
      formatOrderId(r.orderId),
      r.placedAt,
      r.status,
      r.customer,
      r.phone,
      r.email,
      r.pincode,
      r.units,
      r.unitsBack,
      r.hold ?? "",
      r.toldAt === undefined ? "" : (r.toldAt ?? "queued"),
    ]),
  ]);
}
