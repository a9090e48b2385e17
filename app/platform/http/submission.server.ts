import { parse, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { z } from "zod";
import { refusalOfIssue } from "~/platform/core/refusal";
import { isRefusalCode, renderRefusal } from "~/platform/i18n/render-refusal.server";

/**
 * A posted form as our schemas were written to read it: a text field left empty stays "" (so the
 * schema's own "Enter the …" sentence is what the person reads, not a type error; Conform's default
 * makes it a missing value), as does one missing from the post, a file or a second value where text
 * was expected counts as its first text or nothing, as `FormData.get` reads it; a number is read as
 * `z.coerce.number` reads it; a name posted once or several times (checkboxes) is a list where the
 * schema wants one.
 */
const { coerceFormValue } = configureCoercion({
  stripEmptyString: (value) => value,
  type: { number: Number },
  customize: (type) => (type._zod.def.type === "string" ? asText : null),
});

function asText(value: unknown) {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "";
}

/** Conform's own fields (a list button's intent, the browser's form state): the server acts on neither. */
const CONFORM_FIELDS = new Set(["__intent__", "__state__"]);
/** No form of ours has a list this long; `rows[999999999].x` would make Conform's reply a list of that length. */
const MAX_LIST_INDEX = 99;
const LIST_INDEX = /\[(\d+)\]/g;

/** The posted fields Conform is given: its own and those naming an index past any list of ours are left out. */
function formFields(form: FormData) {
  const fields = new FormData();
  for (const [name, value] of form) {
    if (CONFORM_FIELDS.has(name) || [...name.matchAll(LIST_INDEX)].some((index) => Number(index[1]) > MAX_LIST_INDEX)) continue;
    fields.append(name, value);
  }
  return fields;
}

/**
 * Parses a posted form with the page's schema through Conform (decision 038): the server is the one
 * that decides, and the submission it gives carries each field's errors and what was typed back to
 * the page. Server-only, so neither Zod nor the schema goes into a browser bundle.
 */
export function parseSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema, options: { say?: Say } = {}) {
  const say = options.say ?? sayAsWritten;
  return parseWithZod(formFields(form), {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
    formatError: (issues: z.core.$ZodIssue[]) => issues.map(say),
  });
}

/** How a page says a schema's issue. */
type Say = (issue: z.core.$ZodIssue) => string;

/**
 * A message that is a refusal code (decision 033) in words, in the request's language; any other
 * message as the schema wrote it (the admin pages' schemas still write most of theirs in English).
 */
const sayAsWritten: Say = (issue) => {
  const refused = refusalOfIssue(issue);
  return isRefusalCode(refused.code) ? renderRefusal(refused) : issue.message;
};

/** The first message of a refused submission (fields in the form's order), for the top of the form. */
function firstMessage(error: Record<string, string[] | null> | null | undefined): string | undefined {
  return Object.values(error ?? {}).find((messages): messages is string[] => Boolean(messages?.length))?.[0];
}

type Refused = {
  /** the sentence at the top of the form; else the first field's message */
  formError?: string;
  /** errors the service found, by field name, beside those of the schema */
  fieldErrors?: Record<string, string | undefined>;
  /** fields whose typed value never goes back to the page (secret keys) */
  hideFields?: string[];
};

/**
 * A refused form's answer for the page (`data({ result }, { status: 4xx })`): Conform's reply, with
 * each field's errors and what was typed (so that a page without JavaScript shows it again), and one
 * sentence for the top of the form.
 */
export function replyRefused<Input, Output>(submission: Submission<Input, string[], Output>, refusal: Refused = {}) {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(refusal.fieldErrors ?? {})) if (message) fieldErrors[name] = [message];
  const schemaErrors = submission.status === "success" ? {} : submission.error;
  const summary = refusal.formError ?? firstMessage({ ...schemaErrors, ...fieldErrors }) ?? "Please check the form.";
  return submission.reply({ formErrors: [summary], fieldErrors, hideFields: refusal.hideFields });
}

/**
 * Conform's reply for a form refused by something other than its schema here: another parser (the
 * product form's, which checks the same schema beside its photos and version, and stores the photos
 * only when all is well), or a check made before the form was read (pass an empty form: nothing
 * typed comes back). An error keyed `variants.1.sku` is named as the form names the field,
 * `variants[1].sku`.
 */
export function replyDecided(form: FormData, refusal: Refused & { formError: string }) {
  const submission = parse<unknown, string[]>(formFields(form), { resolve: () => ({ error: {} }) });
  const fieldErrors: Record<string, string | undefined> = {};
  for (const [key, message] of Object.entries(refusal.fieldErrors ?? {})) fieldErrors[key.replace(/\.(\d+)(?=\.|$)/g, "[$1]")] = message;
  return replyRefused(submission, { ...refusal, fieldErrors });
}
