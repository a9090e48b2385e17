import { type Db, type Engine, getDatabase } from "~/platform/db/db.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { newId } from "~/platform/ids";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english, formRefusals } from "~/platform/i18n/render-refusal.server";
import { indiaToday } from "~/platform/core/india-day";
import {
  type LotAdjustment,
  type LotKind,
  type LotReceipt,
  type LotReceiptFields,
  lotReceiptSchema,
  sellBeforeOf,
} from "../domain/lot-receipt";
import { readLotMargins } from "./lot-margins.server";
import { lockProducts, syncLotStock } from "./lot-stock.server";

/** Who receives or adjusts lots: an admin (any product's) or a vendor (their own products' only). */
export type LotActor = { role: "admin" | "vendor"; userId: string };

/** A refused receipt or adjustment, with each field's refusal for the form. Nothing was written. */
export class LotRefused extends RefusalError {
  readonly fields: Partial<Record<string, Refusal>>;
  constructor(refused: Refusal, status = 400, fields: Partial<Record<string, Refusal>> = {}) {
    super(refused, { status, english: english(refused) });
    this.fields = fields;
  }
}

/** A pack size the actor may keep lots of: its product, kind and whether it is a kit. Another vendor's reads as none. */
export async function lotSizeFor(db: Db, actor: LotActor, variantId: string) {
  const size = await db
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["v.id", "v.sku", "v.product_id", "p.vendor_id", "p.regulated_as"])
    .select((eb) =>
      eb.exists(eb.selectFrom("kit_part as k").select("k.kit_variant_id").whereRef("k.kit_variant_id", "=", "v.id")).as("is_kit"),
    )
    .where("v.id", "=", variantId)
    .$if(actor.role === "vendor", (qb) => qb.where("p.vendor_id", "=", actor.userId))
    .executeTakeFirst();
  return size ? { ...size, kind: (size.regulated_as ?? null) as LotKind | null, isKit: Boolean(Number(size.is_kit)) } : null;
}

/** Checks typed receipt fields by the product's kind; a refusal carries each field's. */
export function checkReceipt(kind: LotKind | null, fields: LotReceiptFields): LotReceipt {
  const parsed = lotReceiptSchema(kind, indiaToday()).safeParse(fields);
  if (parsed.success) return parsed.data;
  const fieldRefusals = formRefusals(parsed.error);
  const first = Object.values(fieldRefusals)[0] ?? refusal("common.check_form");
  throw new LotRefused(first, 400, fieldRefusals);
}

/** The lot number is taken for this size: the unique constraint of migration 0051, on either engine. */
export function isLotNumberTaken(error: unknown) {
  const e = error as { code?: string; message?: string; constraint?: string };
  return (
    (e.code === "23505" && e.constraint === "lot_number_per_size") ||
    /UNIQUE constraint failed: lot\.variant_id, lot\.number/i.test(e.message ?? "")
  );
}

/** Writes checked receipts of sizes already found and allowed, in the caller's transaction; then their stock. */
export async function insertLots(
  trx: Db,
  engine: Engine,
  actor: LotActor,
  receipts: readonly { size: { id: string; product_id: string; kind: LotKind | null }; lot: LotReceipt }[],
) {
  await lockProducts(
    trx,
    engine,
    receipts.map((r) => r.size.product_id),
  );
  const margins = await readLotMargins(trx);
  const receivedAt = new Date().toISOString();
  const ids: string[] = [];
  for (const { size, lot } of receipts) {
    const taken = await trx
      .selectFrom("lot")
      .select("id")
      .where("variant_id", "=", size.id)
      .where("number", "=", lot.number)
      .executeTakeFirst();
    if (taken)
      throw new LotRefused(refusal("lots.number_taken", { number: lot.number }), 409, {
        number: refusal("lots.number_taken", { number: lot.number }),
      });
    const id = newId();
    ids.push(id);
    await trx
      .insertInto("lot")
      .values({
        id,
        product_id: size.product_id,
        variant_id: size.id,
        number: lot.number,
        quantity: lot.quantity,
        received_quantity: lot.quantity,
        manufactured_on: lot.manufacturedOn,
        expires_on: lot.expiresOn,
        sell_before: sellBeforeOf(lot.expiresOn, size.kind ? margins[size.kind] : 0),
        tested_on: lot.testedOn,
        germination_pct: lot.germinationPct,
        purity_pct: lot.purityPct,
        treated: lot.treated,
        registration_no: lot.registrationNo,
        phi_days: lot.phiDays,
        antidote: lot.antidote,
        fco_grade: lot.fcoGrade,
        received_at: receivedAt,
        received_by: actor.userId,
      })
      .execute();
    await recordAudit(trx, {
      kind: "lot.receive",
      object: { type: "lot", id },
      before: null,
      after: { product_id: size.product_id, variant_id: size.id, number: lot.number, quantity: lot.quantity, expires_on: lot.expiresOn },
    });
  }
  await syncLotStock(
    trx,
    engine,
    receipts.map((r) => r.size.id),
  );
  return ids;
}

/**
 * Receives a lot of a pack size (docs/decisions/056-lots.md): checked by its product's kind, written
 * with its sell-by day (its expiry less the kind's margin), and the size's stock made what its
 * sellable lots hold, in one transaction with the product locked first. Refused with nothing written:
 * another vendor's size (as not found), a kit's size, a bad field, a lot number the size already has.
 */
export async function receiveLot(actor: LotActor, variantId: string, fields: LotReceiptFields): Promise<{ lotId: string }> {
  const { db, engine } = getDatabase();
  const size = await lotSizeFor(db, actor, variantId);
  if (!size) throw new LotRefused(refusal("lots.unknown_size"), 404);
  if (size.isKit) throw new LotRefused(refusal("lots.kit_size"), 409);
  const lot = checkReceipt(size.kind, fields);
  try {
    const [lotId] = await db.transaction().execute((trx) => insertLots(trx, engine, actor, [{ size, lot }]));
    return { lotId: lotId ?? "" };
  } catch (error) {
    if (isLotNumberTaken(error))
      throw new LotRefused(refusal("lots.number_taken", { number: lot.number }), 409, {
        number: refusal("lots.number_taken", { number: lot.number }),
      });
    throw error;
  }
}

/**
 * Changes a lot's quantity by hand, with its reason (kept in lot_adjustment), never below 0; then
 * its size's stock. The product is locked first, the lot read again under the lock. Refused with
 * nothing written: another vendor's lot (as not found), a change that would take it below 0.
 */
export async function adjustLot(actor: LotActor, input: LotAdjustment): Promise<void> {
  const { db, engine } = getDatabase();
  const found = await db
    .selectFrom("lot")
    .innerJoin("product as p", "p.id", "lot.product_id")
    .select(["lot.id", "lot.product_id", "lot.variant_id"])
    .where("lot.id", "=", input.lotId)
    .$if(actor.role === "vendor", (qb) => qb.where("p.vendor_id", "=", actor.userId))
    .executeTakeFirst();
  if (!found) throw new LotRefused(refusal("lots.unknown_lot"), 404);
  await db.transaction().execute(async (trx) => {
    await lockProducts(trx, engine, [found.product_id]);
    const lot = await trx.selectFrom("lot").select(["number", "quantity"]).where("id", "=", found.id).executeTakeFirstOrThrow();
    if (Number(lot.quantity) + input.change < 0) {
      const below = refusal("lots.below_zero", { number: lot.number, onHand: Number(lot.quantity) });
      throw new LotRefused(below, 409, { change: below });
    }
    await trx
      .updateTable("lot")
      .set((eb) => ({ quantity: eb("quantity", "+", input.change) }))
      .where("id", "=", found.id)
      .execute();
    await recordAudit(trx, {
      kind: "lot.adjust",
      object: { type: "lot", id: found.id },
      before: { quantity: Number(lot.quantity) },
      after: { quantity: Number(lot.quantity) + input.change },
      reason: input.reason,
    });
    await trx
      .insertInto("lot_adjustment")
      .values({
        id: newId(),
        lot_id: found.id,
        change: input.change,
        reason: input.reason,
        actor_id: actor.userId,
        created_at: new Date().toISOString(),
      })
      .execute();
    await syncLotStock(trx, engine, [found.variant_id]);
  });
}
