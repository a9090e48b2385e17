export const CATEGORY_KEYS = ["seeds", "equipment", "tools", "fertilizers"] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

export function isCategoryKey(value: unknown): value is CategoryKey {
  return typeof value === "string" && (CATEGORY_KEYS as readonly string[]).includes(value);
}
