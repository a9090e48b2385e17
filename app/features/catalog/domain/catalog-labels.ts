import type { UiKey } from "~/platform/i18n/i18n";
import type { CategoryKey } from "./categories";
import type { CropKey, Season } from "./crops";

/**
 * The messages (messages/ui-catalog) that name the store's categories, crops and seasons, which are
 * constants (categories.ts, crops.ts), in either language. The English messages say exactly what
 * CATEGORY_LABELS, CROPS' labels, SEASON_LABELS and SEASON_SHORT say.
 *
 * In the browser: `t(categoryLabelKey(key))` (useT). On the server: `categoryLabelIn(key, locale)`
 * (catalog-labels.server.ts), or `m[categoryLabelKey(key)]()` in the request's language.
 */
export const categoryLabelKey = (key: CategoryKey) => `ui_catalog_category_${key}` as const satisfies UiKey;
export const cropLabelKey = (key: CropKey) => `ui_catalog_crop_${key}` as const satisfies UiKey;
export const seasonLabelKey = (season: Season) => `ui_catalog_season_${season}` as const satisfies UiKey;
export const seasonShortKey = (season: Season) => `ui_catalog_season_short_${season}` as const satisfies UiKey;
