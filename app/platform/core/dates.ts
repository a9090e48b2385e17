import { htmlLang, type Locale } from "../i18n/locale-core";

const formats = (locale: Locale) => ({
  date: new Intl.DateTimeFormat(htmlLang(locale), { dateStyle: "long", timeZone: "Asia/Kolkata" }),
  dateTime: new Intl.DateTimeFormat(htmlLang(locale), { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Kolkata" }),
});
const byLocale = { en: formats("en"), hi: formats("hi") };

/**
 * The spec's long format in India's time zone, in the page's language ("22 November 2026",
 * "22 नवंबर 2026"; Latin digits in both), the same on server and client so hydration matches.
 */
export function formatDate(iso: string, locale: Locale = "en") {
  return byLocale[locale].date.format(new Date(iso));
}
export function formatDateTime(iso: string, locale: Locale = "en") {
  return byLocale[locale].dateTime.format(new Date(iso));
}
