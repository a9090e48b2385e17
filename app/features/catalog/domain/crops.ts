/** The crops a farmer shops by (/crops). Keys are URL slugs; the list is the store's, not a seller's. */
export const CROPS = [
  { key: "tomato", label: "Tomato", emoji: "🍅" },
  { key: "paddy", label: "Paddy", emoji: "🌾" },
  { key: "wheat", label: "Wheat", emoji: "🌾" },
  { key: "cotton", label: "Cotton", emoji: "☁️" },
  { key: "chilli", label: "Chilli", emoji: "🌶️" },
  { key: "onion", label: "Onion", emoji: "🧅" },
  { key: "potato", label: "Potato", emoji: "🥔" },
  { key: "maize", label: "Maize", emoji: "🌽" },
  { key: "sugarcane", label: "Sugarcane", emoji: "🎋" },
  { key: "brinjal", label: "Brinjal", emoji: "🍆" },
  { key: "okra", label: "Okra (Bhindi)", emoji: "🥒" },
  { key: "mustard", label: "Mustard", emoji: "🌼" },
  { key: "groundnut", label: "Groundnut", emoji: "🥜" },
  { key: "soybean", label: "Soybean", emoji: "🫘" },
  { key: "vegetables", label: "All vegetables", emoji: "🥬" },
  { key: "fruits", label: "Fruit trees", emoji: "🥭" },
] as const;

export type CropKey = (typeof CROPS)[number]["key"];
export const CROP_KEYS = CROPS.map((c) => c.key) as [CropKey, ...CropKey[]];

/** India's cropping seasons; "all" is a product for any season. */
export const SEASONS = ["kharif", "rabi", "zaid", "all"] as const;
export type Season = (typeof SEASONS)[number];
export const SEASON_LABELS: Record<Season, string> = {
  kharif: "Kharif (monsoon, June–October)",
  rabi: "Rabi (winter, October–March)",
  zaid: "Zaid (summer, March–June)",
  all: "All year",
};
export const SEASON_SHORT: Record<Season, string> = { kharif: "Kharif", rabi: "Rabi", zaid: "Zaid", all: "All year" };

export function isSeason(value: unknown): value is Season {
  return typeof value === "string" && (SEASONS as readonly string[]).includes(value);
}
