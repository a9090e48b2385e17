/**
 * Calendar days in India (Asia/Kolkata, UTC+5:30, no daylight saving) as ISO dates, "2026-03-31".
 * A licence's expiry is such a day: it is valid through the end of that day in India, so the
 * comparison is of day strings, the same on both database engines.
 */
const dayInIndia = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });
const longDay = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

/** India's clocks have been UTC+5:30 all year since 15 October 1945 (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;
const FIXED_FROM = Date.UTC(1946, 0, 1);
const FIXED_UNTIL = Date.UTC(9999, 0, 1);

/**
 * Today's date in India, e.g. "2026-04-01" from 2026-03-31T18:30:00Z: in the years of the fixed
 * offset by adding it, as Intl's time-zone formatting costs more (every order asks twice).
 */
export function indiaToday(now: Date = new Date()): string {
  const t = now.getTime();
  if (t >= FIXED_FROM && t < FIXED_UNTIL) return new Date(t + INDIA_OFFSET_MS).toISOString().slice(0, 10);
  return dayInIndia.format(now);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day `days` after an ISO day (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "31 March 2026": an ISO day in the en-IN long format the store uses for dates. */
export function formatIsoDay(day: string): string {
  return longDay.format(new Date(`${day}T12:00:00+05:30`));
}

/** Milliseconds from `now` until the next midnight in India. */
export function msUntilIndiaMidnight(now: Date = new Date()): number {
  const next = new Date(`${addDays(indiaToday(now), 1)}T00:00:00+05:30`);
  return next.getTime() - now.getTime();
}
