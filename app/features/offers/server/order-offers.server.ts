import { sql } from "kysely";
import type { Selectable } from "kysely";
import { type Db, getDatabase, getDb } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { newId } from "~/platform/ids";
import { configuredLimits, hitRateLimits } from "~/platform/rate-limit/rate-limit.server";
import { lineName } from "~/features/catalog/domain/pack-label";
import { unitPriceAt } from "~/features/catalog/domain/price-breaks";
import type { CartLine } from "~/features/cart/domain/cart";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { customerGroupOf } from "~/features/price-lists/server/member-prices.server";
import {
  applyOffers,
  normaliseCode,
  type Offer,
  type OfferContext,
  type OfferDiscount,
  type OfferLine,
  type OfferRefusal,
  type OfferResult,
} from "../domain/offers";

/**
 * Offers on the server (issue 31, docs/decisions/050-offers.md): read from the database, judged by
 * the pure rule (applyOffers) for the cart's quote and inside the order's transaction, and their
 * uses counted there with a guarded update; given back when an order is cancelled.
 */

type OfferRow = Selectable<Database["offer"]>;

function parseIds(json: string): string[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function offerOfRow(row: OfferRow): Offer {
  const discount: OfferDiscount =
    row.buy_quantity !== null && row.get_quantity !== null
      ? {
          type: "buy_x_get_y",
          buy: Number(row.buy_quantity),
          get: Number(row.get_quantity),
          getVariantIds: parseIds(row.get_variant_ids),
          percent: Number(row.discount_percent ?? 100),
        }
      : row.discount_type === "percent"
        ? { type: "percent", percent: Number(row.discount_percent ?? 0) }
        : row.discount_type === "fixed"
          ? { type: "fixed", paise: Number(row.discount_paise ?? 0) }
          : { type: "free_shipping" };
  return {
    id: row.id,
    kind: row.kind === "coupon" ? "coupon" : "automatic",
    code: row.code,
    name: row.name,
    nameHi: row.name_hi,
    discount,
    target: row.target as Offer["target"],
    targetIds: parseIds(row.target_ids),
    minCartPaise: Number(row.min_cart_paise),
    minQuantity: Number(row.min_quantity),
    firstOrderOnly: Boolean(Number(row.first_order_only)),
    states: parseIds(row.states),
    pincodes: parseIds(row.pincodes),
    vendorId: row.vendor_id,
    approval: row.approval === "pending" || row.approval === "rejected" ? row.approval : "approved",
    customerGroupId: row.customer_group_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    usesPerCustomer: row.uses_per_customer === null ? null : Number(row.uses_per_customer),
    budgetPaise: row.budget_paise === null ? null : Number(row.budget_paise),
    uses: Number(row.uses),
    spentPaise: Number(row.spent_paise),
    status: row.status as Offer["status"],
    stacks: Boolean(Number(row.stacks)),
  };
}

/**
 * The offers that may apply: every active automatic offer, and the coupon entered (whatever its
 * status, so that an ended one is said to have expired). One indexed read; none at all is sent
 * twice per order.
 */
export async function readOffers(db: Db, code: string | null): Promise<Offer[]> {
  const wanted = code === null ? "" : normaliseCode(code);
  const rows = await db
    .selectFrom("offer")
    .selectAll()
    .where((eb) =>
      wanted === ""
        ? eb.and([eb("status", "=", "active"), eb("kind", "=", "automatic"), eb("approval", "=", "approved")])
        : eb.or([
            eb.and([eb("status", "=", "active"), eb("kind", "=", "automatic"), eb("approval", "=", "approved")]),
            eb("code", "=", wanted),
          ]),
    )
    .execute();
  return rows.map(offerOfRow);
}

/** The lines as offers see them: each product's category, and its crops when an offer targets crops. */
export async function offerLines(
  db: Db,
  offers: readonly Offer[],
  lines: readonly { productId: string; variantId: string; vendorId?: string | null; quantity: number; amount: number; category?: string }[],
): Promise<OfferLine[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const needCategory = offers.some((o) => o.target === "categories") && lines.some((l) => l.category === undefined);
  const needVendor = offers.some((o) => o.target === "vendor") && lines.some((l) => l.vendorId === undefined);
  const needCrops = offers.some((o) => o.target === "crops");
  const categories = new Map<string, string>();
  const vendors = new Map<string, string | null>();
  const crops = new Map<string, string[]>();
  if ((needCategory || needVendor) && productIds.length > 0) {
    for (const p of await db.selectFrom("product").select(["id", "category", "vendor_id"]).where("id", "in", productIds).execute()) {
      categories.set(p.id, p.category);
      vendors.set(p.id, p.vendor_id);
    }
  }
  if (needCrops && productIds.length > 0) {
    for (const c of await db.selectFrom("product_crop").select(["product_id", "crop"]).where("product_id", "in", productIds).execute()) {
      crops.set(c.product_id, [...(crops.get(c.product_id) ?? []), c.crop]);
    }
  }
  return lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    vendorId: l.vendorId !== undefined ? l.vendorId : (vendors.get(l.productId) ?? null),
    quantity: l.quantity,
    amount: l.amount,
    category: l.category ?? categories.get(l.productId) ?? "",
    crops: crops.get(l.productId) ?? [],
  }));
}

/**
 * What the customer's history says to the offers in play: their uses of each (not given back) and
 * whether this is their first order (no order that was not cancelled). Read only when an offer asks.
 * Inside the order's transaction this runs after the customer's lock, so it sees every earlier
 * checkout of theirs.
 */
export async function customerContext(
  db: Db,
  userId: string | null,
  offers: readonly Offer[],
  base: { now: string; stateCode: string; pincode?: string },
): Promise<OfferContext> {
  const ctx: OfferContext = { ...base, firstOrder: null, customerUses: new Map() };
  if (userId === null || offers.length === 0) return ctx;
  const limited = offers.filter((o) => o.usesPerCustomer !== null).map((o) => o.id);
  if (limited.length > 0) {
    const used = await db
      .selectFrom("offer_use")
      .select(["offer_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("user_id", "=", userId)
      .where("returned", "=", 0)
      .where("offer_id", "in", limited)
      .groupBy("offer_id")
      .execute();
    ctx.customerUses = new Map(used.map((u) => [u.offer_id, Number(u.n)]));
  }
  // Only when an offer is for a group: the customer's group (decision 054).
  if (offers.some((o) => o.customerGroupId !== null)) ctx.groupId = await customerGroupOf(db, userId);
  if (offers.some((o) => o.firstOrderOnly)) {
    const earlier = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("status", "!=", "cancelled")
      .executeTakeFirstOrThrow();
    ctx.firstOrder = Number(earlier.n) === 0;
  }
  return ctx;
}

/** A coupon's refusal as the checkout says it; `names` names the pack sizes a buy-X-get-Y coupon asks for. */
export function couponRefusal(code: string, refused: OfferRefusal, names: ReadonlyMap<string, string> = new Map()): Refusal {
  switch (refused.reason) {
    case "unknown":
      return refusal("checkout.coupon_unknown", { code });
    case "not_started":
      return refusal("checkout.coupon_not_started", { code, date: indiaDay(refused.startsAt) });
    case "expired":
      return refusal("checkout.coupon_expired", { code });
    case "used_up":
      return refusal("checkout.coupon_used_up", { code });
    case "min_value":
      return refusal("checkout.coupon_min_value", { code, amountPaise: refused.paise });
    case "min_quantity":
      return refusal("checkout.coupon_min_quantity", { code, quantity: refused.quantity });
    case "not_for_these_products":
      return refusal("checkout.coupon_not_for_these", { code });
    case "first_order_only":
      return refusal("checkout.coupon_first_order", { code });
    case "not_your_state":
      return refusal("checkout.coupon_not_your_state", { code });
    case "already_used":
      return refusal("checkout.coupon_already_used", { code });
    case "not_your_pincode":
      return refusal("checkout.coupon_not_your_pincode", { code });
    case "not_your_group":
      return refusal("checkout.coupon_not_your_group", { code });
    case "add_items":
      return refusal("checkout.coupon_add_items", { code, quantity: refused.more, name: names.get(refused.variantId) ?? "" });
  }
}

/**
 * Pack sizes' names as a line shows them ("DAP Fertiliser (50 kg)"), in the page's language, by id:
 * for the cart's "Add 1 more … to get it free" and a buy-X-get-Y coupon's refusal.
 */
export async function packNames(db: Db, variantIds: readonly string[], locale: string): Promise<Map<string, string>> {
  const ids = [...new Set(variantIds)].filter(Boolean);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["v.id", "v.label", "p.name", "p.name_hi"])
    .where("v.id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, lineName({ name: r.name, nameHi: r.name_hi, variantLabel: r.label }, locale)]));
}

/** An instant's day in India (UTC+5:30), YYYY-MM-DD. */
function indiaDay(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * Coupon guessing (issue 31): an unknown code counts against the customer (or the address, for a
 * guest) — a few a minute, then 429. A known code, applied or not, is not a guess. Null when allowed.
 */
export async function limitCouponGuesses(who: { userId?: string | null; ip?: string | null }): Promise<Refusal | null> {
  const limit = configuredLimits().couponGuesses;
  const checks: [string, typeof limit][] = [];
  if (who.userId) checks.push([`coupon:user:${who.userId}`, limit]);
  if (who.ip) checks.push([`coupon:ip:${who.ip}`, limit]);
  if (checks.length === 0) return null;
  const hit = await hitRateLimits(checks);
  return hit.allowed ? null : refusal("checkout.coupon_too_many_tries", { seconds: hit.retryAfterSeconds });
}

/**
 * Counts the order's uses of its offers, in the order's transaction, then writes their `offer_use`
 * rows. An offer with a limit (total uses or a budget) gets one guarded update (still active, uses
 * below the total allowed, the budget not passed): its row is then held to the commit, so racing
 * orders take turns on it. An offer without one is counted by its `offer_use` rows alone: its row is
 * only read, shared (PostgreSQL's FOR SHARE: orders using it do not wait for one another, and a change
 * to it waits for them), and when it is no longer active or has been given a limit since it was read,
 * it is counted as a limited one (docs/decisions/050-offers.md, "Counting uses"). Offers are taken
 * in the order of their ids, so two orders cannot deadlock on them. The id of an offer used up or
 * ended meanwhile, else null: the caller then refuses the order and its transaction rolls back the
 * uses already counted.
 */
export async function countOfferUses(
  trx: Db,
  result: OfferResult,
  order: { orderId: string; userId: string; now: string },
  asRead: readonly Offer[],
): Promise<string | null> {
  const byId = (a: { offerId: string }, b: { offerId: string }) => (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0);
  const used = [...result.applied].sort(byId);
  const limited = new Set(asRead.filter((o) => o.maxUses !== null || o.budgetPaise !== null).map((o) => o.id));
  const unlimited = used.filter((o) => !limited.has(o.offerId)).map((o) => o.offerId);
  if (unlimited.length > 0) {
    const still = await trx
      .selectFrom("offer")
      .select("id")
      .where("id", "in", unlimited)
      .where("status", "=", "active")
      .where("max_uses", "is", null)
      .where("budget_paise", "is", null)
      .orderBy("id")
      .$if(getDatabase().engine === "postgres", (qb) => qb.forShare())
      .execute();
    const free = new Set(still.map((r) => r.id));
    for (const id of unlimited) if (!free.has(id)) limited.add(id);
  }
  for (const offer of used) {
    if (!limited.has(offer.offerId)) continue;
    const taken = await trx
      .updateTable("offer")
      .set({ uses: sql`uses + 1`, spent_paise: sql`spent_paise + ${offer.paise}` })
      .where("id", "=", offer.offerId)
      .where("status", "=", "active")
      .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
      .where((eb) => eb.or([eb("budget_paise", "is", null), eb(sql`spent_paise + ${offer.paise}`, "<=", eb.ref("budget_paise"))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return offer.offerId;
  }
  if (used.length > 0) await trx.insertInto("offer_use").values(offerUseRows(result, order)).execute();
  return null;
}

/** The order's uses of its offers, as `offer_use` rows: each offer's use and what it gave. */
export function offerUseRows(result: OfferResult, order: { orderId: string; userId: string; now: string }) {
  return result.applied.map((o) => ({
    id: newId(),
    offer_id: o.offerId,
    order_id: order.orderId,
    user_id: order.userId,
    discount_paise: o.paise,
    // Who pays for it (a vendor's own offer, or the store), as it was when the order was placed.
    funded_by: o.fundedBy,
    returned: 0,
    created_at: order.now,
  }));
}

/**
 * Whether every offer the order used was, as read, without a limit of uses or budget: its uses are
 * then counted by their `offer_use` rows alone, and PostgreSQL's one statement may write them, holding
 * the offers' rows (place-taking-stock.server.ts).
 */
export function usesOnlyUnlimited(result: OfferResult, asRead: readonly Offer[]): boolean {
  const limited = new Set(asRead.filter((o) => o.maxUses !== null || o.budgetPaise !== null).map((o) => o.id));
  return result.applied.every((o) => !limited.has(o.offerId));
}

/**
 * A cancelled order gives its offers' uses and spend back, in the cancelling transaction (the one
 * that restores its stock). Its `offer_use` rows are kept, marked returned; a second call finds none.
 */
export async function giveBackOfferUses(trx: Db, orderId: string): Promise<void> {
  const uses = await trx
    .selectFrom("offer_use")
    .select(["id", "offer_id", "discount_paise"])
    .where("order_id", "=", orderId)
    .where("returned", "=", 0)
    .orderBy("offer_id")
    .execute();
  for (const use of uses) {
    await trx
      .updateTable("offer")
      .set({
        uses: sql`case when uses > 0 then uses - 1 else 0 end`,
        spent_paise: sql`case when spent_paise >= ${use.discount_paise} then spent_paise - ${use.discount_paise} else 0 end`,
      })
      .where("id", "=", use.offer_id)
      // Only an offer with a limit keeps a count (countOfferUses); the use row below is the others' count.
      .where((eb) => eb.or([eb("max_uses", "is not", null), eb("budget_paise", "is not", null)]))
      .execute();
    await trx.updateTable("offer_use").set({ returned: 1 }).where("id", "=", use.id).execute();
  }
}

/** What the cart and checkout show of the offers (issue 31): the server's own judgement of the cart. */
export type OfferQuote = {
  /** Each line's discount before GST, by pack size id. */
  discounts: Record<string, number>;
  /** Each line's discount by offer, by pack size id (the cart works out what each saved with GST). */
  parts: Record<string, { offerId: string; paise: number }[]>;
  /** Each offer that gave something: its names and what it saved. */
  applied: { offerId: string; name: string; nameHi: string | null; paise: number; freeShipping: boolean }[];
  freeShipping: boolean;
  /** The entered coupon's refusal, said in the page's language; null when it applies or none was entered. */
  couponRefusal: Refusal | null;
  /** Buy X get Y: what to add to get (more) Y units, the pack size named in the page's language. */
  hints: { offerId: string; variantId: string; name: string; more: number; percent: number }[];
};

/**
 * The offers on a cart as the order would grant them now (the order's transaction judges them again):
 * `lines` at the database's prices (quoteCart's), `stateCode` the delivery State's GST code when
 * known, `userId` the signed-in customer (null for a guest: a first-order offer shows as applying).
 */
export async function quoteOffers(input: {
  lines: readonly { productId: string; variantId: string; category: string; quantity: number; unitPaise: number }[];
  code: string | null;
  stateCode: string;
  /** The delivery pincode when the customer has given one, else "". */
  pincode?: string;
  userId: string | null;
  now?: Date;
}): Promise<OfferQuote> {
  const db = getDb();
  const code = input.code ? normaliseCode(input.code) : null;
  const offers = await readOffers(db, code);
  const none: OfferQuote = { discounts: {}, parts: {}, applied: [], freeShipping: false, couponRefusal: null, hints: [] };
  if (offers.length === 0) return code ? { ...none, couponRefusal: refusal("checkout.coupon_unknown", { code }) } : none;
  const now = (input.now ?? new Date()).toISOString();
  const ctx = await customerContext(db, input.userId, offers, { now, stateCode: input.stateCode, pincode: input.pincode ?? "" });
  const lines = await offerLines(
    db,
    offers,
    input.lines.map((l) => ({ ...l, amount: l.unitPaise * l.quantity })),
  );
  const result = applyOffers(offers, lines, ctx, code);
  const discounts: Record<string, number> = {};
  const parts: OfferQuote["parts"] = {};
  input.lines.forEach((l, i) => {
    const d = result.lines[i]?.discount ?? 0;
    if (d > 0) {
      discounts[l.variantId] = d;
      parts[l.variantId] = result.lines[i]?.parts ?? [];
    }
  });
  const refused = result.coupon && !result.coupon.applied ? result.coupon : null;
  const names = await packNames(
    db,
    [...result.hints.map((h) => h.variantId), ...(refused?.refusal.reason === "add_items" ? [refused.refusal.variantId] : [])],
    currentLocale(),
  );
  return {
    discounts,
    parts,
    applied: result.applied.map(({ offerId, name, nameHi, paise, freeShipping }) => ({ offerId, name, nameHi, paise, freeShipping })),
    freeShipping: result.freeShipping,
    couponRefusal: refused ? couponRefusal(refused.code, refused.refusal, names) : null,
    hints: result.hints.map((h) => ({ ...h, name: names.get(h.variantId) ?? "" })),
  };
}

/**
 * The automatic offers (no coupon) on cart lines priced on the server, as priceCart takes them, each
 * offer named in the page's language: each line at the unit price its quantity reaches. The phone desk
 * and the ONDC quote price with it, as the storefront's cart does.
 */
export async function automaticCartOffers(
  lines: readonly CartLine[],
  where: { stateCode: string; pincode: string; userId: string | null },
) {
  const quote = await quoteOffers({
    lines: lines.map((l) => ({
      productId: l.product.id,
      variantId: l.product.variantId ?? l.product.id,
      category: l.product.category,
      quantity: l.quantity,
      unitPaise: unitPriceAt(l.product.pricePaise, l.product.priceBreaks, l.quantity),
    })),
    code: null,
    ...where,
  });
  return cartOffersOf(quote);
}

/** A quote's offers as the cart and priceCart take them, each offer named in the page's language. */
export function cartOffersOf(quote: OfferQuote) {
  const hindi = currentLocale() === "hi";
  return {
    discounts: quote.discounts,
    parts: quote.parts,
    offers: quote.applied.map((o) => ({
      offerId: o.offerId,
      name: hindi && o.nameHi ? o.nameHi : o.name,
      paise: o.paise,
      freeShipping: o.freeShipping,
    })),
    freeShipping: quote.freeShipping,
  };
}
