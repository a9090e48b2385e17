import type { ExpressionBuilder } from "kysely";
import { getDb, type Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliveryCheck,
  type DeliverySettings,
  DeliverySettingsSchema,
  describeDelivery,
  type PincodePlace,
} from "~/features/delivery/domain/delivery";
import { readSetting, saveSetting } from "~/features/settings/server/save-setting.server";

const KEY = "delivery";

/** The admin's delivery settings over the defaults; a damaged row falls back to the defaults. */
export async function getDeliverySettings(db: Db = getDb()): Promise<DeliverySettings> {
  const value = await readSetting(KEY, db);
  if (value === undefined) return DEFAULT_DELIVERY_SETTINGS;
  try {
    const parsed = DeliverySettingsSchema.safeParse({ ...DEFAULT_DELIVERY_SETTINGS, ...JSON.parse(value) });
    return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
  } catch {
    return DEFAULT_DELIVERY_SETTINGS;
  }
}

export async function saveDeliverySettings(settings: DeliverySettings) {
  await saveSetting(KEY, DeliverySettingsSchema.parse(settings));
}

/** The directory's district and State for a 6-digit pincode (one primary-key probe), or null. */
export async function lookupPincode(pincode: string, db: Db = getDb()): Promise<PincodePlace | null> {
  if (!/^[1-9][0-9]{5}$/.test(pincode)) return null;
  const row = await db.selectFrom("pincode").select(["district", "state"]).where("code", "=", pincode).executeTakeFirst();
  return row ?? null;
}

/**
 * The directory's district and State of a pincode (trimmed) as two columns of a read that asks for
 * more in the same round trip (placeOrder reads them with its checkout key's repeat); null when the
 * directory has no such pincode. Give the pair to `placeFrom`, then to `checkDeliveryAt`.
 */
export function pincodeColumns(eb: ExpressionBuilder<Database, never>, pincode: string) {
  const column = (name: "district" | "state") => eb.selectFrom("pincode").select(name).where("code", "=", pincode);
  return [column("district").as("pincode_district"), column("state").as("pincode_state")] as const;
}

/** The place read by `pincodeColumns`, or null. */
export function placeFrom(row: { pincode_district: string | null; pincode_state: string | null }): PincodePlace | null {
  return row.pincode_district !== null && row.pincode_state !== null ? { district: row.pincode_district, state: row.pincode_state } : null;
}

/** "Check delivery": whether, by when and with what payment the store delivers to a pincode. */
export async function checkDelivery(raw: string, now = new Date()): Promise<DeliveryCheck> {
  const pincode = raw.trim();
  const [settings, place] = await Promise.all([getDeliverySettings(), lookupPincode(pincode)]);
  return describeDelivery(settings, pincode, place, now);
}

/** `checkDelivery` for a pincode whose place the caller has read already (`pincodeColumns`). */
export async function checkDeliveryAt(raw: string, place: PincodePlace | null, now = new Date()): Promise<DeliveryCheck> {
  return describeDelivery(await getDeliverySettings(), raw, place, now);
}
