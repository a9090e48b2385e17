import type { ExpressionBuilder } from "kysely";
import { type Db, getDb } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import type { PriceBreak } from "~/features/catalog/domain/price-breaks";
import { type ListedSize, type ListPrice, listPriceOf, memberUnitPrice, type PriceListEntry } from "../domain/member-price";

/**
 * A customer's price lists on the server (docs/decisions/054-price-lists.md): the entries of their group's
 * lists active now that name the sizes asked about, in one indexed read. The order's transaction reads
 * them with its own connection (`trx`), so the price it charges is the one it read.
 */

/** The group of the user whose id is `userRef`, as a column of another statement (placeOrder's customer lock). */
export function memberGroupColumn(eb: ExpressionBuilder<Database, "user">, userRef: "user.id") {
  return eb
    .selectFrom("customer_group_member")
    .select("customer_group_member.group_id")
    .whereRef("customer_group_member.user_id", "=", userRef);
}

/** The id of the customer's group, or null (a customer is in at most one). */
export async function customerGroupOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom("customer_group_member").select("group_id").where("user_id", "=", userId).executeTakeFirst();
  return row?.group_id ?? null;
}

/** The entries of the customer's group's active lists (at `now`, UTC ISO) that could name these sizes. */
export async function memberEntries(
  db: Db,
  userId: string,
  sizes: readonly Omit<ListedSize, "pricePaise">[],
  now = new Date().toISOString(),
): Promise<PriceListEntry[]> {
  if (sizes.length === 0) return [];
  const rows = await db
    .selectFrom("customer_group_member as m")
    .innerJoin("price_list as l", "l.group_id", "m.group_id")
    .innerJoin("price_list_entry as e", "e.price_list_id", "l.id")
    .select(["e.price_list_id", "e.kind", "e.target_id", "e.price_paise", "e.percent_off"])
    .where("m.user_id", "=", userId)
    .where("l.status", "=", "active")
    .where("l.starts_at", "<=", now)
    .where((eb) => eb.or([eb("l.ends_at", "is", null), eb("l.ends_at", ">", now)]))
    .where((eb) =>
      eb.or([
        eb.and([eb("e.kind", "=", "variant"), eb("e.target_id", "in", [...new Set(sizes.map((s) => s.variantId))])]),
        eb.and([eb("e.kind", "=", "product"), eb("e.target_id", "in", [...new Set(sizes.map((s) => s.productId))])]),
        eb.and([eb("e.kind", "=", "category"), eb("e.target_id", "in", [...new Set(sizes.map((s) => s.category))])]),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    priceListId: r.price_list_id,
    kind: r.kind as PriceListEntry["kind"],
    targetId: r.target_id,
    pricePaise: r.price_paise === null ? null : Number(r.price_paise),
    percentOff: r.percent_off === null ? null : Number(r.percent_off),
  }));
}

/** Each size's list price for the customer (by size id); empty for a customer in no group or a guest. */
export async function memberListPrices(
  db: Db,
  userId: string | null | undefined,
  sizes: readonly ListedSize[],
): Promise<Map<string, ListPrice>> {
  const prices = new Map<string, ListPrice>();
  if (!userId || sizes.length === 0) return prices;
  const entries = await memberEntries(db, userId, sizes);
  if (entries.length === 0) return prices;
  for (const size of sizes) {
    const listed = listPriceOf(size, entries);
    if (listed) prices.set(size.variantId, listed);
  }
  return prices;
}

/** The name of the customer's group, in the page's language, for "FPO price": null for no group. */
export async function memberGroupName(db: Db, userId: string, locale: "en" | "hi"): Promise<string | null> {
  const row = await db
    .selectFrom("customer_group_member as m")
    .innerJoin("customer_group as g", "g.id", "m.group_id")
    .select(["g.name", "g.name_hi"])
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return locale === "hi" && row.name_hi?.trim() ? row.name_hi : row.name;
}

type SizeRow = { id: string; product_id: string; category: string; price_paise: number | string };

/**
 * For the order's transaction: reads the customer's list prices of the sizes it read (one statement; none for
 * `userId` null, a customer in no group), and answers each line's unit price and the list that priced it.
 */
export async function readMemberPricing(trx: Db, userId: string | null, sizes: readonly SizeRow[]) {
  const listedOf = (size: SizeRow): ListedSize => ({
    variantId: size.id,
    productId: size.product_id,
    category: size.category,
    pricePaise: Number(size.price_paise),
  });
  const listed = await memberListPrices(trx, userId, sizes.map(listedOf));
  return (size: SizeRow, breaks: readonly PriceBreak[], quantity: number) =>
    memberUnitPrice(listedOf(size), breaks, quantity, listed.get(size.id) ?? null);
}

/**
 * What a signed-in member's product page says of a size ("FPO price ₹1,150 each"): the group's name in the
 * page's language and the list's price before GST; null for a customer in no group or a size no list names.
 * Signed-in pages are drawn fresh for each request: the page cache serves only visitors without a session.
 */
export async function memberPriceOnPage(userId: string | null | undefined, size: ListedSize, locale: "en" | "hi") {
  if (!userId) return null;
  const db = getDb();
  const listed = (await memberListPrices(db, userId, [size])).get(size.variantId);
  if (!listed || listed.pricePaise >= size.pricePaise) return null;
  const groupName = await memberGroupName(db, userId, locale);
  return groupName ? { groupName, pricePaise: listed.pricePaise } : null;
}

/** The names of price lists by id (an order's lines name the list that priced them, for the admin's audit). */
export async function priceListNames(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom("price_list").select(["id", "name"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
