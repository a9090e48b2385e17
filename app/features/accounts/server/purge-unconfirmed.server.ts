import { type ExpressionBuilder, sql } from "kysely";
import { type Db, type Engine, getDatabase } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { getEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import type { Job } from "~/platform/scheduler.server";

/*
 * Registration makes an account at once and a link confirms it (docs/decisions/014-confirmed-accounts.md).
 * One that is never confirmed holds its email for nothing, and can never order; after
 * UNCONFIRMED_ACCOUNT_DAYS it goes, with its sessions, sign-in methods and reset links.
 */

const HOUR = 60 * 60_000;
const BATCH = 200;

/**
 * An account nobody has used to any end: no address proved (neither the email nor a mobile number),
 * a plain customer (never a vendor, whose profile is kept, nor an admin), not suspended (an admin's
 * decision stays), and no orders, listings or reviews that the records need.
 */
export function unusedAccount(eb: ExpressionBuilder<Database, "user">, engine: Engine) {
  const no = engine === "postgres" ? false : 0;
  return eb.and([
    eb.or([eb("user.emailVerified", "is", null), eb("user.emailVerified", "=", no)]),
    eb.or([eb("user.phoneNumberVerified", "is", null), eb("user.phoneNumberVerified", "=", no)]),
    eb.or([eb("user.role", "is", null), eb("user.role", "=", "user")]),
    eb.or([eb("user.banned", "is", null), eb("user.banned", "=", no)]),
    eb.not(eb.exists(eb.selectFrom("orders").select("orders.id").whereRef("orders.user_id", "=", "user.id"))),
    eb.not(eb.exists(eb.selectFrom("vendor").select("vendor.user_id").whereRef("vendor.user_id", "=", "user.id"))),
    eb.not(eb.exists(eb.selectFrom("product").select("product.id").whereRef("product.vendor_id", "=", "user.id"))),
    eb.not(eb.exists(eb.selectFrom("review").select("review.id").whereRef("review.user_id", "=", "user.id"))),
  ]);
}

/** Removes accounts and Better Auth's rows for them (what its deleteUser removes), in the caller's transaction. */
export async function removeAccounts(trx: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await trx.deleteFrom("session").where("userId", "in", ids).execute();
  await trx.deleteFrom("account").where("userId", "in", ids).execute();
  // A password-reset link's row names its account in `value`.
  await sql`delete from verification where value in (${sql.join(ids)})`.execute(trx);
  await trx.deleteFrom("user").where("id", "in", ids).execute();
}

/**
 * Removes unused accounts (`unusedAccount`) made more than `days` ago. Each batch is chosen and
 * removed in one transaction, its rows locked on PostgreSQL, so an account confirmed meanwhile is
 * kept. Safe on several instances at once. Returns how many went.
 */
export async function purgeUnconfirmedAccounts(now = new Date(), days = getEnv().UNCONFIRMED_ACCOUNT_DAYS) {
  const { db, engine } = getDatabase();
  const cutoff = new Date(now.getTime() - days * 24 * HOUR);
  // Better Auth keeps times as timestamptz on PostgreSQL and as ISO text on SQLite.
  const before = engine === "postgres" ? cutoff : cutoff.toISOString();
  let purged = 0;
  for (;;) {
    const ids = await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom("user")
        .select("user.id")
        .where("user.createdAt", "<", before)
        .where((eb) => unusedAccount(eb, engine))
        .orderBy("user.createdAt")
        .limit(BATCH);
      if (engine === "postgres") query = query.forUpdate().skipLocked();
      const found = (await query.execute()).map((row) => row.id);
      await removeAccounts(trx, found);
      return found;
    });
    purged += ids.length;
    if (ids.length < BATCH) return purged;
  }
}

/** The purge, for the scheduler (app/jobs.server.ts): at start, then every hour. */
export function unconfirmedPurgeJob(options: { intervalMs?: number } = {}): Job {
  return {
    name: "unconfirmed-account purge",
    every: options.intervalMs ?? HOUR,
    async run() {
      const purged = await purgeUnconfirmedAccounts();
      if (purged > 0) log.info({ purged }, "unconfirmed accounts removed");
    },
  };
}
