import { z } from "zod";
import { type Db, getDb } from "~/platform/db/db.server";
import { readSetting, saveSetting } from "~/features/settings/server/save-setting.server";

/**
 * The admin's switch (setting `ondc`): whether the store takes ONDC calls now. Off until an admin turns
 * it on, and only then does a configured store (ONDC_* settings) answer buyer apps with anything but
 * ONDC's "Merchant unavailable".
 */
const OndcSwitchSchema = z.object({ enabled: z.boolean() });
export type OndcSwitch = z.infer<typeof OndcSwitchSchema>;

export async function readOndcSwitch(db: Db = getDb()): Promise<OndcSwitch> {
  const value = await readSetting("ondc", db);
  if (value === undefined) return { enabled: false };
  try {
    const parsed = OndcSwitchSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : { enabled: false };
  } catch {
    return { enabled: false };
  }
}

/** Saved with its audit entry (saveSetting). */
export async function saveOndcSwitch(value: OndcSwitch, db: Db = getDb()): Promise<void> {
  await saveSetting("ondc", OndcSwitchSchema.parse(value), db);
}
