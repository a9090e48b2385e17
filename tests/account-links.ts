import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { confirmEmail } from "~/features/accounts/server/email-verification.server";

/**
 * The links account emails carry, read from the outbox as the person would read them in the mail:
 * the newest message of `kind` to `email`, and the token in its link to `path`.
 */
export async function linkToken(email: string, kind = "verify-email", path = "/verify-email") {
  const row = await getDb()
    .selectFrom("outbox")
    .select("payload")
    .where("recipient", "=", email)
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const { text } = JSON.parse(row.payload) as { text: string };
  const match = new RegExp(`${path.replace(/[/-]/g, "\\$&")}\\?token=([^\\s&]+)`).exec(text);
  return decodeURIComponent(defined(match?.[1], `a ${path} link in the ${kind} email to ${email}`));
}

/**
 * Opens the confirmation link sent to `email` (registration) in a browser not signed in, so with the
 * account's password: confirmed and signed in; the session's headers.
 */
export async function confirmAndSignIn(email: string, password: string) {
  const result = await confirmEmail(await linkToken(email.toLowerCase()), {
    headers: new Headers({ origin: "http://localhost:3999" }),
    ip: "127.0.0.1",
    password,
  });
  if (!result.ok) throw new Error(`the confirmation link to ${email} did not work`);
  return result.headers;
}

/** A request carrying the session a sign-in or confirmation set (its Set-Cookie headers). */
export function sessionCookie(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
