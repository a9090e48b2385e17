import { getDb } from "~/db/db.server";

/** Contact messages and expert call-back requests, newest first, for the admins. */
export async function listContactMessages() {
  const rows = await getDb().selectFrom("contact_message").selectAll().orderBy("created_at", "desc").limit(200).execute();
  return rows.map((m) => ({
    id: m.id,
    kind: m.kind,
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    handled: Boolean(Number(m.handled)),
    createdAt: m.created_at,
  }));
}

export async function markContactMessageHandled(id: string) {
  const r = await getDb().updateTable("contact_message").set({ handled: 1 }).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
