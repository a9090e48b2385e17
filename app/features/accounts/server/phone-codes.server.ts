import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { type Db, getDb } from "~/platform/db/db.server";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from "~/features/accounts/domain/mobile";
import { getEnv } from "~/platform/env.server";
import { newId } from "~/platform/ids";

/*
 * One-time sign-in codes (docs/decisions/013-mobile-sign-in.md). A code is 6 random digits, lives
 * 10 minutes, may be tried 5 times, and is used once. Only an HMAC of it is stored, keyed by a key
 * derived from BETTER_AUTH_SECRET, so the table (or a backup of it) gives no code away.
 */

/** A key of its own for codes, derived from the session secret rather than being it. */
function codeKey() {
  return createHmac("sha256", getEnv().BETTER_AUTH_SECRET).update("angle:phone-code:v1").digest();
}

/** The stored form of a code: bound to its number, so a row cannot be moved to another number. */
export function hashCode(phone: string, code: string) {
  return createHmac("sha256", codeKey()).update(`${phone}\n${code}`).digest("hex");
}

/** Six digits from a cryptographic source; leading zeros kept. */
export function newCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * Stores a fresh code for `phone` and returns it (for the SMS, never for a log). Any earlier live
 * code for the number dies, so only the newest SMS works. `db` is the caller's transaction, so the
 * code exists exactly when its SMS is queued. With `userId` the code verifies that account's profile
 * phone (verify-phone.server.ts) and is no sign-in code; without, it is one.
 */
export async function issuePhoneCode(db: Db, phone: string, now = Date.now(), userId: string | null = null) {
  const code = newCode();
  const at = new Date(now).toISOString();
  await db
    .updateTable("phone_code")
    .set({ consumed_at: at })
    .where("phone", "=", phone)
    .where("consumed_at", "is", null)
    .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
    .execute();
  const id = newId();
  await db
    .insertInto("phone_code")
    .values({
      id,
      phone,
      code_hash: hashCode(phone, code),
      attempts: 0,
      expires_at: new Date(now + CODE_TTL_MS).toISOString(),
      consumed_at: null,
      created_at: at,
      user_id: userId,
    })
    .execute();
  return { id, code };
}

/**
 * True exactly once for the right code of `phone` (issued for `userId`, or a sign-in code) within its 10 minutes. Each try is counted
 * before the comparison (a guarded increment, so parallel guesses cannot exceed the cap), the
 * comparison takes constant time, and the code is consumed by an update that only one caller can
 * win, so two verifications racing with the right code open one session, not two.
 */
export async function consumePhoneCode(phone: string, code: string, now = Date.now(), userId: string | null = null): Promise<boolean> {
  const db = getDb();
  const at = new Date(now).toISOString();
  const row = await db
    .selectFrom("phone_code")
    .select(["id", "code_hash"])
    .where("phone", "=", phone)
    .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
    .where("consumed_at", "is", null)
    .where("expires_at", ">", at)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) return false;
  const counted = await db
    .updateTable("phone_code")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", row.id)
    .where("consumed_at", "is", null)
    .where("attempts", "<", CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) return false;
  if (!sameHash(row.code_hash, hashCode(phone, code))) return false;
  const consumed = await db
    .updateTable("phone_code")
    .set({ consumed_at: at })
    .where("id", "=", row.id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}

function sameHash(stored: string, candidate: string) {
  const a = Buffer.from(stored, "hex");
  const b = Buffer.from(candidate, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Codes a day past their expiry are of no use to anyone: dropped when new ones are issued. */
export async function sweepPhoneCodes(db: Db, now = Date.now()) {
  await db
    .deleteFrom("phone_code")
    .where("expires_at", "<", new Date(now - 24 * 3_600_000).toISOString())
    .execute();
}
