import type { z } from "zod";

/** Every key of every member of a union (`keyof` alone keeps only the shared ones). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** Errors keyed by the schema's own field names; "form" holds one not tied to a field. */
export type FieldErrors<T> = Partial<Record<KeysOf<T> | "form", string>>;

/** First message per field, for showing beside each input. */
export function fieldErrors<T>(error: z.ZodError<T>): FieldErrors<T> {
  const out: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const key = (issue.path.length ? String(issue.path[0]) : "form") as KeysOf<T> | "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** The message to show at the top of a refused form. */
export function firstError<T>(errors: FieldErrors<T>): string {
  return Object.values(errors).find((m): m is string => typeof m === "string") ?? "Please check the form.";
}
