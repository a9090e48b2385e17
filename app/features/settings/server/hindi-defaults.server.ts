import { DEFAULT_GENERAL_SETTINGS, type GeneralSettings } from "../domain/settings";

/*
 * The sample settings' words in Hindi. Here, on the server, rather than in the settings' defaults
 * (which the admin's pages bundle), so no script carries Hindi.
 */
const SAMPLE_TAGLINE_HI = "हर भारतीय खेत के लिए बीज, औज़ार और मशीनें";

/**
 * The tagline a page in `locale` shows: the admin's Hindi one on a Hindi page; while that is blank,
 * the sample tagline's Hindi if the English is still the sample's, else the admin's English.
 */
export function taglineIn(settings: Pick<GeneralSettings, "siteTagline" | "siteTaglineHi">, locale: "en" | "hi"): string {
  if (locale !== "hi") return settings.siteTagline;
  if (settings.siteTaglineHi) return settings.siteTaglineHi;
  return settings.siteTagline === DEFAULT_GENERAL_SETTINGS.siteTagline ? SAMPLE_TAGLINE_HI : settings.siteTagline;
}
