import type { DeliveryZoneForm } from "~/features/delivery/domain/delivery-forms";
import { type DeliverySettings, MAX_ZONES } from "~/features/delivery/domain/delivery";
import { newId } from "~/platform/ids";
import { type Db, getDb } from "~/platform/db/db.server";
import { getDeliverySettings, saveDeliverySettings } from "./delivery.server";

export class DeliverySettingsRefused extends Error {}

export async function saveDeliveryGeneral(input: { codMax: number; restServed: boolean; restDays: number; restCod: boolean }) {
  const settings = await getDeliverySettings();
  await saveDeliverySettings({
    ...settings,
    codMaxPaise: input.codMax,
    rest: { served: input.restServed, days: input.restDays, cod: input.restCod },
  });
}

/** Adds a zone (no `id`) or replaces one; a zone that is gone, or one too many, is refused. */
export async function saveDeliveryZone(input: DeliveryZoneForm, id?: string): Promise<DeliverySettings> {
  const settings = await getDeliverySettings();
  const zone = { ...input, id: id ?? newId() };
  let zones: DeliverySettings["zones"];
  if (id) {
    if (!settings.zones.some((z) => z.id === id)) throw new DeliverySettingsRefused("That zone no longer exists.");
    zones = settings.zones.map((z) => (z.id === id ? zone : z));
  } else {
    if (settings.zones.length >= MAX_ZONES) throw new DeliverySettingsRefused(`At most ${MAX_ZONES} zones.`);
    zones = [...settings.zones, zone];
  }
  const next = { ...settings, zones };
  await saveDeliverySettings(next);
  return next;
}

export async function deleteDeliveryZone(id: string) {
  const settings = await getDeliverySettings();
  await saveDeliverySettings({ ...settings, zones: settings.zones.filter((z) => z.id !== id) });
}

/** Pincodes an admin added (opened after the directory's data was published), newest first. */
export async function listAddedPincodes(db: Db = getDb()) {
  return db.selectFrom("pincode").select(["code", "district", "state"]).where("source", "=", "admin").orderBy("code").limit(500).execute();
}

/** Adds a pincode the directory lacks; one it already has is refused (the directory's entry stands). */
export async function addPincode(input: { code: string; district: string; state: string }, db: Db = getDb()) {
  const inserted = await db
    .insertInto("pincode")
    .values({ ...input, source: "admin" })
    .onConflict((oc) => oc.column("code").doNothing())
    .returning("code")
    .executeTakeFirst();
  if (!inserted) throw new DeliverySettingsRefused(`Pincode ${input.code} is already in the directory.`);
}

/** Removes a pincode an admin added; the shipped directory's pincodes cannot be removed. */
export async function removeAddedPincode(code: string, db: Db = getDb()) {
  await db.deleteFrom("pincode").where("code", "=", code).where("source", "=", "admin").execute();
}
