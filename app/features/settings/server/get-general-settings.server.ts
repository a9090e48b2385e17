import { type Db, getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { readSetting } from "./save-setting.server";
import { parsedOnce } from "./parsed-once.server";
import { DEFAULT_GENERAL_SETTINGS, GeneralSettingsSchema, type GeneralSettings } from "~/features/settings/domain/settings";

/**
 * Saved general settings over the defaults; a damaged row falls back to the defaults. The support
 * email and phone default to SUPPORT_EMAIL and SUPPORT_PHONE, until the admin saves others.
 * Inside a transaction, pass it (`db`): on SQLite's one connection a read outside it would wait for it.
 */
export async function getGeneralSettings(db: Db = getDb()): Promise<GeneralSettings> {
  const env = getEnv();
  return settingsOf(await readSetting("general", db), env.SUPPORT_EMAIL, env.SUPPORT_PHONE);
}

/** Frozen, made once per stored text and support details (parsedOnce). */
const settingsOf = parsedOnce((value, supportEmail = "", supportPhone = ""): GeneralSettings => {
  // The environment's values only where the settings' own rules take them: one they refuse would
  // refuse a saved row without the field, and the store would lose every setting it holds.
  const fits = <K extends "supportEmail" | "supportPhone">(key: K, value: string) =>
    GeneralSettingsSchema.shape[key].safeParse(value).success ? value : DEFAULT_GENERAL_SETTINGS[key];
  const defaults: GeneralSettings = {
    ...DEFAULT_GENERAL_SETTINGS,
    supportEmail: fits("supportEmail", supportEmail),
    supportPhone: fits("supportPhone", supportPhone),
  };
  if (value === undefined) return defaults;
  try {
    const parsed = GeneralSettingsSchema.safeParse({ ...defaults, ...JSON.parse(value) });
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
});
