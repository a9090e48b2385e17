import { getDatabase } from "~/platform/db/db.server";
import { hasOwnName } from "~/features/accounts/domain/contact";

/**
 * Names an account that has no name of its own yet: one made from a mobile number carries the
 * number instead until checkout asks. A name the person already gave is never replaced here (the
 * account page is where it changes). Answers the name the account has afterwards.
 */
export async function giveNameIfMissing(userId: string, name: string): Promise<string | null> {
  const { db, engine } = getDatabase();
  const given = name.trim();
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("user").select("name").where("id", "=", userId).executeTakeFirst();
    if (!current) return null;
    if (hasOwnName(current.name) || !hasOwnName(given)) return hasOwnName(current.name) ? current.name : null;
    // Better Auth keeps times as ISO text on SQLite and native timestamps on PostgreSQL.
    const now = engine === "postgres" ? new Date() : new Date().toISOString();
    await trx.updateTable("user").set({ name: given, updatedAt: now }).where("id", "=", userId).execute();
    return given;
  });
}
