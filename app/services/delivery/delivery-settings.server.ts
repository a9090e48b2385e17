import type { DeliveryZoneForm } from "~/domain/delivery-forms";
import { type DeliverySettings, MAX_ZONES } from "~/domain/delivery";
import { newId } from "~/lib/ids";
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
