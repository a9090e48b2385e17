import { defineCall } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { IssueMessageSchema, onIssueMessage } from "~/features/ondc/domain/igm";
import { ISSUE_NOT_FOUND, respondentOf, takeIssue } from "../ondc-issues.server";

/**
 * `issue` → `on_issue` (IGM 1.0.0, docs/decisions/076-ondc-admin.md): the grievance is stored against
 * the ONDC order it names and answered with the store's action, PROCESSING, and its support contact
 * (General Settings). An order this buyer app did not place with us is ONDC's "Order not found".
 */
export const issueCall = defineCall({
  message: IssueMessageSchema,
  async handle(call) {
    const taken = await takeIssue({
      bapId: call.context.bap_id,
      transactionId: call.context.transaction_id,
      message: call.message,
      now: call.receivedAt,
    });
    if (!taken.ok) return [{ error: taken.reason === "order-not-found" ? ONDC_ERRORS.orderNotFound : ISSUE_NOT_FOUND }];
    const who = await respondentOf(call.context.bpp_id, call.context.domain);
    return [{ message: onIssueMessage(taken.issue, who) }];
  },
});
