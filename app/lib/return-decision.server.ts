import { data } from "react-router";
import { fieldErrors } from "~/domain/form-errors";
import { formatPaiseExact } from "~/domain/money";
import { RETURN_DECISION_INTENTS, ReturnDecisionSchema } from "~/domain/return-forms";
import type { ReturnDecisionError } from "~/domain/returns";
import { approveReturn, type ReturnDecider, rejectReturn } from "~/services/returns/decide-return.server";
import { ReturnRefused } from "~/services/returns/request-return.server";
import { redirectWithToast } from "./toast.server";

/** Whether a posted form is a decision on a return (pages with other forms switch on this). */
export function isReturnDecision(fields: Record<string, string>): boolean {
  return RETURN_DECISION_INTENTS.includes(fields.intent ?? "");
}

/**
 * The action half of a return's Approve / Reject forms, shared by the admin's order page, the
 * admin's returns list and the vendor's orders: parse, decide, and come back to `back` with a toast,
 * or answer a 4xx naming the return and the field that was refused.
 */
export async function decideReturnFromForm(fields: Record<string, string>, decider: ReturnDecider, back: string) {
  const returnId = (fields.returnId ?? "").slice(0, 64);
  const refuse = (errors: ReturnDecisionError["errors"], status: number) =>
    data({ returnError: { returnId, errors } satisfies ReturnDecisionError }, { status });
  const parsed = ReturnDecisionSchema.safeParse(fields);
  if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
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
            ? `Return approved: the refund of ${amount} is recorded.`
            : `Return approved: ${amount} is being refunded.`,
      });
    }
    await rejectReturn({ returnId: parsed.data.returnId, decider, note: parsed.data.note });
    return redirectWithToast(back, { description: "Return rejected. The customer is emailed your reason." });
  } catch (error) {
    if (!(error instanceof ReturnRefused)) throw error;
    const field = error.field === "payoutReference" || error.field === "note" ? error.field : "form";
    return refuse({ [field]: error.message }, error.status);
  }
}
