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

type ParamsArg<C extends RefusalCode> =
  Record<string, never> extends RefusalParams[C] ? [params?: RefusalParams[C]] : [params: RefusalParams[C]];

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
 * A Zod check's message that is a refusal code: `.min(1, refusalCode("account.email_missing"))`.
 * The form's boundary turns the issue back into the refusal, its `min`/`max` (and a custom issue's
 * `params`) as the values (formRefusals in render-refusal.server.ts).
 */
export const refusalCode = (code: RefusalCode): string => code;
