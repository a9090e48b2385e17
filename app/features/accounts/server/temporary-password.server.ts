import { getDb } from "~/platform/db/db.server";

/**
 * When the account's admin-issued password stops working (ISO-8601 UTC), or null when the password
 * is the person's own (migration 0010-temporary-passwords).
 */
export async function temporaryPasswordDeadline(userId: string): Promise<string | null> {
  const row = await getDb().selectFrom("user").select("password_must_change_by").where("id", "=", userId).executeTakeFirst();
  return row?.password_must_change_by ?? null;
}
