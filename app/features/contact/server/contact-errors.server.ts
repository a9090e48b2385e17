import type { z } from "zod";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { type ContactInput, type ContactProblem, contactProblem } from "~/features/contact/domain/contact";
import type { FieldErrors } from "~/platform/core/form-errors";
import { refusal } from "~/platform/core/refusal";
import { m } from "~/platform/i18n/i18n.server";
import { issueText, renderRefusal } from "~/platform/i18n/render-refusal.server";

/*
 * The form's problems are told apart by the Zod issue's code and field (contactProblem), not by
 * its words, so each is said straight from its message in the page's language (the contact form
 * asks in its own words: "Please enter your name.", not the account forms' "full name").
 */
const PROBLEM_TEXT: Record<ContactProblem, () => string> = {
  name_required: m.legal_contact_name_required,
  name_too_long: () => m.legal_contact_name_too_long({ max: FIELD_MAX.name }),
  email_too_long: () => m.legal_contact_email_too_long({ max: FIELD_MAX.email }),
  email_invalid: m.legal_contact_email_invalid,
  phone_too_long: m.legal_contact_phone_invalid,
  phone_invalid: m.legal_contact_phone_invalid,
  reply_to_required: m.legal_contact_reply_to_required,
  subject_required: m.legal_contact_subject_required,
  subject_too_long: () => m.legal_contact_subject_too_long({ max: FIELD_MAX.subject }),
  message_required: m.legal_contact_message_required,
  message_too_long: m.legal_contact_message_too_long,
};

/** The first problem of each field, in the page's language. */
export function contactErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors<ContactInput> {
  const out: FieldErrors<ContactInput> = {};
  for (const issue of issues) {
    const field = (issue.path.length ? String(issue.path[0]) : "form") as keyof FieldErrors<ContactInput>;
    const problem = contactProblem(issue);
    out[field] ??= problem ? PROBLEM_TEXT[problem]() : issueText(issue);
  }
  return out;
}

/** The rate limit's refusal, in the page's language. */
export const tooManyAttempts = (seconds: number) => renderRefusal(refusal("common.too_many_attempts", { seconds }));
