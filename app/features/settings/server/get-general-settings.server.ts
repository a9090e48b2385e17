import { type Db, getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { readSetting } from "./save-setting.server";
import { DEFAULT_GENERAL_SETTINGS, GeneralSettingsSchema, type GeneralSettings } from "~/features/settings/domain/settings";

/**
 * Saved general settings over the defaults; a damaged row falls back to the defaults. The support
 * email and phone default to SUPPORT_EMAIL and SUPPORT_PHONE, until the admin saves others.
 * Inside a transaction, pass it (`db`): on SQLite's one connection a read outside it would wait for it.
 */
export async function getGeneralSettings(db: Db = getDb()): Promise<GeneralSettings> {
  const env = getEnv();
  // The environment's values only where the settings' own rules take them: one they refuse would
  // refuse a saved row without the field, and the store would lose every setting it holds.
  const fits = <K extends "supportEmail" | "supportPhone">(key: K, value: string) =>
    GeneralSettingsSchema.shape[key].safeParse(value).success ? value : DEFAULT_GENERAL_SETTINGS[key];
  const defaults: GeneralSettings = {
    ...DEFAULT_GENERAL_SETTINGS,
    supportEmail: fits("supportEmail", env.SUPPORT_EMAIL),
    supportPhone: fits("supportPhone", env.SUPPORT_PHONE),
  };
  const value = await readSetting("general", db);
  if (value === undefined) return defaults;
  try {
    const parsed = GeneralSettingsSchema.safeParse({ ...defaults, ...JSON.parse(value) });
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}
