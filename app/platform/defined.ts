/**
 * The value, or a thrown error naming what was missing. For elements that cannot be absent (the
 * first issue of a failed parse, a regex's required group, a list's element the code just counted);
 * where absence can happen, handle it (404, 4xx, skip) instead.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Expected ${what}, found none`);
  return value;
}
