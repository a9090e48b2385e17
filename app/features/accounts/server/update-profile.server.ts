import type { SessionUser } from "~/platform/auth/session.server";
import { getDatabase } from "~/platform/db/db.server";
import type { ProfileInput } from "~/features/accounts/domain/account";
import { normaliseMobile } from "~/features/accounts/domain/mobile";
import { refusal } from "~/platform/core/refusal";
import { AuthFailure } from "./auth-errors.server";
import { replaceDefaultAddress } from "./saved-addresses.server";

/** The same number however it is written ("98765 43210", "+91 98765-43210"); other text as it is. */
const sameNumber = (a: string | null, b: string) => (normaliseMobile(a ?? "") ?? a) === (normaliseMobile(b) ?? b);

/**
 * Saves the account page's profile: name, phone and default address (validated by ProfileSchema).
 * An unconfirmed account keeps the phone it registered with: a new one is refused whole, nothing
 * written (decision 030). A new phone is unproved: its order SMS wait for its own code.
 */
export async function updateProfile(user: Pick<SessionUser, "id" | "verified">, input: ProfileInput) {
  const { db, engine } = getDatabase();
  // Better Auth keeps times as ISO text on SQLite and native timestamps on PostgreSQL.
  const now = engine === "postgres" ? new Date() : new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("user").select("phone").where("id", "=", user.id).executeTakeFirst();
    if (!current) return;
    const phoneChanged = !sameNumber(current.phone, input.phone);
    if (phoneChanged && !user.verified) throw new AuthFailure(refusal("account.verify_before_phone"), 403);
    await trx
      .updateTable("user")
      .set({
        name: input.name,
        phone: input.phone,
        street: input.street,
        city: input.city,
        state: input.state,
        pincode: input.pincode,
        updatedAt: now,
        ...(phoneChanged ? { verified_phone: null } : {}),
      })
      .where("id", "=", user.id)
      .execute();
    const { street, city, state, pincode } = input;
    await replaceDefaultAddress(trx, user.id, { street, city, state, pincode });
  });
}
