import type { CategoryKey } from "~/features/catalog/domain/categories";
import { categoryLabelKey, cropLabelKey, seasonLabelKey, seasonShortKey } from "~/features/catalog/domain/catalog-labels";
import type { CropKey, Season } from "~/features/catalog/domain/crops";
import type { Locale } from "~/platform/i18n/locale";
import { currentLocale, m } from "../../../platform/i18n/i18n.server";

type Key = ReturnType<typeof categoryLabelKey | typeof cropLabelKey | typeof seasonLabelKey | typeof seasonShortKey>;
const say = (key: Key, locale: Locale) => (m[key] as (inputs: object, options: { locale: Locale }) => string)({}, { locale });

/** A category's name in a language (the request's when not given): "Seeds & Saplings", "बीज और पौधे". */
export const categoryLabelIn = (key: CategoryKey, locale: Locale = currentLocale()) => say(categoryLabelKey(key), locale);
/** A crop's name in a language: "Okra (Bhindi)", "भिंडी". */
export const cropLabelIn = (key: CropKey, locale: Locale = currentLocale()) => say(cropLabelKey(key), locale);
/** A season's name in a language, long ("Kharif (monsoon, June–October)") or short ("Kharif"). */
export const seasonLabelIn = (season: Season, locale: Locale = currentLocale(), short = false) =>
  say(short ? seasonShortKey(season) : seasonLabelKey(season), locale);
