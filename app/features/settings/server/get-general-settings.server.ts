import { getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { DEFAULT_GENERAL_SETTINGS, GeneralSettingsSchema, type GeneralSettings } from "~/features/settings/domain/settings";

/**
 * Saved general settings over the defaults; a damaged row falls back to the defaults. The support
 * email and phone default to SUPPORT_EMAIL and SUPPORT_PHONE, until the admin saves others.
 */
export async function getGeneralSettings(): Promise<GeneralSettings> {
  const env = getEnv();
  const defaults: GeneralSettings = { ...DEFAULT_GENERAL_SETTINGS, supportEmail: env.SUPPORT_EMAIL, supportPhone: env.SUPPORT_PHONE };
  const row = await getDb().selectFrom("setting").select("value").where("key", "=", "general").executeTakeFirst();
  if (!row) return defaults;
  try {
    const parsed = GeneralSettingsSchema.safeParse({ ...defaults, ...JSON.parse(row.value) });
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}
