import { getDb } from "~/platform/db/db.server";
import { DEFAULT_GENERAL_SETTINGS, GeneralSettingsSchema, type GeneralSettings } from "~/features/settings/domain/settings";

/** Saved general settings over the defaults; a damaged row falls back to the defaults. */
export async function getGeneralSettings(): Promise<GeneralSettings> {
  const row = await getDb().selectFrom("setting").select("value").where("key", "=", "general").executeTakeFirst();
  if (!row) return DEFAULT_GENERAL_SETTINGS;
  try {
    const parsed = GeneralSettingsSchema.safeParse({ ...DEFAULT_GENERAL_SETTINGS, ...JSON.parse(row.value) });
    return parsed.success ? parsed.data : DEFAULT_GENERAL_SETTINGS;
  } catch {
    return DEFAULT_GENERAL_SETTINGS;
  }
}
