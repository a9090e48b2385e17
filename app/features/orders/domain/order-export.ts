import { z } from "zod";

/**
 * The admin's order export: a date range of India days (Asia/Kolkata, UTC+05:30 all year, no
 * daylight saving), both ends included, one CSV row per order.
 */

const IST_OFFSET_MS = 330 * 60 * 1000;
/** A year and a day: a financial year's export, with room for a leap day. */
export const MAX_EXPORT_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayStartUtc(day: string): number | null {
  if (!DAY.test(day)) return null;
  const [y, m, d] = day.split("-").map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  // 2026-02-30 rolls over to March: not a real day.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return utc - IST_OFFSET_MS;
}

export const OrderExportSchema = z
  .object({
    from: z.string({ error: "Please choose a start date." }).trim().min(1, "Please choose a start date."),
    to: z.string({ error: "Please choose an end date." }).trim().min(1, "Please choose an end date."),
  })
  .transform((v, ctx) => {
    const start = dayStartUtc(v.from);
    const end = dayStartUtc(v.to);
    if (start === null) {
      ctx.addIssue({ code: "custom", message: "The start date is not a valid date (use YYYY-MM-DD)." });
      return z.NEVER;
    }
    if (end === null) {
      ctx.addIssue({ code: "custom", message: "The end date is not a valid date (use YYYY-MM-DD)." });
      return z.NEVER;
    }
    if (start > end) {
      ctx.addIssue({ code: "custom", message: "The start date must be on or before the end date." });
      return z.NEVER;
    }
    const days = (end - start) / 86_400_000 + 1;
    if (days > MAX_EXPORT_DAYS) {
      ctx.addIssue({ code: "custom", message: `Please choose at most ${MAX_EXPORT_DAYS} days.` });
      return z.NEVER;
    }
    return {
      from: v.from,
      to: v.to,
      /** UTC instants: orders placed at or after `startIso` and before `endIso`. */
      startIso: new Date(start).toISOString(),
      endIso: new Date(end + 86_400_000).toISOString(),
    };
  });
export type OrderExportRange = z.output<typeof OrderExportSchema>;

const istDateTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-23 01:05" in India time: sortable, and a spreadsheet reads it as a date and time. */
export function formatIstDateTime(iso: string): string {
  const parts = Object.fromEntries(istDateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Today in India, as YYYY-MM-DD (the export form's default end). */
export function istToday(now = new Date()): string {
  return formatIstDateTime(now.toISOString()).slice(0, 10);
}

// Moved beside parseRupeesToPaise: the product CSV writes rupees the same way.
export { paiseToRupeeText } from "../../../platform/core/rupee-input";
