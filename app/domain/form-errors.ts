import type { z } from "zod";

/** First message per field, for showing beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** The message of a failed parse's first issue (a failed parse always has one). */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form.";
}
