import { sql } from "kysely";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { offerSnapshot } from "~/features/audit/server/snapshots.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import type { PageRequest } from "~/platform/core/pagination";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { newId } from "~/platform/ids";
import type { Db } from "~/platform/db/db.server";
import { type OfferFormInput, SKU_TARGETS } from "../domain/offer-form";
import type { Offer } from "../domain/offers";
import { offerOfRow } from "./order-offers.server";

/** The admin's offers (issue 31): list, create, edit, pause, resume and end. */

export const ADMIN_OFFERS_PAGE_SIZE = 20;

export class OfferRefused extends RefusalError {
  constructor(
    refused: Parameters<typeof english>[0],
    status = 409,
    readonly field?: "code" | "targetIds" | "getSkus" | "target" | "discountType" | "customerGroup",
  ) {
    super(refused, { status, english: english(refused) });
  }
}

type ListRow = { id: string; created_at: string };
const NEWEST_FIRST: Keyset<ListRow> = {
  keys: [
    { ref: "created_at", field: "created_at", kind: "string" },
    { ref: "id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** The offers, newest first (a vendor's: only theirs), with the names of the vendors that fund them. */
export async function listOffers(page: PageRequest, vendorId: string | null = null) {
  let q = getDb().selectFrom("offer").selectAll();
  if (vendorId !== null) q = q.where("vendor_id", "=", vendorId);
  const result = await paginate(q, NEWEST_FIRST, page, ADMIN_OFFERS_PAGE_SIZE);
  const vendorIds = [...new Set(result.rows.flatMap((r) => (r.vendor_id ? [r.vendor_id] : [])))];
  const vendors = new Map(
    vendorIds.length === 0
      ? []
      : (await getDb().selectFrom("vendor").select(["user_id", "business_name"]).where("user_id", "in", vendorIds).execute()).map((v) => [
          v.user_id,
          v.business_name,
        ]),
  );
  const counted = await usesOf(
    getDb(),
    result.rows.map((r) => r.id),
  );
  return {
    ...result,
    rows: result.rows.map((r) => ({
      ...offerOfRow(r),
      ...counted.get(r.id),
      vendorName: r.vendor_id ? (vendors.get(r.vendor_id) ?? null) : null,
    })),
  };
}

/**
 * The offers' uses and spend, counted from their `offer_use` rows not given back: an offer without a
 * limit keeps no count of its own (countOfferUses); one with a limit has the same in its columns.
 */
async function usesOf(db: Db, ids: readonly string[]): Promise<Map<string, { uses: number; spentPaise: number }>> {
  const counted = new Map<string, { uses: number; spentPaise: number }>(ids.map((id) => [id, { uses: 0, spentPaise: 0 }]));
  if (ids.length === 0) return counted;
  const rows = await db
    .selectFrom("offer_use")
    .select(["offer_id", (eb) => eb.fn.countAll<number>().as("uses"), (eb) => eb.fn.sum<number>("discount_paise").as("spent")])
    .where("offer_id", "in", [...ids])
    .where("returned", "=", 0)
    .groupBy("offer_id")
    .execute();
  for (const r of rows) counted.set(r.offer_id, { uses: Number(r.uses), spentPaise: Number(r.spent ?? 0) });
  return counted;
}

/** What a vendor's own offers cost them (issue 31): the discounts on orders not cancelled, and how many orders. */
export async function vendorOfferCost(vendorId: string): Promise<{ paise: number; orders: number }> {
  const row = await getDb()
    .selectFrom("offer_use")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("discount_paise"), eb.lit(0)).as("paise"),
      eb.fn.count<number>("order_id").distinct().as("orders"),
    ])
    .where("funded_by", "=", vendorId)
    .where("returned", "=", 0)
    .executeTakeFirstOrThrow();
  return { paise: Number(row.paise), orders: Number(row.orders) };
}

/** An offer's id as we make them; anything else (a hostile URL: PostgreSQL refuses a NUL byte) is no offer. */
const isOfferId = (id: string) => /^[a-z0-9]{6,40}$/.test(id);

export async function getOffer(id: string): Promise<Offer | null> {
  if (!isOfferId(id)) return null;
  const row = await getDb().selectFrom("offer").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...offerOfRow(row), ...(await usesOf(getDb(), [id])).get(id) } : null;
}

/** Who is saving an offer: the admin (the store's offers, approved as saved) or a vendor (their own products, awaiting approval). */
export type OfferAuthor = { vendorId: string | null };
const ADMIN: OfferAuthor = { vendorId: null };

/** The offer's targets and Y pack sizes as ids: products and pack sizes are typed as SKUs (issue 31). */
type Resolved = { targetIds: string[]; getVariantIds: string[] };

/**
 * SKUs as typed to ids: a pack size's SKU names it (target "variants") or its product (target
 * "products"); an unknown SKU is refused, naming it. A vendor's offer may name only the vendor's own
 * products, and applies to products, pack sizes or all of the vendor's products, nothing else.
 */
async function resolveTargets(db: Db, input: OfferFormInput, author: OfferAuthor): Promise<Resolved> {
  if (input.customerGroup !== undefined) {
    const group = await db.selectFrom("customer_group").select("id").where("id", "=", input.customerGroup).executeTakeFirst();
    if (!group) throw new OfferRefused(refusal("offers.unknown_group"), 400, "customerGroup");
  }
  const bySku = async (skus: readonly string[], field: "targetIds" | "getSkus") => {
    if (skus.length === 0) return [];
    const rows = await db
      .selectFrom("product_variant as v")
      .innerJoin("product as p", "p.id", "v.product_id")
      .select(["v.id", "v.sku", "v.product_id", "p.vendor_id"])
      // A SKU as typed, in any case.
      .where(
        sql<string>`upper(v.sku)`,
        "in",
        skus.map((s) => s.toUpperCase()),
      )
      .execute();
    const found = new Map(rows.map((r) => [r.sku.toUpperCase(), r]));
    const unknown = skus.filter((s) => !found.has(s.toUpperCase()));
    if (unknown.length > 0) throw new OfferRefused(refusal("offers.unknown_skus", { skus: unknown.join(", ") }), 400, field);
    if (author.vendorId !== null) {
      const others = rows.filter((r) => r.vendor_id !== author.vendorId).map((r) => r.sku);
      if (others.length > 0) throw new OfferRefused(refusal("offers.not_your_products", { skus: others.join(", ") }), 403, field);
    }
    return skus.map((s) => found.get(s.toUpperCase())).filter((r) => r !== undefined);
  };
  let targetIds = input.targetIds;
  if (author.vendorId !== null) {
    // The delivery is the store's: a vendor's offer is off their goods only.
    if (input.discountType === "free_shipping") throw new OfferRefused(refusal("offers.discount_type"), 400, "discountType");
    if (input.target === "vendor" || input.target === "cart") targetIds = [author.vendorId];
    else if (!(SKU_TARGETS as readonly string[]).includes(input.target))
      throw new OfferRefused(refusal("offers.vendor_target"), 400, "target");
  }
  if (input.target === "variants") targetIds = (await bySku(input.targetIds, "targetIds")).map((r) => r.id);
  else if (input.target === "products") targetIds = [...new Set((await bySku(input.targetIds, "targetIds")).map((r) => r.product_id))];
  const getVariantIds = (await bySku(input.getSkus, "getSkus")).map((r) => r.id);
  return { targetIds, getVariantIds };
}

/** Ids back to what the form shows: SKUs for products (their first pack size's) and pack sizes, else as stored. */
export async function formTargets(offer: Offer): Promise<{ targetIds: string[]; getSkus: string[] }> {
  const db = getDb();
  const skus = async (column: "v.id" | "v.product_id", ids: readonly string[]) => {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom("product_variant as v")
      .select(["v.id", "v.product_id", "v.sku", "v.position"])
      .where(column, "in", [...ids])
      .orderBy("v.position")
      .execute();
    const key = column === "v.id" ? "id" : "product_id";
    return ids.map((id) => rows.find((r) => r[key] === id)?.sku ?? id);
  };
  const d = offer.discount;
  return {
    targetIds:
      offer.target === "variants"
        ? await skus("v.id", offer.targetIds)
        : offer.target === "products"
          ? await skus("v.product_id", offer.targetIds)
          : [...offer.targetIds],
    getSkus: d.type === "buy_x_get_y" ? await skus("v.id", d.getVariantIds) : [],
  };
}

function columns(input: OfferFormInput, resolved: Resolved) {
  const bxgy = input.discountType === "buy_x_get_y";
  return {
    kind: input.kind,
    code: input.code,
    name: input.name,
    name_hi: input.nameHi ?? null,
    // Buy X get Y is kept as a percentage off the Y units (migration 0049).
    discount_type: bxgy ? "percent" : input.discountType,
    discount_percent: input.discountType === "percent" || bxgy ? (input.percent ?? null) : null,
    discount_paise: input.discountType === "fixed" ? (input.amount ?? null) : null,
    buy_quantity: bxgy ? (input.buyQuantity ?? null) : null,
    get_quantity: bxgy ? (input.getQuantity ?? null) : null,
    get_variant_ids: JSON.stringify(resolved.getVariantIds),
    pincodes: JSON.stringify(input.pincodes),
    target: input.target,
    target_ids: JSON.stringify(resolved.targetIds),
    min_cart_paise: input.minCart ?? 0,
    min_quantity: input.minQuantity ?? 0,
    first_order_only: input.firstOrderOnly ? 1 : 0,
    states: JSON.stringify(input.states),
    ends_at: input.endsAt ?? null,
    max_uses: input.maxUses ?? null,
    uses_per_customer: input.usesPerCustomer ?? null,
    budget_paise: input.budget ?? null,
    stacks: input.stacks ? 1 : 0,
    customer_group_id: input.customerGroup ?? null,
  };
}

async function codeTaken(code: string | null, except: string | null) {
  if (!code) return false;
  let q = getDb().selectFrom("offer").select("id").where("code", "=", code);
  if (except) q = q.where("id", "!=", except);
  return !!(await q.executeTakeFirst());
}

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string };
  return e.code === "23505" || /UNIQUE constraint failed/i.test(e.message ?? "");
}

const CODE_TAKEN = () => new OfferRefused(refusal("offers.code_taken"), 409, "code");

/**
 * A new offer, active from its start (now when not given). A vendor's offer is on the vendor's own
 * products, funded by the vendor, and waits for the admin's approval before it gives anything.
 */
export async function createOffer(input: OfferFormInput, now = new Date(), author: OfferAuthor = ADMIN): Promise<string> {
  if (await codeTaken(input.code, null)) throw CODE_TAKEN();
  const resolved = await resolveTargets(getDb(), vendorInput(input, author), author);
  const id = newId();
  const at = now.toISOString();
  try {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("offer")
          .values({
            id,
            ...columns(vendorInput(input, author), resolved),
            vendor_id: author.vendorId,
            approval: author.vendorId === null ? "approved" : "pending",
            starts_at: input.startsAt ?? at,
            status: "active",
            uses: 0,
            spent_paise: 0,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await recordAudit(trx, { kind: "offer.create", object: { type: "offer", id }, before: null, after: await offerSnapshot(trx, id) });
      });
  } catch (error) {
    // Two admins saving one code at once: the unique index decides.
    if (isUniqueViolation(error)) throw CODE_TAKEN();
    throw error;
  }
  return id;
}

/**
 * An offer's terms changed; its uses and spend so far stay. A vendor changes only their own offers,
 * and a change waits for the admin's approval again.
 */
export async function updateOffer(id: string, input: OfferFormInput, now = new Date(), author: OfferAuthor = ADMIN): Promise<void> {
  const existing = await getOffer(id);
  if (!existing || (author.vendorId !== null && existing.vendorId !== author.vendorId))
    throw new OfferRefused(refusal("offers.not_found"), 404);
  if (await codeTaken(input.code, id)) throw CODE_TAKEN();
  const resolved = await resolveTargets(getDb(), vendorInput(input, author), author);
  try {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        // The offer's row first: orders using it hold it shared to their commit (countOfferUses), so
        // from here none is in flight. Then, in a statement of its own that sees them all, its count:
        // an offer without a limit keeps none, and one given a limit now starts from its real uses.
        await trx
          .selectFrom("offer")
          .select("id")
          .where("id", "=", id)
          .$if(getDatabase().engine === "postgres", (qb) => qb.forUpdate())
          .execute();
        const counted = (await usesOf(trx, [id])).get(id);
        const before = await offerSnapshot(trx, id);
        await trx
          .updateTable("offer")
          .set({
            ...columns(vendorInput(input, author), resolved),
            ...(author.vendorId !== null ? { approval: "pending" } : {}),
            starts_at: input.startsAt ?? existing.startsAt,
            updated_at: now.toISOString(),
            uses: counted?.uses ?? 0,
            spent_paise: counted?.spentPaise ?? 0,
          })
          .where("id", "=", id)
          .execute();
        await recordAudit(trx, { kind: "offer.update", object: { type: "offer", id }, before, after: await offerSnapshot(trx, id) });
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw CODE_TAKEN();
    throw error;
  }
}

/** A vendor's offer as saved: all of the vendor's products when it names none, and never stacking on the store's. */
function vendorInput(input: OfferFormInput, author: OfferAuthor): OfferFormInput {
  if (author.vendorId === null) return input;
  // A vendor's offer is for every customer: groups are the store's (decision 054).
  return { ...input, target: input.target === "cart" ? "vendor" : input.target, stacks: false, customerGroup: undefined };
}

/**
 * Pause (active → paused), resume (paused → active) or end (for good); approve or reject a vendor's
 * offer awaiting approval. False when the offer is not in a state for it. A vendor may pause, resume
 * or end only their own offers (`vendorId`).
 */
export async function setOfferStatus(
  id: string,
  intent: "pause" | "resume" | "end" | "approve" | "reject",
  now = new Date(),
  vendorId: string | null = null,
): Promise<boolean> {
  if (!isOfferId(id)) return false;
  if (intent === "approve" || intent === "reject") {
    if (vendorId !== null) return false;
    const approval = intent === "approve" ? "approved" : "rejected";
    return getDb()
      .transaction()
      .execute(async (trx) => {
        const decided = await trx
          .updateTable("offer")
          .set({ approval, updated_at: now.toISOString() })
          .where("id", "=", id)
          .where("approval", "=", "pending")
          .executeTakeFirst();
        if (Number(decided.numUpdatedRows) !== 1) return false;
        await recordAudit(trx, {
          kind: `offer.${intent}`,
          object: { type: "offer", id },
          before: { approval: "pending" },
          after: { approval },
        });
        return true;
      });
  }
  const [from, to] =
    intent === "pause" ? [["active"], "paused"] : intent === "resume" ? [["paused"], "active"] : [["active", "paused"], "ended"];
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const was = await trx.selectFrom("offer").select("status").where("id", "=", id).executeTakeFirst();
      const done = await trx
        .updateTable("offer")
        .set({ status: to as "active" | "paused" | "ended", updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("status", "in", from as string[])
        .where((eb) => (vendorId === null ? eb.val(true) : eb("vendor_id", "=", vendorId)))
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, {
        kind: `offer.${intent}`,
        object: { type: "offer", id },
        before: { status: was?.status ?? null },
        after: { status: to },
      });
      return true;
    });
}
