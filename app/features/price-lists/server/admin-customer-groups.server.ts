import { getDb } from "~/platform/db/db.server";
import { refusal } from "~/platform/core/refusal";
import { newId } from "~/platform/ids";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { isRowId, isUniqueViolation, PriceListRefused } from "./price-list-refused.server";

/**
 * Customer groups for the admin (docs/decisions/054-price-lists.md): a name (unique whatever its case) in
 * English and Hindi, and its members, added by their email. A customer is in at most one group.
 */

const MAX_ROWS = 500;
const nameKey = (name: string) => name.trim().toLowerCase();
const taken = (name: string) => new PriceListRefused(refusal("price_lists.group_taken", { name }), 409, "name");

export async function listCustomerGroups() {
  const rows = await getDb()
    .selectFrom("customer_group as g")
    .select([
      "g.id",
      "g.name",
      "g.name_hi",
      (eb) =>
        eb
          .selectFrom("customer_group_member as m")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("m.group_id", "=", "g.id")
          .as("members"),
    ])
    .orderBy("g.name_key")
    .limit(MAX_ROWS)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, nameHi: r.name_hi, members: Number(r.members) }));
}

export async function getCustomerGroup(id: string) {
  if (!isRowId(id)) return null;
  const db = getDb();
  const group = await db.selectFrom("customer_group").select(["id", "name", "name_hi"]).where("id", "=", id).executeTakeFirst();
  if (!group) return null;
  const members = await db
    .selectFrom("customer_group_member as m")
    .innerJoin("user as u", "u.id", "m.user_id")
    .select(["u.id", "u.name", "u.email", "m.added_at"])
    .where("m.group_id", "=", id)
    .orderBy("u.email")
    .limit(MAX_ROWS)
    .execute();
  return { id: group.id, name: group.name, nameHi: group.name_hi, members };
}

export async function createCustomerGroup(input: { name: string; nameHi?: string | undefined }, now = new Date()): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  const names = { name: input.name, name_hi: input.nameHi ?? null };
  try {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("customer_group")
          .values({ id, ...names, name_key: nameKey(input.name), created_at: at, updated_at: at })
          .execute();
        await recordAudit(trx, { kind: "customer_group.create", object: { type: "customer_group", id }, before: null, after: names });
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.name);
    throw error;
  }
  return id;
}

export async function renameCustomerGroup(id: string, input: { name: string; nameHi?: string | undefined }, now = new Date()) {
  const after = { name: input.name, name_hi: input.nameHi ?? null };
  try {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        const before = await trx.selectFrom("customer_group").select(["name", "name_hi"]).where("id", "=", id).executeTakeFirst();
        if (!before) throw new PriceListRefused(refusal("price_lists.not_found"), 404);
        await trx
          .updateTable("customer_group")
          .set({ ...after, name_key: nameKey(input.name), updated_at: now.toISOString() })
          .where("id", "=", id)
          .execute();
        await recordAudit(trx, { kind: "customer_group.rename", object: { type: "customer_group", id }, before, after });
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.name);
    throw error;
  }
}

/** Adds the customer with this email; refused when there is none, or they are in another group. */
export async function addGroupMember(groupId: string, email: string, now = new Date()) {
  const db = getDb();
  const group = await db.selectFrom("customer_group").select("id").where("id", "=", groupId).executeTakeFirst();
  if (!group) throw new PriceListRefused(refusal("price_lists.not_found"), 404);
  const user = await db.selectFrom("user").select(["id", "role"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
  if (!user || (user.role ?? "user") !== "user") throw new PriceListRefused(refusal("price_lists.email_unknown", { email }), 400, "email");
  const groupOf = () =>
    db
      .selectFrom("customer_group_member as m")
      .innerJoin("customer_group as g", "g.id", "m.group_id")
      .select(["g.id", "g.name"])
      .where("m.user_id", "=", user.id)
      .executeTakeFirst();
  const inOther = (group: string) => new PriceListRefused(refusal("price_lists.in_other_group", { email, group }), 409, "email");
  const already = await groupOf();
  if (already?.id === groupId) return;
  if (already) throw inOther(already.name);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("customer_group_member").values({ user_id: user.id, group_id: groupId, added_at: now.toISOString() }).execute();
      await recordAudit(trx, {
        kind: "customer_group.member_add",
        object: { type: "customer_group", id: groupId },
        before: null,
        after: { member: user.id, email: email.toLowerCase() },
      });
    });
  } catch (error) {
    // Two admins adding one customer at once: the key (one group per customer) decides.
    if (!isUniqueViolation(error)) throw error;
    const won = await groupOf();
    if (won?.id !== groupId) throw inOther(won?.name ?? "");
  }
}

export async function removeGroupMember(groupId: string, userId: string) {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const done = await trx
        .deleteFrom("customer_group_member")
        .where("group_id", "=", groupId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (Number(done.numDeletedRows) !== 1) return;
      await recordAudit(trx, {
        kind: "customer_group.member_remove",
        object: { type: "customer_group", id: groupId },
        before: { member: userId },
        after: null,
      });
    });
}
