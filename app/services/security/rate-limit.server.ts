import { sql } from "kysely";
import { getDb } from "~/db/db.server";

export type Limit = { max: number; windowSeconds: number };

/** Limits per action, documented in the README. Tests may lower or raise them through the env. */
export const LIMITS = {
  signInFailures: { max: Number(process.env.RATE_LIMIT_SIGNIN_MAX ?? 10), windowSeconds: 60 },
  // Per address every attempt counts (successes too, since a success must not reset an attacker's
  // count), so it allows three times as many: an office or a shared mobile IP still signs in.
  signInPerAddress: { max: 3 * Number(process.env.RATE_LIMIT_SIGNIN_MAX ?? 10), windowSeconds: 60 },
  register: { max: Number(process.env.RATE_LIMIT_REGISTER_MAX ?? 10), windowSeconds: 60 },
  contact: { max: Number(process.env.RATE_LIMIT_CONTACT_MAX ?? 10), windowSeconds: 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit against `key` in a fixed window, in the database so every server process shares
 * it. Returns whether the hit is within the limit and, if not, how long until it resets.
 */
export async function hitRateLimit(key: string, limit: Limit, now = Date.now()) {
  const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
  const row = await getDb()
    .insertInto("rate_limit")
    .values({ key, count: 1, window_start: windowStart })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when rate_limit.window_start = ${windowStart} then rate_limit.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning(["count"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { allowed: count <= limit.max, retryAfterSeconds: windowStart + limit.windowSeconds - Math.floor(now / 1000) };
}

/** Forgets the count for `key` (a successful sign-in clears the account's failures). */
export async function clearRateLimit(key: string) {
  await getDb().deleteFrom("rate_limit").where("key", "=", key).execute();
}

/** The client's address as our own server recorded it (see server/app.ts), never a header a visitor set. */
export function clientAddress(request: Request) {
  return request.headers.get("x-angle-client-ip") ?? "unknown";
}
