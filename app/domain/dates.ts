const longDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });
const longDateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** en-IN long format in India's time zone, the same on server and client so hydration matches. */
export function formatDate(iso: string) {
  return longDate.format(new Date(iso));
}
export function formatDateTime(iso: string) {
  return longDateTime.format(new Date(iso));
}
