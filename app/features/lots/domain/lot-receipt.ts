import { z } from "zod";
import { type RefusalCode, refusalCode } from "../../../platform/core/refusal";
import { addDays, isIsoDay } from "../../../platform/core/india-day";

/** What a product is regulated as (migration 0017): the label facts its lots carry follow from it. */
export const LOT_KINDS = ["seed", "pesticide", "fertiliser"] as const;
export type LotKind = (typeof LOT_KINDS)[number];

export const LOT_NUMBER_MAX = 40;
export const LOT_QUANTITY_MAX = 1_000_000;
export const REGISTRATION_MAX = 60;
export const NOTE_MAX = 300;
export const FCO_GRADE_MAX = 60;
export const PHI_DAYS_MAX = 365;

/** A lot as typed in the receipt form or a row of the lots CSV: every field a string. */
export const LOT_RECEIPT_FIELDS = [
  "number",
  "quantity",
  "manufacturedOn",
  "expiresOn",
  "testedOn",
  "germination",
  "purity",
  "treated",
  "registrationNo",
  "phiDays",
  "antidote",
  "fcoGrade",
] as const;
export type LotReceiptFields = Partial<Record<(typeof LOT_RECEIPT_FIELDS)[number], string>>;

/** A lot receipt, checked: what receiveLot writes. Facts a kind does not carry are null. */
export type LotReceipt = {
  number: string;
  quantity: number;
  manufacturedOn: string | null;
  expiresOn: string | null;
  testedOn: string | null;
  germinationPct: number | null;
  purityPct: number | null;
  treated: boolean;
  registrationNo: string | null;
  phiDays: number | null;
  antidote: string | null;
  fcoGrade: string | null;
};

const code = (c: RefusalCode, params?: Record<string, unknown>) => refusalCode(c, params as never);
const text = z.string().trim().default("");
/** A ticked checkbox posts "on"; a CSV says yes/no, true/false or 1/0. */
const TICKED = new Set(["on", "yes", "y", "true", "1"]);

/**
 * A lot receipt's rules (docs/decisions/056-lots.md): a lot number of 1–40 letters, digits, spaces,
 * `-` or `/`; a whole quantity from 1 to 1,000,000; days as YYYY-MM-DD, manufacture not after
 * today and before the expiry; an expiry for seeds and pesticides; and the label facts of the
 * product's kind — seeds: date of test (not in the future), germination and physical purity (whole
 * percentages 0–100); pesticides: registration number, pre-harvest interval (0–365 days), antidote;
 * fertilisers: FCO grade (optional). Each refusal names its field.
 */
export function lotReceiptSchema(kind: LotKind | null, today: string) {
  return z
    .object({
      number: text,
      quantity: text,
      manufacturedOn: text,
      expiresOn: text,
      testedOn: text,
      germination: text,
      purity: text,
      treated: text,
      registrationNo: text,
      phiDays: text,
      antidote: text,
      fcoGrade: text,
    })
    .transform((v, ctx): LotReceipt => {
      const bad = (path: string, c: RefusalCode, params?: Record<string, unknown>) =>
        ctx.addIssue({ code: "custom", path: [path], message: code(c, params) });
      const number = v.number.replace(/\s+/g, " ");
      if (!number || number.length > LOT_NUMBER_MAX || !/^[A-Za-z0-9 /-]+$/.test(number)) bad("number", "lots.number");
      const quantity = wholeNumber(v.quantity);
      if (quantity === null || quantity <= 0 || quantity > LOT_QUANTITY_MAX) bad("quantity", "lots.quantity");

      const manufacturedOn = day(v.manufacturedOn);
      if (v.manufacturedOn && !manufacturedOn) bad("manufacturedOn", "lots.date_format");
      else if (manufacturedOn && manufacturedOn > today) bad("manufacturedOn", "lots.made_in_future");
      const expiresOn = day(v.expiresOn);
      if (v.expiresOn && !expiresOn) bad("expiresOn", "lots.date_format");
      else if (!expiresOn && (kind === "seed" || kind === "pesticide")) bad("expiresOn", "lots.expiry_required");
      else if (expiresOn && manufacturedOn && expiresOn <= manufacturedOn) bad("expiresOn", "lots.expiry_before_made");

      const out: LotReceipt = {
        number,
        quantity: quantity ?? 0,
        manufacturedOn,
        expiresOn,
        testedOn: null,
        germinationPct: null,
        purityPct: null,
        treated: false,
        registrationNo: null,
        phiDays: null,
        antidote: null,
        fcoGrade: null,
      };
      if (kind === "seed") {
        out.testedOn = day(v.testedOn);
        if (!v.testedOn) bad("testedOn", "lots.tested_on_required");
        else if (!out.testedOn) bad("testedOn", "lots.date_format");
        else if (out.testedOn > today) bad("testedOn", "lots.tested_in_future");
        out.germinationPct = percentage(v.germination, "germination", bad);
        out.purityPct = percentage(v.purity, "purity", bad);
        out.treated = TICKED.has(v.treated.toLowerCase());
      }
      if (kind === "pesticide") {
        out.registrationNo = v.registrationNo.replace(/\s+/g, " ") || null;
        if (!out.registrationNo) bad("registrationNo", "lots.registration_required");
        else if (out.registrationNo.length > REGISTRATION_MAX) bad("registrationNo", "lots.too_long", { max: REGISTRATION_MAX });
        if (v.phiDays) {
          out.phiDays = wholeNumber(v.phiDays);
          if (out.phiDays === null || out.phiDays > PHI_DAYS_MAX) bad("phiDays", "lots.phi_days");
        }
        out.antidote = v.antidote || null;
        if (v.antidote.length > NOTE_MAX) bad("antidote", "lots.too_long", { max: NOTE_MAX });
      }
      if (kind === "fertiliser") {
        out.fcoGrade = v.fcoGrade.replace(/\s+/g, " ") || null;
        if (v.fcoGrade.length > FCO_GRADE_MAX) bad("fcoGrade", "lots.too_long", { max: FCO_GRADE_MAX });
      }
      return out;
    });
}

function wholeNumber(text: string): number | null {
  return /^\d{1,7}$/.test(text) ? Number(text) : null;
}

function day(text: string): string | null {
  return isIsoDay(text) ? text : null;
}

function percentage(text: string, field: "germination" | "purity", bad: (path: string, c: RefusalCode) => void): number | null {
  const value = /^\d{1,4}$/.test(text) ? Number(text) : null;
  if (value === null) bad(field, field === "germination" ? "lots.germination" : "lots.purity");
  else if (value > 100) bad(field, field === "germination" ? "lots.germination_over" : "lots.purity_over");
  return value;
}

export const ADJUST_REASON_MIN = 3;
export const ADJUST_REASON_MAX = 200;

/** A change to a lot's quantity by hand: a whole number other than 0 (−1,000,000 to 1,000,000), with a reason. */
export const LotAdjustmentSchema = z.object({
  lotId: z.string(code("common.form_missing")).trim().min(1, code("common.form_missing")).max(64, code("common.form_missing")),
  change: z
    .string(code("lots.adjust_change"))
    .trim()
    .regex(/^(\+|-|−)?\d{1,7}$/, code("lots.adjust_change"))
    .transform((s) => Number(s.replace("−", "-")))
    .refine((n) => n !== 0 && Math.abs(n) <= LOT_QUANTITY_MAX, code("lots.adjust_change")),
  reason: z
    .string(code("lots.adjust_reason", { min: ADJUST_REASON_MIN, max: ADJUST_REASON_MAX }))
    .trim()
    .min(ADJUST_REASON_MIN, code("lots.adjust_reason", { min: ADJUST_REASON_MIN, max: ADJUST_REASON_MAX }))
    .max(ADJUST_REASON_MAX, code("lots.adjust_reason", { min: ADJUST_REASON_MIN, max: ADJUST_REASON_MAX })),
});
export type LotAdjustment = z.infer<typeof LotAdjustmentSchema>;

/** The first India day a lot is no longer sold: its expiry less its kind's margin; null when it does not expire. */
export function sellBeforeOf(expiresOn: string | null, marginDays: number): string | null {
  return expiresOn ? addDays(expiresOn, -marginDays) : null;
}
