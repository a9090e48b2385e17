import type { z } from "zod";
import type { RefusalParams } from "./refusal-codes";

export type { RefusalParams } from "./refusal-codes";

/**
 * A refusal as code and data (docs/decisions/033-errors-as-codes.md): the domain and the services say
 * *what* went wrong ("checkout.only_left", with the name and the stock), the page's language says it
 * in words (app/platform/i18n/render-refusal.server.ts). Client-safe and pure.
 */
export type RefusalCode = keyof RefusalParams;

/** One refusal: its code and the values its sentence needs (raw: paise, ISO days, seconds). */
export type Refusal<C extends RefusalCode = RefusalCode> = C extends RefusalCode ? { code: C; params: RefusalParams[C] } : never;

/** A code whose sentence needs no values. */
export type PlainRefusalCode = { [C in RefusalCode]: object extends RefusalParams[C] ? C : never }[RefusalCode];

type ParamsArg<C extends RefusalCode> = C extends PlainRefusalCode ? [params?: RefusalParams[C]] : [params: RefusalParams[C]];

/** `refusal("checkout.only_left", { stock: 3, name })`; a code without values needs none. */
export function refusal<C extends RefusalCode>(code: C, ...[params]: ParamsArg<C>): Refusal<C> {
  return { code, params: params ?? {} } as Refusal<C>;
}

/**
 * A refusal thrown by a service, with the HTTP status its page answers. Its `message` is the
 * English sentence, for logs and for the English-only admin pages; a page shows `refusal`, said
 * in its own language.
 */
export class RefusalError extends Error {
  readonly refusal: Refusal;
  readonly status: number;

  constructor(refusal: Refusal, options: { status?: number; english?: string } = {}) {
    super(options.english ?? refusal.code);
    this.refusal = refusal;
    this.status = options.status ?? 409;
  }
}

/**
 * A Zod check's message that is a refusal: `.min(1, refusalCode("account.email_missing"))`, or with
 * values the issue does not carry itself, `refusalCode("vendor.courier_length", { min: 2, max: 80 })`
 * (written after the code as JSON). The form's boundary turns the issue back into the refusal
 * (refusalOfIssue).
 */
export function refusalCode<C extends RefusalCode>(code: C, params?: Partial<RefusalParams[C]>): string {
  return params ? `${code}${JSON.stringify(params)}` : code;
}

/**
 * The refusal a Zod issue of our schemas names (its message is refusalCode's): its values are those
 * written with the code, a length's `min`/`max`, and a custom issue's `params`. Unchecked here; a
 * page's boundary checks the code is one (issueRefusal in render-refusal.server.ts).
 */
export function refusalOfIssue(issue: z.core.$ZodIssue): Refusal {
  const split = issue.message.indexOf("{");
  const written = split < 0 ? null : valuesOf(issue.message.slice(split));
  const code = written ? issue.message.slice(0, split) : issue.message;
  const params: Record<string, unknown> = { ...written };
  if (issue.code === "too_small") params.min ??= Number(issue.minimum);
  if (issue.code === "too_big") params.max ??= Number(issue.maximum);
  if (issue.code === "custom") Object.assign(params, issue.params);
  return { code, params } as Refusal;
}

/** The values refusalCode wrote after a code; null when the text is not that (another message's words). */
function valuesOf(json: string): Record<string, unknown> | null {
  try {
    const values: unknown = JSON.parse(json);
    return typeof values === "object" && values !== null ? (values as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
