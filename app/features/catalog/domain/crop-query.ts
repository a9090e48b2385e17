import { type CatalogQuery, parseCatalogQuery } from "./catalog-query";
import { type CropKey, isSeason } from "./crops";

/**
 * Reads /crops/{crop}?category=&season=&sort=&page= as leniently as the catalogue: a crop page
 * has no search box, so q is ignored; an unknown season is no season filter. (Apart from
 * catalog-query.ts, so that /products does not load the list of crops.)
 */
export function parseCropQuery(params: URLSearchParams, crop: CropKey): CatalogQuery {
  const rest = new URLSearchParams(params);
  rest.delete("q");
  rest.delete("prev");
  const season = params.get("season");
  return { ...parseCatalogQuery(rest), crop, ...(isSeason(season) ? { season } : {}) };
}
