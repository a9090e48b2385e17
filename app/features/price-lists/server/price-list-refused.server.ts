import { RefusalError, type Refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";

/** A refusal of the admin's group or price-list forms, with the field it is about. */
export class PriceListRefused extends RefusalError {
  constructor(
    refused: Refusal,
    status = 409,
    readonly field?: string,
  ) {
    super(refused, { status, english: english(refused) });
  }
}

/** An id as we make them; anything else (a hostile URL) is no row. */
export const isRowId = (id: string) => /^[a-z0-9]{6,40}$/.test(id);

export function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string };
  return e.code === "23505" || /UNIQUE constraint failed/i.test(e.message ?? "");
}
