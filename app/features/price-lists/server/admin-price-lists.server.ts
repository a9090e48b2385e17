import { getDatabase, getDb } from "~/platform/db/db.server";
import { refusal } from "~/platform/core/refusal";
import { newId } from "~/platform/ids";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import type { EntryFormInput, PriceListFormInput } from "../domain/price-list-form";
import type { PriceListEntryKind } from "../domain/member-price";
import { isRowId, isUniqueViolation, PriceListRefused } from "./price-list-refused.server";

/**
 * Price lists for the admin (docs/decisions/054-price-lists.md). A new list starts paused: it has no prices
 * yet, and a list with none cannot be turned on (nor lose its last price while on).
 */

const MAX_ROWS = 500;
const NOT_FOUND = () => new PriceListRefused(refusal("price_lists.not_found"), 404);

export type PriceListView = {
  id: string;
  groupId: string;
  groupName: string;
  name: string;
  nameHi: string | null;
  startsAt: string;
  endsAt: string | null;
  status: "active" | "paused";
  entries: number;
};

function listQuery() {
  return getDb()
    .selectFrom("price_list as l")
    .innerJoin("customer_group as g", "g.id", "l.group_id")
    .select([
      "l.id",
      "l.group_id",
      "g.name as group_name",
      "l.name",
      "l.name_hi",
      "l.starts_at",
      "l.ends_at",
      "l.status",
      (eb) =>
        eb
          .selectFrom("price_list_entry as e")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("e.price_list_id", "=", "l.id")
          .as("entries"),
    ]);
}

const viewOf = (r: Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number]): PriceListView => ({
  id: r.id,
  groupId: r.group_id,
  groupName: r.group_name,
  name: r.name,
  nameHi: r.name_hi,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  status: r.status === "active" ? "active" : "paused",
  entries: Number(r.entries),
});

export async function listPriceLists(): Promise<PriceListView[]> {
  const rows = await listQuery().orderBy("l.created_at", "desc").orderBy("l.id").limit(MAX_ROWS).execute();
  return rows.map(viewOf);
}

export async function getPriceList(id: string) {
  if (!isRowId(id)) return null;
  const row = await listQuery().where("l.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const entries = await getDb()
    .selectFrom("price_list_entry as e")
    .leftJoin("product_variant as v", (j) => j.on("e.kind", "=", "variant").onRef("v.id", "=", "e.target_id"))
    .leftJoin("product as p", (j) => j.onRef("p.id", "=", "e.target_id").on("e.kind", "=", "product"))
    .leftJoin("product as vp", "vp.id", "v.product_id")
    .select([
      "e.id",
      "e.kind",
      "e.target_id",
      "e.price_paise",
      "e.percent_off",
      "v.sku",
      "v.price_paise as size_price",
      "p.name as product_name",
      "vp.name as size_product_name",
    ])
    .where("e.price_list_id", "=", id)
    .orderBy("e.kind")
    .orderBy("e.target_id")
    .execute();
  return {
    list: viewOf(row),
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind as PriceListEntryKind,
      targetId: e.target_id,
      pricePaise: e.price_paise === null ? null : Number(e.price_paise),
      percentOff: e.percent_off === null ? null : Number(e.percent_off),
      sku: e.sku,
      sizePricePaise: e.size_price === null ? null : Number(e.size_price),
      name: e.product_name ?? e.size_product_name ?? null,
    })),
  };
}

async function requireGroup(groupId: string) {
  const group = await getDb().selectFrom("customer_group").select("id").where("id", "=", groupId).executeTakeFirst();
  if (!group) throw new PriceListRefused(refusal("price_lists.group_required"), 400, "groupId");
}

/** A new list, paused until it has a price and an admin turns it on. */
export async function createPriceList(input: PriceListFormInput, now = new Date()): Promise<string> {
  await requireGroup(input.groupId);
  const id = newId();
  const at = now.toISOString();
  const row = {
    group_id: input.groupId,
    name: input.name,
    name_hi: input.nameHi ?? null,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    status: "paused",
  };
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("price_list")
        .values({ id, ...row, created_at: at, updated_at: at })
        .execute();
      await recordAudit(trx, { kind: "price_list.create", object: { type: "price_list", id }, before: null, after: row });
    });
  return id;
}

export async function updatePriceList(id: string, input: PriceListFormInput, now = new Date()) {
  await requireGroup(input.groupId);
  const after = {
    group_id: input.groupId,
    name: input.name,
    name_hi: input.nameHi ?? null,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
  };
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("price_list")
        .select(["group_id", "name", "name_hi", "starts_at", "ends_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) throw NOT_FOUND();
      const done = await trx
        .updateTable("price_list")
        .set({ ...after, updated_at: now.toISOString() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw NOT_FOUND();
      await recordAudit(trx, { kind: "price_list.update", object: { type: "price_list", id }, before, after });
    });
}

/** Pause or turn on a list; turning on an empty one is refused, in one guarded update. */
export async function setPriceListStatus(id: string, intent: "pause" | "resume", now = new Date()) {
  const status = intent === "pause" ? "paused" : "active";
  const changed = await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("price_list").select("status").where("id", "=", id).executeTakeFirst();
      const done = await trx
        .updateTable("price_list")
        .set({ status, updated_at: now.toISOString() })
        .where("id", "=", id)
        .$if(intent === "resume", (qb) =>
          qb.where((eb) => eb.exists(eb.selectFrom("price_list_entry").select("id").whereRef("price_list_id", "=", "price_list.id"))),
        )
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return before ? "empty" : "missing";
      await recordAudit(trx, {
        kind: `price_list.${intent}`,
        object: { type: "price_list", id },
        before: before ?? null,
        after: { status },
      });
      return "done";
    });
  if (changed === "done") return;
  throw changed === "empty" ? new PriceListRefused(refusal("price_lists.empty"), 409) : NOT_FOUND();
}

/** What an entry names, checked: a size by its SKU (a fixed price below its own), a product by id, a category. */
async function entryRow(input: EntryFormInput) {
  const db = getDb();
  if (input.kind === "variant") {
    const size = await db.selectFrom("product_variant").select(["id", "price_paise"]).where("sku", "=", input.sku).executeTakeFirst();
    if (!size) throw new PriceListRefused(refusal("price_lists.sku_unknown", { sku: input.sku }), 400, "sku");
    if (input.price >= Number(size.price_paise))
      throw new PriceListRefused(
        refusal("price_lists.price_not_below", { sku: input.sku, pricePaise: Number(size.price_paise) }),
        400,
        "price",
      );
    return { kind: "variant" as const, target_id: size.id, price_paise: input.price, percent_off: null };
  }
  if (input.kind === "product") {
    const product = isRowId(input.productId)
      ? await db.selectFrom("product").select("id").where("id", "=", input.productId).executeTakeFirst()
      : undefined;
    if (!product) throw new PriceListRefused(refusal("price_lists.product_unknown", { id: input.productId }), 400, "productId");
    return { kind: "product" as const, target_id: product.id, price_paise: null, percent_off: input.percent };
  }
  return { kind: "category" as const, target_id: input.category, price_paise: null, percent_off: input.percent };
}

export async function addPriceListEntry(priceListId: string, input: EntryFormInput) {
  const db = getDb();
  const list = await db.selectFrom("price_list").select("id").where("id", "=", priceListId).executeTakeFirst();
  if (!list) throw NOT_FOUND();
  const row = await entryRow(input);
  try {
    await db.transaction().execute(async (trx) => {
      const id = newId();
      await trx
        .insertInto("price_list_entry")
        .values({ id, price_list_id: priceListId, ...row })
        .execute();
      await recordAudit(trx, {
        kind: "price_list.entry_add",
        object: { type: "price_list", id: priceListId },
        before: null,
        after: { entry: id, ...row },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PriceListRefused(refusal("price_lists.entry_taken"), 409, "kind");
    throw error;
  }
}

/** Removes an entry; the last one of an active list stays (pause the list first). */
export async function removePriceListEntry(priceListId: string, entryId: string) {
  const db = getDb();
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: two admins removing a list's last two prices take turns on its row.
    const list = await trx
      .selectFrom("price_list")
      .select("status")
      .where("id", "=", priceListId)
      .$if(getDatabase().engine === "postgres", (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!list) throw NOT_FOUND();
    const entry = await trx
      .selectFrom("price_list_entry")
      .select(["kind", "target_id", "price_paise", "percent_off"])
      .where("id", "=", entryId)
      .where("price_list_id", "=", priceListId)
      .executeTakeFirst();
    if (!entry) return;
    await trx.deleteFrom("price_list_entry").where("id", "=", entryId).where("price_list_id", "=", priceListId).execute();
    await recordAudit(trx, {
      kind: "price_list.entry_remove",
      object: { type: "price_list", id: priceListId },
      before: { entry: entryId, ...entry },
      after: null,
    });
    if (list.status !== "active") return;
    const left = await trx.selectFrom("price_list_entry").select("id").where("price_list_id", "=", priceListId).executeTakeFirst();
    if (!left) throw new PriceListRefused(refusal("price_lists.empty"), 409);
  });
}
