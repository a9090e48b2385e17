import type { z } from "zod";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { type ContactInput, type ContactProblem, contactProblem } from "~/features/contact/domain/contact";
import type { FieldErrors } from "~/platform/core/form-errors";
import { TOO_MANY_ATTEMPTS } from "~/platform/i18n/messages";
import { m } from "~/platform/i18n/i18n.server";
import { commonRefusals } from "~/features/storefront/server/localize-refusal.server";

/*
 * The form's problems are told apart by the Zod issue's code and field (contactProblem), not by
 * its English text, so each is said straight from its message in the page's language; only the
 * rate limit's refusals, English sentences from elsewhere, go through the shared refusals.
 */
const PROBLEM_TEXT: Record<ContactProblem, () => string> = {
  name_required: m.legal_contact_name_required,
  name_too_long: () => m.legal_contact_name_too_long({ max: FIELD_MAX.name }),
  email_required: m.legal_contact_email_required,
  email_too_long: () => m.legal_contact_email_too_long({ max: FIELD_MAX.email }),
  email_invalid: m.legal_contact_email_invalid,
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
    out[field] ??= problem ? PROBLEM_TEXT[problem]() : issue.message;
  }
  return out;
}

/** The rate limit's refusal, in the page's language. */
export const tooManyAttempts = (seconds: number) => commonRefusals.say(TOO_MANY_ATTEMPTS(seconds));

/** The rate limiter's own refusal (its store could not be asked), in the page's language. */
export const contactRefusal = (english: string) => commonRefusals.say(english);
