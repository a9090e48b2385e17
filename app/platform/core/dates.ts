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

// Hindi's clock with the part of the day: "दोपहर 12:43" (ICU's flexible day periods सुबह, दोपहर, शाम, रात).
const hindiClock = new Intl.DateTimeFormat(htmlLang("hi"), {
  hour: "numeric",
  minute: "2-digit",
  dayPeriod: "short",
  timeZone: "Asia/Kolkata",
});

/**
 * "28 नवंबर 2026, दोपहर 12:43": the time as Hindi speakers say it, with the part of the day.
 * ICU's Hindi date-time style reads "28 नवंबर 2026 को 12:43 pm बजे" (an English "pm").
 */
function hindiDateTime(date: Date): string {
  return `${byLocale.hi.date.format(date)}, ${hindiClock.format(date)}`;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const hindiMonthYear = new Intl.DateTimeFormat(htmlLang("hi"), { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * A day's month and year as a label prints it: "Mar 2027" (three letters, as packs do; ICU writes
 * "Sept"), "मार्च 2027" (Hindi's month names are short already; ICU abbreviates some with "॰").
 */
export function formatMonthYear(isoDay: string, locale: Locale = "en") {
  const [year, month] = isoDay.split("-").map(Number);
  if (locale === "hi") return hindiMonthYear.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 15)));
  return `${SHORT_MONTHS[(month ?? 1) - 1] ?? ""} ${year}`;
}
