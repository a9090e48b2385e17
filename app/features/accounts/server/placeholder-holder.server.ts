import { getDatabase } from "~/platform/db/db.server";
import { placeholderEmail } from "~/features/accounts/domain/mobile";
import { removeAccounts, unusedAccount } from "./purge-unconfirmed.server";

/*
 * SMS sign-in gives the account it makes for a number the email `<digits>@phone.angle.invalid`
 * (docs/decisions/013-mobile-sign-in.md). Registration refuses such addresses now, but an account
 * made before that may hold one while the number itself has no account: then that account is in the
 * way of the number's sign-up. Unused (unconfirmed, it never could be; no orders, not a vendor), it
 * is not the number's owner and makes way; otherwise someone must look at it.
 */

/** The account in the way of `phone`'s sign-up, and whether it may be removed; null when nothing is in the way. */
export async function findPlaceholderHolder(phone: string): Promise<{ id: string; removable: boolean } | null> {
  const { db, engine } = getDatabase();
  const owner = await db.selectFrom("user").select("id").where("phoneNumber", "=", phone).executeTakeFirst();
  if (owner) return null;
  const holder = await db.selectFrom("user").select("id").where("email", "=", placeholderEmail(phone)).executeTakeFirst();
  if (!holder) return null;
  const unused = await db
    .selectFrom("user")
    .select("id")
    .where("id", "=", holder.id)
    .where((eb) => unusedAccount(eb, engine))
    .executeTakeFirst();
  return { id: holder.id, removable: unused !== undefined };
}

/**
 * Removes an unused account that holds `phone`'s placeholder email while the number has no account
 * of its own. Called once the number's code is proved, just before Better Auth makes its account.
 */
export async function freePlaceholderEmail(phone: string) {
  const { db, engine } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom("user").select("id").where("phoneNumber", "=", phone).executeTakeFirst();
    if (owner) return;
    let query = trx
      .selectFrom("user")
      .select("id")
      .where("email", "=", placeholderEmail(phone))
      .where((eb) => unusedAccount(eb, engine));
    if (engine === "postgres") query = query.forUpdate();
    const holder = await query.executeTakeFirst();
    if (holder) await removeAccounts(trx, [holder.id]);
  });
}
