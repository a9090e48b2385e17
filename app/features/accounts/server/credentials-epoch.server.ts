import { getDb } from "~/platform/db/db.server";

/*
 * A change-of-email link is a signed token that works without a session (Better Auth checks only that
 * the account's email is still the one in it). Whoever asked for it may be the person a password reset,
 * a password change or the first confirmation has just shut out, so a link signed before the account's
 * last such event is refused (user.credentials_epoch; docs/decisions/030-pre-registration-and-phones.md).
 */

/** The moment to store when one of those events happens (inside its transaction). */
export const credentialsEpochNow = () => new Date().toISOString();

/**
 * Was a token signed (`iat`, whole seconds) before the epoch? A token signed in the same second as the
 * event, whichever came first, counts as before: `waitForNewEpochSecond` keeps the store's own new
 * links clear of that second.
 */
export function signedBeforeEpoch(issuedAtSeconds: number | undefined, epoch: string | null | undefined) {
  if (!epoch) return false;
  if (issuedAtSeconds === undefined) return true;
  return issuedAtSeconds * 1000 < Date.parse(epoch);
}

/**
 * Before signing a new change-of-email link: if the account's epoch falls in the current second, wait
 * for the next one (under a second), so a link asked for just after a password change still works.
 */
export async function waitForNewEpochSecond(userId: string) {
  const row = await getDb().selectFrom("user").select("credentials_epoch").where("id", "=", userId).executeTakeFirst();
  if (!row?.credentials_epoch) return;
  const clear = Math.ceil(Date.parse(row.credentials_epoch) / 1000) * 1000;
  const wait = clear - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
