import { z } from "zod";
import { CATEGORY_KEYS, type CategoryKey } from "../../catalog/domain/categories";

/**
 * Field agents' commission (docs/decisions/066-agent-commission.md): a rate per category in basis
 * points (1 % = 100) of a line's taxable value, the amounts in paise. Pure rules, shared by the
 * owner's form, the recording in the order's transaction and the statements.
 */

export type CommissionRates = Record<CategoryKey, number>;

export const NO_RATES: CommissionRates = { seeds: 0, equipment: 0, tools: 0, fertilizers: 0 };

/**
 * A line's commission: its base times the rate, rounded down to the paisa, so an agent is never paid
 * more than the rate gives (at most one paisa less per line). ₹99.99 at 1 % is 99 paise; ₹100.00 is 100.
 */
export function commissionOf(basePaise: number, rateBp: number): number {
  if (basePaise <= 0 || rateBp <= 0) return 0;
  return Math.floor((basePaise * rateBp) / 10_000);
}

/**
 * What a line earns once delivered, after returns: its commission for the units kept, rounded down
 * (3 of 4 kept of 100 paise is 75; 2 of 3 kept of 100 paise is 66). Nothing when all came back.
 */
export function earnedOf(commissionPaise: number, quantity: number, returned: number): number {
  const kept = Math.max(0, quantity - Math.max(0, returned));
  if (quantity <= 0 || kept === 0) return 0;
  return Math.floor((commissionPaise * kept) / quantity);
}

/** A base kept after returns, for the statement's column: the same proportion, rounded down. */
export function keptBaseOf(basePaise: number, quantity: number, returned: number): number {
  return earnedOf(basePaise, quantity, returned);
}

/** 250 basis points as the form shows them: "2.5". */
export function percentText(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const cents = rateBp % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, "0").replace(/0$/, "")}`;
}

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** A percentage typed by the owner ("2.5", "10", "0.25") as basis points, or the reason it is not one. */
export const PercentSchema = z
  .string({ error: "Enter a percentage." })
  .trim()
  .min(1, "Enter a percentage (0 for none).")
  .transform((text) => text.replace(/\s*%$/, ""))
  .refine((text) => PERCENT.test(text), "Use a number from 0 to 100 with at most 2 decimals, for example 2.5.")
  .transform((text) => {
    const [whole, fraction = ""] = text.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  })
  .refine((bp) => bp <= 10_000, "A commission cannot be more than 100%.");

/** The owner's form: a percentage for every category. */
export const CommissionRatesSchema = z.object(
  Object.fromEntries(CATEGORY_KEYS.map((key) => [key, PercentSchema])) as Record<CategoryKey, typeof PercentSchema>,
);

const MONTH = /^(\d{4})-(\d{2})$/;
/** No statement before the store could record commission. */
export const FIRST_MONTH = "2026-01";

/** A statement's month, as <input type="month"> sends it ("2026-11"); the refusal is said by the page. */
export function isStatementMonth(text: string): boolean {
  const match = MONTH.exec(text);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12 && text >= FIRST_MONTH && text <= "9999-12";
}

const monthNames = {
  en: new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" }),
  hi: new Intl.DateTimeFormat("hi-IN", { month: "long", year: "numeric", timeZone: "UTC" }),
};

/** "November 2026", "नवंबर 2026". */
export function monthTitle(month: string, locale: "en" | "hi" = "en"): string {
  const [year, m] = month.split("-").map(Number);
  return monthNames[locale].format(new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 15)));
}

const IST_OFFSET_MS = 330 * 60 * 1000;

/** The UTC instants a month spans in India (UTC+05:30 all year): from `startIso`, before `endIso`. */
export function monthBounds(month: string): { startIso: string; endIso: string } {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`${month} is not a YYYY-MM month`);
  const year = Number(match[1]);
  const m = Number(match[2]);
  return {
    startIso: new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS).toISOString(),
    endIso: new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS).toISOString(),
  };
}
