import { getDb } from "~/db/db.server";
import type { ContactInput } from "~/domain/contact";
import { newId } from "~/lib/ids";

export async function saveContactMessage(input: ContactInput): Promise<{ id: string }> {
  const id = newId();
  await getDb()
    .insertInto("contact_message")
    .values({ id, ...input, phone: null, created_at: new Date().toISOString() })
    .execute();
  return { id };
}
