import { z } from "zod";
import { type Db, getDb } from "~/platform/db/db.server";
import { readSetting, saveSetting } from "~/features/settings/server/save-setting.server";

/**
 * Where each seller ships from, as ONDC needs it and the store's tables do not hold it
 * (docs/decisions/074-ondc-catalog.md), by provider id (`store`, or a vendor's id), in the setting
 * `ondc_locations`: the GPS ("lat,lng", at least six decimals, as ONDC's checks ask) and the ONDC
 * city (`std:<STD code>`) the location is in. ONDC requires a location's GPS, and its log checks hold
 * that an `on_search` for a city carries only providers located in it; a seller without a saved
 * location is not in the catalogue.
 */
export const SellerLocationSchema = z.object({
  gps: z
    .string()
    .trim()
    .regex(/^-?\d{1,2}\.\d{6,},\s?-?\d{1,3}\.\d{6,}$/, "GPS must look like 18.520400,73.856700 (latitude, longitude, six decimals)."),
  city: z
    .string()
    .trim()
    .regex(/^std:\d{2,5}$/, "City must be an STD code like std:020."),
});
export type SellerLocation = z.infer<typeof SellerLocationSchema>;
const SellerLocationsSchema = z.record(z.string(), SellerLocationSchema);

export async function readSellerLocations(db: Db = getDb()): Promise<Record<string, SellerLocation>> {
  const value = await readSetting("ondc_locations", db);
  if (value === undefined) return {};
  try {
    const parsed = SellerLocationsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Saves one seller's location (or removes it with null), audited as any setting; a malformed one throws. */
export async function saveSellerLocation(providerId: string, location: SellerLocation | null, db: Db = getDb()): Promise<void> {
  const next = { ...(await readSellerLocations(db)) };
  if (location === null) delete next[providerId];
  else next[providerId] = SellerLocationSchema.parse(location);
  await saveSetting("ondc_locations", next, db);
}
