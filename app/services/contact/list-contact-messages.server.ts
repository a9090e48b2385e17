import { getDb } from "~/db/db.server";

/** Contact messages and expert call-back requests, newest first, for the admins. */
export async function listContactMessages() {
  return getDb().selectFrom("contact_message").selectAll().orderBy("created_at", "desc").limit(200).execute();
}

export async function markContactMessageHandled(id: string) {
  const r = await getDb().updateTable("contact_message").set({ handled: 1 }).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
