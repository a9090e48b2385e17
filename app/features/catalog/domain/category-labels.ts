import type { CategoryKey } from "./categories";

/** The categories' English names (spec §5), for the admin panel and the catalogue CSV. */
export const CATEGORY_LABELS: Record<CategoryKey, string> = {
  seeds: "Seeds & Saplings",
  equipment: "Farm Equipment",
  tools: "Garden Tools",
  fertilizers: "Fertilizers",
};
