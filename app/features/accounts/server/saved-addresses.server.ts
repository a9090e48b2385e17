import type { Transaction } from "kysely";
import { getDatabase } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { newId } from "~/platform/ids";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { findIndianState } from "~/platform/core/indian-states";

/*
 * A customer's saved delivery addresses (migration 0034). Every operation takes the acting
 * customer's id and puts it in its `where`: another customer's address is "not found", never read
 * or changed. The default is the address chosen last (an order placed with it, or "Make default");
 * the account's own address columns keep a copy of it (checkout, the profile form and the older
 * pages read those).
 */

export type Address = { street: string; city: string; state: string; pincode: string };
export type SavedAddress = Address & { id: string; isDefault: boolean };

/** A book this long is plenty for a farm, a shop and relatives; the oldest unused one makes way for an order's new address. */
export const MAX_SAVED_ADDRESSES = 10;

type Trx = Transaction<Database>;

const notFound = () => new RefusalError(refusal("account.address_not_found"), { status: 404 });

const comparable = (a: Address) =>
  [a.street, a.city, findIndianState(a.state)?.name ?? a.state, a.pincode]
    .map((part) => part.trim().replace(/\s+/g, " ").toLowerCase())
    .join("|");

/** Distinct timestamps for changes within one millisecond, so "chosen last" always has one answer. */
function later(than: string | undefined): string {
  const now = new Date();
  if (than && now.toISOString() <= than) return new Date(Date.parse(than) + 1).toISOString();
  return now.toISOString();
}

async function latestChosen(trx: Trx, userId: string) {
  const row = await trx
    .selectFrom("saved_address")
    .select("chosen_at")
    .where("user_id", "=", userId)
    .orderBy("chosen_at", "desc")
    .executeTakeFirst();
  return row?.chosen_at;
}

/** The account's address columns follow the default; with no address left they are emptied. */
async function copyDefault(trx: Trx, userId: string) {
  const first = await trx
    .selectFrom("saved_address")
    .select(["street", "city", "state", "pincode"])
    .where("user_id", "=", userId)
    .orderBy("chosen_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  await trx
    .updateTable("user")
    .set(first ?? { street: null, city: null, state: null, pincode: null })
    .where("id", "=", userId)
    .execute();
}

/** A book not yet written starts from the address the account was registered (or last saved) with. */
async function startBook(trx: Trx, userId: string) {
  const any = await trx.selectFrom("saved_address").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (any) return;
  const user = await trx.selectFrom("user").select(["street", "city", "state", "pincode"]).where("id", "=", userId).executeTakeFirst();
  if (!user?.street || !user.city || !user.state || !user.pincode) return;
  const now = new Date().toISOString();
  await trx
    .insertInto("saved_address")
    // One id per account: two first reads at once write one row.
    .values({
      id: `p${userId}`,
      user_id: userId,
      street: user.street,
      city: user.city,
      state: user.state,
      pincode: user.pincode,
      chosen_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** The customer's addresses, the default first. */
export async function listAddresses(userId: string): Promise<SavedAddress[]> {
  const { db } = getDatabase();
  return db.transaction().execute(async (trx) => {
    await startBook(trx, userId);
    const rows = await trx
      .selectFrom("saved_address")
      .select(["id", "street", "city", "state", "pincode"])
      .where("user_id", "=", userId)
      .orderBy("chosen_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map((r, i) => ({ ...r, isDefault: i === 0 }));
  });
}

/** Adds an address (made the default when it is the first), or changes one of the customer's own. */
export async function saveAddress(userId: string, address: Address, id?: string): Promise<string> {
  const { db } = getDatabase();
  return db.transaction().execute(async (trx) => {
    await startBook(trx, userId);
    if (id) {
      const changed = await trx
        .updateTable("saved_address")
        .set(address)
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw notFound();
      await copyDefault(trx, userId);
      return id;
    }
    const count = await trx
      .selectFrom("saved_address")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_SAVED_ADDRESSES)
      throw new RefusalError(refusal("account.address_limit", { max: MAX_SAVED_ADDRESSES }), { status: 409 });
    const newOne = newId();
    const now = new Date().toISOString();
    // Added, not chosen: it goes below the default (or is the default, being the only one).
    const oldest = await trx
      .selectFrom("saved_address")
      .select("chosen_at")
      .where("user_id", "=", userId)
      .orderBy("chosen_at", "asc")
      .executeTakeFirst();
    const chosenAt = oldest ? new Date(Date.parse(oldest.chosen_at) - 1).toISOString() : now;
    await trx
      .insertInto("saved_address")
      .values({ id: newOne, user_id: userId, ...address, chosen_at: chosenAt, created_at: now })
      .execute();
    await copyDefault(trx, userId);
    return newOne;
  });
}

export async function deleteAddress(userId: string, id: string): Promise<void> {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom("saved_address").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw notFound();
    await copyDefault(trx, userId);
  });
}

export async function makeDefaultAddress(userId: string, id: string): Promise<void> {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const chosenAt = later(await latestChosen(trx, userId));
    const chosen = await trx
      .updateTable("saved_address")
      .set({ chosen_at: chosenAt })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(chosen.numUpdatedRows) !== 1) throw notFound();
    await copyDefault(trx, userId);
  });
}

/**
 * The address an order was just placed with becomes the default, offered first next time: the same
 * saved address chosen again, or a new one kept (the least recently chosen goes when the book is full).
 * When it already is the default (a customer ordering again to the same place) nothing is written.
 * `accountAddress` is the account's own address columns as the request read them with its session:
 * a copy of the default (or what an empty book starts from), so when it is this address nothing is
 * read either.
 */
export async function rememberAddress(
  userId: string,
  address: Address,
  { given, accountAddress }: { given?: Trx; accountAddress?: Address } = {},
): Promise<void> {
  if (accountAddress && comparable(accountAddress) === comparable(address)) return;
  if (!given) {
    const first = await getDatabase()
      .db.selectFrom("saved_address")
      .select(["street", "city", "state", "pincode"])
      .where("user_id", "=", userId)
      .orderBy("chosen_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (first && comparable(first) === comparable(address)) return;
  }
  const run = async (trx: Trx) => {
    await startBook(trx, userId);
    const rows = await trx
      .selectFrom("saved_address")
      .select(["id", "street", "city", "state", "pincode", "chosen_at"])
      .where("user_id", "=", userId)
      .orderBy("chosen_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const chosenAt = later(rows[0]?.chosen_at);
    const same = rows.find((r) => comparable(r) === comparable(address));
    if (same) {
      await trx.updateTable("saved_address").set({ chosen_at: chosenAt }).where("id", "=", same.id).execute();
    } else {
      const spare = rows.slice(MAX_SAVED_ADDRESSES - 1).map((r) => r.id);
      if (spare.length) await trx.deleteFrom("saved_address").where("user_id", "=", userId).where("id", "in", spare).execute();
      await trx
        .insertInto("saved_address")
        .values({ id: newId(), user_id: userId, ...address, chosen_at: chosenAt, created_at: new Date().toISOString() })
        .execute();
    }
    await copyDefault(trx, userId);
  };
  if (given) await run(given);
  else await getDatabase().db.transaction().execute(run);
}

/** The account page's profile form edits the default address in place (the book starts from it when empty). */
export async function replaceDefaultAddress(trx: Trx, userId: string, address: Address): Promise<void> {
  await startBook(trx, userId);
  const top = await trx
    .selectFrom("saved_address")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("chosen_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (top) await trx.updateTable("saved_address").set(address).where("id", "=", top.id).execute();
  else {
    const now = new Date().toISOString();
    await trx
      .insertInto("saved_address")
      .values({ id: newId(), user_id: userId, ...address, chosen_at: now, created_at: now })
      .execute();
  }
  await copyDefault(trx, userId);
}
