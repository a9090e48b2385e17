import { getDatabase } from "~/db/db.server";
import type { ProfileInput } from "~/domain/account";

/** Saves the account page's profile: name, phone and default address (validated by ProfileSchema). */
export async function updateProfile(userId: string, input: ProfileInput) {
  const { db, engine } = getDatabase();
  // Better Auth keeps times as ISO text on SQLite and native timestamps on PostgreSQL.
  const now = engine === "postgres" ? new Date() : new Date().toISOString();
  await db
    .updateTable("user")
    .set({
      name: input.name,
      phone: input.phone,
      street: input.street,
      city: input.city,
      state: input.state,
      pincode: input.pincode,
      updatedAt: now,
    })
    .where("id", "=", userId)
    .execute();
}
