import { data } from "react-router";
import { z } from "zod";
import { MarkTransferPaidSchema } from "~/features/payments/domain/bank-transfer";
import { type FieldErrors, firstError } from "~/platform/core/form-errors";
import { adminFormErrors } from "~/platform/i18n/render-refusal.server";
import { ShipFormSchema } from "~/features/orders/domain/shipments";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { markTransferPaid, TransferRefused } from "~/features/orders/server/mark-transfer-paid.server";
import { ShipmentRefused, shipOrder } from "~/features/orders/server/ship-order.server";

const IntentSchema = z.enum(["status", "ship", "mark-paid"], {
  error: "This form asked for an action the page does not know. Please reload the page and try again.",
});

type Fields = FieldErrors<z.input<typeof ShipFormSchema>> & FieldErrors<z.input<typeof MarkTransferPaidSchema>>;

/** A refused shipping or payment form: which form, its message, the fields' errors and what was typed. */
export type FulfilmentReply = {
  intent: "ship" | "mark-paid";
  refusal: string;
  fields: Fields;
  values: { courier: string; tracking: string };
};

/**
 * The admin order page's fulfilment intents (issue 15): "ship" (also the status form's "Shipped",
 * which needs the courier and tracking) and "mark-paid". Null for the status form's other moves.
 */
export async function fulfilmentAction(orderId: string, adminId: string, form: Record<string, string>) {
  const intent = IntentSchema.safeParse(form.intent ?? (form.status === "shipped" ? "ship" : "status"));
  if (!intent.success) return data({ error: intent.error.issues[0]?.message ?? "Please reload the page." }, { status: 400 });
  const values = { courier: form.courier ?? "", tracking: form.tracking ?? "" };
  const reply = (kind: FulfilmentReply["intent"], error: string, fields: Fields, status: number) =>
    data<FulfilmentReply>({ intent: kind, refusal: error, fields, values }, { status });
  const back = `/admin/orders/${encodeURIComponent(orderId)}`;

  if (intent.data === "ship") {
    const parsed = ShipFormSchema.safeParse(form);
    if (!parsed.success) {
      const fields = adminFormErrors(parsed.error);
      return reply("ship", firstError(fields), fields, 400);
    }
    try {
      const { orderShipped } = await shipOrder({ role: "admin", id: adminId }, { orderId, ...parsed.data });
      return redirectWithToast(back, { description: orderShipped ? "Order marked Shipped." : "Items marked shipped." });
    } catch (error) {
      if (error instanceof ShipmentRefused) return reply("ship", error.message, {}, error.status);
      throw error;
    }
  }
  if (intent.data === "mark-paid") {
    const parsed = MarkTransferPaidSchema.safeParse(form);
    if (!parsed.success) {
      const fields = adminFormErrors(parsed.error);
      return reply("mark-paid", firstError(fields), fields, 400);
    }
    try {
      const { confirmed } = await markTransferPaid({ orderId, reference: parsed.data.reference, actorId: adminId });
      return redirectWithToast(back, { description: confirmed ? "Payment recorded; the order is confirmed." : "Payment recorded." });
    } catch (error) {
      if (error instanceof TransferRefused) {
        return reply("mark-paid", error.message, error.status === 400 ? { reference: error.message } : {}, error.status);
      }
      throw error;
    }
  }
  return null;
}
