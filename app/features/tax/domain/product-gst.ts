import { z } from "zod";
import type { CategoryKey } from "../../catalog/domain/categories";
import { GST_RATES, type GstRate, isGstRate } from "./gst";
import { refusalCode } from "../../../platform/core/refusal";
import { GST_RATE_ERROR, HSN_ERROR, validateHsn } from "./gst-forms";

/**
 * A product's HSN code and GST rate as its forms and the product CSV take them (issue 14). The
 * rates and the HSN rule live in gst.ts; this is how a typed value becomes one.
 */
export type ProductTax = { hsnCode: string; gstRate: GstRate };

/** "5", " 18 ", "5%" → the rate; anything else (12, 5.5, abc, blank) → null. */
export function readGstRate(text: string): GstRate | null {
  const match = /^(\d{1,2})\s*%?$/.exec(text.trim());
  const rate = match ? Number(match[1]) : Number.NaN;
  return isGstRate(rate) ? rate : null;
}

/** A rate read back from the database, where a check constraint keeps it one of GST_RATES. */
export function gstRateOf(stored: number | string): GstRate {
  const rate = Number(stored);
  if (!isGstRate(rate)) throw new Error(`A product's GST rate is ${String(stored)}, not one of ${GST_RATES.join(", ")}.`);
  return rate;
}

export const HsnCodeSchema = z.string(refusalCode(HSN_ERROR.code)).transform((text, ctx) => {
  const read = validateHsn(text);
  if (read.ok) return read.hsn;
  ctx.addIssue({ code: "custom", message: refusalCode(read.error.code) });
  return z.NEVER;
});

/** A missing rate is refused like a wrong one, with the choices (a custom issue carries them). */
export const GstRateSchema = z.unknown().transform((text, ctx) => {
  const rate = typeof text === "string" ? readGstRate(text) : null;
  if (rate !== null) return rate;
  ctx.addIssue({ code: "custom", message: refusalCode(GST_RATE_ERROR.code), params: GST_RATE_ERROR.params });
  return z.NEVER;
});

/** The two fields of a product form; a missing field is refused with its own message. */
export const ProductTaxSchema = z.object({ hsnCode: HsnCodeSchema, gstRate: GstRateSchema });

/**
 * The rate a new product's form starts at, before anyone chooses: seeds and saplings nil, a
 * pesticide 18%, anything else 5% (most farm machinery, tools and fertilisers since 22 Sep 2025;
 * docs/gst-rates.md). Only a starting value: the seller picks the rate of their goods, and the
 * server checks only that it is one of GST_RATES.
 */
export function suggestedGstRate(category: CategoryKey | "", regulatedAs: string): GstRate | null {
  if (category === "") return null;
  if (category === "seeds") return 0;
  if (category === "fertilizers" && regulatedAs === "pesticide") return 18;
  return 5;
}
