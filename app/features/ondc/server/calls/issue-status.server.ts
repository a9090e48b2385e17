import { defineCall } from "./call";
import { IssueStatusMessageSchema, onIssueStatusMessage } from "~/features/ondc/domain/igm";
import { findIssue, ISSUE_NOT_FOUND, respondentOf } from "../ondc-issues.server";

/**
 * `issue_status` → `on_issue_status` (IGM 1.0.0): how the buyer app's issue stands — being
 * processed, or resolved with the admin's note and who resolved it.
 */
export const issueStatusCall = defineCall({
  message: IssueStatusMessageSchema,
  async handle(call) {
    const issue = await findIssue(call.context.bap_id, call.message.issue_id);
    if (!issue) return [{ error: ISSUE_NOT_FOUND }];
    const who = await respondentOf(call.context.bpp_id, call.context.domain);
    return [{ message: onIssueStatusMessage(issue, who) }];
  },
});
