import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import { data } from "react-router";
import type { z } from "zod";

/**
 * A posted form as our schemas were written to read it: a field left empty stays "" (so the schema's
 * own "Enter the …" sentence is what the person reads, not a type error), a number is read as
 * `z.coerce.number` reads it, and a name posted once or several times (checkboxes) is a list where
 * the schema wants one. Conform's default would turn "" into a missing value.
 */
const { coerceFormValue } = configureCoercion({ stripEmptyString: (value) => value, type: { number: Number } });

/**
 * Parses a posted form with the page's schema through Conform (decision 038): the server is the one
 * that decides, and the submission it gives carries each field's errors and what was typed back to
 * the page. Server-only, so neither Zod nor the schema goes into a browser bundle.
 */
export function parseSubmission<Schema extends z.ZodType>(form: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(form, { schema: coerceFormValue(schema), disableAutoCoercion: true });
}

/** The first message of a refused submission (fields in the form's order), for the top of the form. */
export function firstMessage(error: Record<string, string[] | null> | null | undefined): string | undefined {
  return Object.values(error ?? {}).find((messages): messages is string[] => Boolean(messages?.length))?.[0];
}

type Refusal = {
  /** the sentence at the top of the form; else the first field's message */
  formError?: string;
  /** errors the service found, by field name, beside those of the schema */
  fieldErrors?: Record<string, string | undefined>;
};

/**
 * A refused form's answer: Conform's reply (each field's errors, and what was typed so that a page
 * without JavaScript shows it again) with one sentence for the top of the form, and a 4xx status.
 */
export function refuseSubmission<Input, Output>(submission: Submission<Input, string[], Output>, status: number, refusal: Refusal = {}) {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(refusal.fieldErrors ?? {})) if (message) fieldErrors[name] = [message];
  const summary = refusal.formError ?? firstMessage({ ...submission.error, ...fieldErrors }) ?? "Please check the form.";
  return data({ result: submission.reply({ formErrors: [summary], fieldErrors }) }, { status });
}
