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
  return locale === "hi" ? hindiDateTime(new Date(iso)) : byLocale[locale].dateTime.format(new Date(iso));
}

const indiaClock = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", hourCycle: "h23", timeZone: "Asia/Kolkata" });

/**
 * "28 नवंबर 2026, दोपहर 12:43 बजे": the time as Hindi speakers say it, with the part of the day.
 * ICU's Hindi format reads "28 नवंबर 2026 को 12:43 pm बजे" (an English "pm" and a "बजे" after it).
 */
function hindiDateTime(date: Date): string {
  const parts = indiaClock.formatToParts(date);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = parts.find((p) => p.type === "minute")?.value ?? "00";
  const part = hour < 4 ? "रात" : hour < 12 ? "सुबह" : hour < 16 ? "दोपहर" : hour < 20 ? "शाम" : "रात";
  return `${byLocale.hi.date.format(date)}, ${part} ${hour % 12 || 12}:${minute} बजे`;
}
