import { data } from "react-router";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import type { RecallActor } from "~/features/lots/domain/recall";
import { recallLot, RecallRefused } from "./recall-lot.server";
import { cancelRecalledOrder, swapRecalledLot } from "./recall-holds.server";
import { CancelRefused } from "~/features/orders/server/cancel-order.server";

/** The lot page's one action: recall it with the reason given (an admin, or the vendor whose lot it is). */
export async function recallLotAction(actor: RecallActor, lotId: string, fields: Record<string, string>, page: string) {
  try {
    const done = await recallLot({ lotId, reason: fields.reason ?? "", actor });
    const description = m.ui_vendor_recall_done(
      { lot: done.lot, held: done.heldOrders, told: done.toldCustomers },
      { locale: currentLocale() },
    );
    return redirectWithToast(page, { description });
  } catch (error) {
    if (error instanceof RecallRefused)
      return data({ error: renderRefusal(error.refusal), reason: fields.reason ?? "" }, { status: error.status });
    throw error;
  }
}

/** The intents of the admin's order page that resolve a recall's flag. */
export const isRecallHoldIntent = (fields: Record<string, string>) => fields.intent === "recall-swap" || fields.intent === "recall-cancel";

/** Swaps the order's units of the recalled lot to other lots, or cancels and refunds it (an admin's choice). */
export async function recallHoldAction(orderId: string, adminId: string, fields: Record<string, string>, page: string) {
  const lotId = fields.lotId ?? "";
  try {
    if (fields.intent === "recall-swap") {
      const swapped = await swapRecalledLot({ orderId, lotId, adminId });
      return redirectWithToast(page, { description: `Lot ${swapped.lot} swapped: ${swapped.units} taken from lot ${swapped.into}.` });
    }
    const payoutReference = fields.payoutReference?.trim() || undefined;
    const cancelled = await cancelRecalledOrder({ orderId, lotId, adminId, ...(payoutReference ? { payoutReference } : {}) });
    return redirectWithToast(page, { description: `Order cancelled: it held recalled lot ${cancelled.lot}.` });
  } catch (error) {
    if (error instanceof RecallRefused || error instanceof CancelRefused) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}
