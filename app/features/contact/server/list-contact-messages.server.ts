import { getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";

export const MESSAGES_PAGE_SIZE = 25;

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "contact_message.created_at", field: "created_at", kind: "string" },
    { ref: "contact_message.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** A page of contact messages and expert call-back requests, newest first, for the admins. */
export async function listContactMessages(request: PageRequest = FIRST_PAGE) {
  const page = await paginate(getDb().selectFrom("contact_message").selectAll(), NEWEST_FIRST, request, MESSAGES_PAGE_SIZE);
  const rows = page.rows.map((m) => ({
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
  return { ...page, rows };
}

export async function markContactMessageHandled(id: string) {
  const r = await getDb().updateTable("contact_message").set({ handled: 1 }).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
