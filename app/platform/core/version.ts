/** Versions are a 32-bit integer column on both engines. */
const MAX_VERSION = 2_147_483_647;

/**
 * The version a form says it was drawn from: a whole number the column can hold, "missing" when
 * the form has none, or "stale" for anything else (a page from before versions, a tampered field).
 */
export function readVersion(value: unknown): number | "missing" | "stale" {
  if (value === undefined || value === null || value === "") return "missing";
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return "stale";
  const n = Number(value);
  return n <= MAX_VERSION ? n : "stale";
}
