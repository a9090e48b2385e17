import { z } from "zod";
import { isIsoDay } from "~/platform/core/india-day";

/**
 * The owner's filters on the audit trail (docs/decisions/061-audit-trail.md): the person (their
 * email), the kind (exact, or every kind of an object: "product" is product.*), the object's id, and
 * India days from and to (both ends included). Empty means any.
 */
export type AuditFilters = { person: string; kind: string; object: string; from: string; to: string };

const IST_OFFSET_MS = 330 * 60 * 1000;
// Control characters are no part of an email, a kind or an id (and PostgreSQL refuses a NUL in text): dropped.
const CONTROL = /\p{Cc}/gu;
const text = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(CONTROL, ""))
    .pipe(z.string().trim().max(max, `Keep this under ${max} characters.`))
    .catch("");
const day = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || isIsoDay(value), message);

export const AuditFiltersSchema = z
  .object({
    person: text(254).transform((v) => v.toLowerCase()),
    kind: text(60),
    object: text(120),
    from: day("The start date is not a valid date (use YYYY-MM-DD)."),
    to: day("The end date is not a valid date (use YYYY-MM-DD)."),
  })
  .refine((f) => f.from === "" || f.to === "" || f.from <= f.to, { message: "The start date is after the end date.", path: ["to"] });

/** The filters in a URL's query; a bad date is an error to show, the others are only trimmed. */
export function readAuditFilters(params: URLSearchParams) {
  return AuditFiltersSchema.safeParse({
    person: params.get("person") ?? "",
    kind: params.get("kind") ?? "",
    object: params.get("object") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  });
}

/** The first instant (UTC, ISO) of an India day. */
export function indiaDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS).toISOString();
}

/** The first instant after an India day. */
export function indiaDayEnd(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS + 24 * 60 * 60 * 1000).toISOString();
}
