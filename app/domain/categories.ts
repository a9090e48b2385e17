export const CATEGORY_KEYS = ["seeds", "equipment", "tools", "fertilizers"] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

export const CATEGORY_LABELS: Record<CategoryKey, string> = {
  seeds: "Seeds & Saplings",
  equipment: "Farm Equipment",
  tools: "Garden Tools",
  fertilizers: "Fertilizers",
};

export function isCategoryKey(value: unknown): value is CategoryKey {
  return typeof value === "string" && (CATEGORY_KEYS as readonly string[]).includes(value);
}
