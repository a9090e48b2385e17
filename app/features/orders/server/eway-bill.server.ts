import { type Db, getDb } from "~/platform/db/db.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english, firstRefusal } from "~/platform/i18n/render-refusal.server";
import { isId } from "~/platform/ids";
import { consignmentValuePaise, EwayBillNumberSchema, needsEwayBill } from "~/features/orders/domain/eway-bill";

/** Why an e-way bill number was not recorded, with the HTTP answer. */
export class EwayBillRefused extends RefusalError {
  declare readonly status: 400 | 404 | 409;
  constructor(refused: Refusal, status: 400 | 404 | 409 = 409) {
    super(refused, { status, english: english(refused) });
  }
}

/** Where an order stands on e-way bills: its consignment value, whether one is needed, the number recorded. */
export type EwayBillState = { valuePaise: number; needed: boolean; number: string | null };

/** The order's e-way bill state (docs/decisions/058-warehouse-work.md), read in `db` (the caller's transaction). */
export async function orderEwayBill(orderId: string, db: Db = getDb()): Promise<EwayBillState | null> {
  const order = await db.selectFrom("orders").select(["eway_bill_no"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const lines = await db
    .selectFrom("order_line")
    .select(["taxable_paise", "cgst_paise", "sgst_paise", "igst_paise"])
    .where("order_id", "=", orderId)
    .execute();
  const valuePaise = consignmentValuePaise(
    lines.map((l) => ({
      taxablePaise: Number(l.taxable_paise),
      taxPaise: Number(l.cgst_paise) + Number(l.sgst_paise) + Number(l.igst_paise),
    })),
  );
  const { ewayBillAboveRupees } = await getGeneralSettings(db);
  return { valuePaise, needed: needsEwayBill(valuePaise, ewayBillAboveRupees), number: order.eway_bill_no };
}

/** The refusal to ship an order that needs an e-way bill and has none recorded; null when it may ship. */
export async function ewayBillShippingRefusal(trx: Db, orderId: string): Promise<Refusal | null> {
  const state = await orderEwayBill(orderId, trx);
  if (!state?.needed || state.number) return null;
  return refusal("orders.eway_bill_needed", { amountPaise: state.valuePaise });
}

/**
 * Records (or corrects) an order's e-way bill number, before it ships: 12 digits. An order shipped,
 * delivered or cancelled is refused; so is one that does not exist.
 */
export async function recordEwayBill(input: { orderId: string; number: string; adminId: string }): Promise<string> {
  const parsed = EwayBillNumberSchema.safeParse(input.number);
  if (!parsed.success) throw new EwayBillRefused(firstRefusal(parsed.error), 400);
  if (!isId(input.orderId)) throw new EwayBillRefused(refusal("orders.order_gone"), 404);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const order = await trx.selectFrom("orders").select(["status"]).where("id", "=", input.orderId).executeTakeFirst();
      if (!order) throw new EwayBillRefused(refusal("orders.order_gone"), 404);
      if (order.status !== "pending" && order.status !== "confirmed") {
        throw new EwayBillRefused(refusal("orders.eway_bill_status", { status: order.status }));
      }
      const saved = await trx
        .updateTable("orders")
        .set({ eway_bill_no: parsed.data, eway_bill_at: new Date().toISOString(), eway_bill_by: input.adminId })
        .where("id", "=", input.orderId)
        .where("status", "=", order.status)
        .executeTakeFirst();
      if (Number(saved.numUpdatedRows) !== 1) throw new EwayBillRefused(refusal("orders.changed_reload"));
      return parsed.data;
    });
}
