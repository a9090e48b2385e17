import { getDatabase } from "~/platform/db/db.server";
import { isId, newId } from "~/platform/ids";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { DISCOUNT_LIMIT_PERCENT, type StaffRole } from "~/platform/core/staff-policy";
import { MAX_LINE_QUANTITY } from "~/features/cart/domain/cart-limits";
import { type CookieLine, parseCartCookie } from "~/features/cart/domain/cart-cookie";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import type { AssistedPayment } from "../domain/assisted-orders";
import { getFarmer, placeAssistedOrder, quoteAssistedCart } from "./assisted-orders.server";
import { OrderRefused } from "./place-order.server";
import { spreadStaffDiscount } from "./staff-discount.server";

/*
 * Draft orders (docs/decisions/064-draft-orders.md): the phone desk keeps a farmer's cart until they
 * agree, changes it, gives a discount with a reason (within the role's limit, audited), and places it
 * through the desk's placeAssistedOrder, with the checkout key drawn with the draft: placing it twice
 * is one order. A draft is priced again whenever it is shown or placed; it stores no price.
 */

export type Staff = { id: string; role: StaffRole };

/** A refusal of a draft's form, said in the desk's words. */
export class DraftRefused extends RefusalError {}

const GONE = refusal("orders.draft_gone");
const gone = () => new DraftRefused(GONE, { status: 409, english: english(GONE) });

/** The cart's text as the cookie writes it: `p~v.3|p~v.1`. */
export const linesText = (lines: readonly CookieLine[]) =>
  lines.map((l) => `${l.variantId ? `${l.productId}~${l.variantId}` : l.productId}.${l.quantity}`).join("|");

/** Keeps the desk's cart for a farmer as a new open draft; its id. */
export async function saveDraft(staff: Staff, farmerId: string, lines: readonly CookieLine[]): Promise<string> {
  const { db } = getDatabase();
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("draft_order")
    .values({
      id,
      farmer_id: farmerId,
      lines: linesText(lines),
      discount_paise: 0,
      discount_reason: null,
      checkout_key: `draft-${newId(24)}`,
      status: "open",
      order_id: null,
      created_by: staff.id,
      updated_by: staff.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const draftColumns = [
  "d.id",
  "d.farmer_id",
  "d.lines",
  "d.discount_paise",
  "d.discount_reason",
  "d.checkout_key",
  "d.status",
  "d.order_id",
  "d.created_at",
  "d.updated_at",
  "c.name as created_by_name",
  "u.name as updated_by_name",
] as const;

function draftQuery() {
  return getDatabase()
    .db.selectFrom("draft_order as d")
    .leftJoin("user as c", "c.id", "d.created_by")
    .leftJoin("user as u", "u.id", "d.updated_by")
    .select(draftColumns);
}

function draftOf(row: Awaited<ReturnType<ReturnType<typeof draftQuery>["executeTakeFirstOrThrow"]>>) {
  return {
    id: row.id,
    farmerId: row.farmer_id,
    lines: parseCartCookie(row.lines) ?? [],
    discountPaise: Number(row.discount_paise),
    discountReason: row.discount_reason,
    checkoutKey: row.checkout_key,
    status: row.status as "open" | "placed" | "discarded",
    orderId: row.order_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by_name ?? "A former member of staff",
    updatedBy: row.updated_by_name ?? "A former member of staff",
  };
}
export type Draft = ReturnType<typeof draftOf>;

/** A draft by id, whatever its status, or null. */
export async function getDraft(id: string): Promise<Draft | null> {
  if (!isId(id)) return null;
  const row = await draftQuery().where("d.id", "=", id).executeTakeFirst();
  return row ? draftOf(row) : null;
}

/** The open drafts, the latest changed first (at most 50), each with its farmer and its total priced now. */
export async function listOpenDrafts() {
  const rows = await draftQuery().where("d.status", "=", "open").orderBy("d.updated_at", "desc").orderBy("d.id").limit(50).execute();
  return Promise.all(
    rows.map(async (row) => {
      const draft = draftOf(row);
      const farmer = await getFarmer(draft.farmerId);
      const quote = farmer ? await quoteAssistedCart(farmer, draft.lines, draft.discountPaise) : null;
      return { ...draft, farmer, totalPaise: quote?.totals.total ?? null };
    }),
  );
}

/**
 * Changes a draft's quantities (by pack size; 0 takes the line off), if it is still open. A quantity
 * is a whole number from 0 to the per-size cap; anything else leaves the line as it was.
 */
export async function changeDraftQuantities(staff: Staff, id: string, quantities: ReadonlyMap<string, number>) {
  const { db, engine } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("draft_order")
      .select("lines")
      .where("id", "=", id)
      .where("status", "=", "open")
      .$if(engine === "postgres", (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!row) throw gone();
    const lines = (parseCartCookie(row.lines) ?? []).flatMap((line) => {
      const want = quantities.get(line.variantId ?? line.productId);
      if (want === undefined || !Number.isInteger(want) || want < 0 || want > MAX_LINE_QUANTITY) return [line];
      return want === 0 ? [] : [{ ...line, quantity: want }];
    });
    await trx
      .updateTable("draft_order")
      .set({ lines: linesText(lines), updated_by: staff.id, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  });
}

/**
 * Gives an open draft a discount with its reason, judged now against the goods' value as the desk
 * prices them (after the offers, before GST) and the member of staff's role limit; judged again when
 * the draft is placed. Audited with the reason. A refusal writes nothing.
 */
export async function setDraftDiscount(staff: Staff, id: string, discount: { paise: number; reason: string }) {
  const draft = await getDraft(id);
  if (draft?.status !== "open") throw gone();
  const farmer = await getFarmer(draft.farmerId);
  if (!farmer) throw gone();
  const quote = await quoteAssistedCart(farmer, draft.lines);
  const judged = spreadStaffDiscount({ paise: discount.paise, limitPercent: DISCOUNT_LIMIT_PERCENT[staff.role] }, [quote.goodsPaise]);
  if ("refused" in judged) throw new DraftRefused(judged.refused, { status: judged.status, english: english(judged.refused) });
  await writeDiscount(staff, draft, discount.paise, discount.reason);
}

/** Takes an open draft's discount off, audited. */
export async function removeDraftDiscount(staff: Staff, id: string) {
  const draft = await getDraft(id);
  if (draft?.status !== "open") throw gone();
  await writeDiscount(staff, draft, 0, null);
}

async function writeDiscount(staff: Staff, draft: Draft, paise: number, reason: string | null) {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const written = await trx
      .updateTable("draft_order")
      .set({ discount_paise: paise, discount_reason: reason, updated_by: staff.id, updated_at: new Date().toISOString() })
      .where("id", "=", draft.id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw gone();
    await recordAudit(trx, {
      kind: "draft_order.discount",
      object: { type: "draft_order", id: draft.id },
      before: { discount_paise: draft.discountPaise, discount_reason: draft.discountReason },
      after: { discount_paise: paise, discount_reason: reason },
      reason: reason ?? "Discount removed",
    });
  });
}

/** Discards an open draft, audited; a placed or discarded one is refused. */
export async function discardDraft(staff: Staff, id: string) {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const written = await trx
      .updateTable("draft_order")
      .set({ status: "discarded", updated_by: staff.id, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw gone();
    await recordAudit(trx, {
      kind: "draft_order.discard",
      object: { type: "draft_order", id },
      before: { status: "open" },
      after: { status: "discarded" },
    });
  });
}

/**
 * Places an open draft through the desk's placeAssistedOrder, with its checkout key: the same checks
 * as the desk (stock, prices, offers, delivery), and its discount judged again against the goods'
 * value now and the placing member's role. A draft already placed answers with its order; a
 * discarded one is refused. A refusal is placeOrder's (OrderRefused), and the draft stays open.
 */
export async function placeDraft(
  staff: Staff,
  id: string,
  payment: AssistedPayment = "cod",
): Promise<{ orderId: string; created: boolean; payBy: string | null }> {
  const draft = await getDraft(id);
  if (!draft || draft.status === "discarded") throw gone();
  if (draft.status === "placed" && draft.orderId) return { orderId: draft.orderId, created: false, payBy: null };
  const farmer = await getFarmer(draft.farmerId);
  if (!farmer) throw gone();
  if (draft.lines.length === 0 || draft.lines.some((l) => !l.variantId)) throw new OrderRefused(refusal("checkout.cart_empty"), 400);
  const placed = await placeAssistedOrder(staff, farmer, {
    items: draft.lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? "", quantity: l.quantity })),
    checkoutKey: draft.checkoutKey,
    payment,
    ...(draft.discountPaise > 0
      ? {
          discount: {
            paise: draft.discountPaise,
            reason: draft.discountReason ?? "",
            limitPercent: DISCOUNT_LIMIT_PERCENT[staff.role],
            draftId: draft.id,
          },
        }
      : {}),
  });
  // The order stands whatever the draft's state now (a discard while it was placed): it is the draft's order.
  await getDatabase()
    .db.updateTable("draft_order")
    .set({ status: "placed", order_id: placed.orderId, updated_by: staff.id, updated_at: new Date().toISOString() })
    .where("id", "=", draft.id)
    .where("status", "!=", "placed")
    .execute();
  return placed;
}
