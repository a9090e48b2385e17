import { data } from "react-router";
import { formatPaiseExact } from "~/platform/core/money";
import { RETURN_DECISION_INTENTS, ReturnDecisionSchema } from "~/features/orders/domain/return-forms";
import type { ReturnDecisionError } from "~/features/orders/domain/returns";
import { approveReturn, receiveReturn, type ReturnDecider, rejectReturn } from "~/features/orders/server/decide-return.server";
import { ReturnRefused } from "~/features/orders/server/request-return.server";
import { m } from "../../../platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "../../../platform/i18n/render-refusal.server";
import { redirectWithToast } from "../../../platform/toast/toast.server";

/** Whether a posted form is a decision on a return (pages with other forms switch on this). */
export function isReturnDecision(fields: Record<string, string>): boolean {
  return RETURN_DECISION_INTENTS.includes(fields.intent ?? "");
}

/**
 * The action half of a return's Approve / Reject forms, shared by the admin's order page, the
 * admin's returns list and the vendor's orders: parse, decide, and come back to `back` with a toast,
 * or answer a 4xx naming the return and the field that was refused. In the page's language: a
 * vendor's may be Hindi (a refund the payment service refused included); the admin's is English.
 */
export async function decideReturnFromForm(fields: Record<string, string>, decider: ReturnDecider, back: string) {
  const returnId = (fields.returnId ?? "").slice(0, 64);
  const refuse = (errors: ReturnDecisionError["errors"], status: number) =>
    data({ returnError: { returnId, errors } satisfies ReturnDecisionError }, { status });
  const parsed = ReturnDecisionSchema.safeParse(fields);
  if (!parsed.success) return refuse(formErrors(parsed.error), 400);
  try {
    if (parsed.data.intent === "approve-return") {
      const outcome = await approveReturn({
        returnId: parsed.data.returnId,
        decider,
        payoutReference: parsed.data.payoutReference || undefined,
      });
      const amount = formatPaiseExact(outcome.refundPaise);
      return redirectWithToast(back, {
        description:
          outcome.refundKind === "payout"
            ? m.orders_toast_return_approved_payout({ amount })
            : m.orders_toast_return_approved_refunding({ amount }),
      });
    }
    if (parsed.data.intent === "receive-return") {
      const { restocked } = await receiveReturn({ returnId: parsed.data.returnId, decider, restock: parsed.data.restock });
      return redirectWithToast(back, { description: m.orders_toast_return_received({ count: restocked }) });
    }
    await rejectReturn({ returnId: parsed.data.returnId, decider, note: parsed.data.note });
    return redirectWithToast(back, { description: m.orders_toast_return_rejected() });
  } catch (error) {
    if (!(error instanceof ReturnRefused)) throw error;
    const field = error.field === "payoutReference" || error.field === "note" || error.field === "restock" ? error.field : "form";
    return refuse({ [field]: renderRefusal(error.refusal) }, error.status);
  }
}
