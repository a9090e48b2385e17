import { z } from "zod";
import { indiaToday } from "../../../platform/core/india-day";
import { htmlLang, type Locale } from "../../../platform/i18n/locale-core";

/**
 * The month a GST return covers: a calendar month in India (Asia/Kolkata, UTC+05:30 all year, no
 * daylight saving), written as <input type="month"> sends it, "2026-11". A document issued at
 * 2026-10-31T19:00Z (1 November, 00:30 in India) belongs to November.
 */

const IST_OFFSET_MS = 330 * 60 * 1000;
const MONTH = /^(\d{4})-(\d{2})$/;
/** GST began on 1 July 2017: there is no return for an earlier month. */
export const FIRST_GST_MONTH = "2017-07";

const monthName = (locale: Locale) => new Intl.DateTimeFormat(htmlLang(locale), { month: "long", year: "numeric", timeZone: "UTC" });
const monthNames = { en: monthName("en"), hi: monthName("hi") };

export const GstMonthSchema = z
  .string({ error: "Choose a month." })
  .trim()
  .min(1, "Choose a month.")
  .refine((text) => {
    const match = MONTH.exec(text);
    return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
  }, "That is not a month: use YYYY-MM, for example 2026-11.")
  .refine((text) => text >= FIRST_GST_MONTH, "GST began in July 2017: choose July 2017 or a later month.");

/** The month in India at `now`, "2026-11" (the report's default). */
export function indiaMonth(now: Date = new Date()): string {
  return indiaToday(now).slice(0, 7);
}

function parts(month: string): [year: number, month: number] {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`${month} is not a YYYY-MM month`);
  return [Number(match[1]), Number(match[2])];
}

/** The UTC instants a month spans in India: documents issued at or after `startIso` and before `endIso`. */
export function monthBounds(month: string): { startIso: string; endIso: string } {
  const [year, m] = parts(month);
  return {
    startIso: new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS).toISOString(),
    endIso: new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS).toISOString(),
  };
}

/** "November 2026" ("नवंबर 2026" in Hindi). */
export function formatMonth(month: string, locale: Locale = "en"): string {
  const [year, m] = parts(month);
  return monthNames[locale].format(new Date(Date.UTC(year, m - 1, 15)));
}
