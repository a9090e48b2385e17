import { getDb } from "~/platform/db/db.server";
import { cookieLocale, isLocale, LOCALE_COOKIE, type Locale } from "~/platform/i18n/locale";
import { getEnv } from "~/platform/env.server";

const YEAR = 365 * 24 * 60 * 60;

/** The language cookie, with the attributes the switch (app/routes/resources/language.ts) sets it with. */
export function localeCookie(locale: Locale) {
  const secure = getEnv().BASE_URL.startsWith("https://") ? "; Secure" : "";
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}

/**
 * After a sign-in: a browser that has never chosen a language takes the one the account last chose
 * with the switch (user.locale, 0022-languages), so the next page opens in it. A browser that has
 * chosen (its `Cookie` header names one) keeps its choice; an account that never chose sets nothing.
 */
export async function rememberedLocaleCookie(cookieHeader: string | null, userId: string): Promise<string | null> {
  if (cookieLocale(cookieHeader)) return null;
  const row = await getDb().selectFrom("user").select("locale").where("id", "=", userId).executeTakeFirst();
  return isLocale(row?.locale) ? localeCookie(row.locale) : null;
}

/** The language switch, used while signed in: the account remembers the choice for its next sign-in elsewhere. */
export async function rememberLocale(userId: string, locale: Locale): Promise<void> {
  await getDb().updateTable("user").set({ locale }).where("id", "=", userId).execute();
}
