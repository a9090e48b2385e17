import { getDb } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { lotStatus } from "../domain/lot-status";
import type { LotRow, SizeLots } from "../domain/lot-view";
import { fefoOrder, sellableLot } from "./lot-stock.server";

/** The adjustments of a lot the page lists, latest first. */
const ADJUSTMENTS_SHOWN = 20;

/**
 * A product's pack sizes with their lots (first expiry first out) and each lot's latest adjustments,
 * for its edit page. The caller has checked the product is the actor's to see.
 */
export async function listLotsOfProduct(productId: string): Promise<SizeLots[]> {
  const db = getDb();
  const today = indiaToday();
  const sizes = await db
    .selectFrom("product_variant as v")
    .select(["v.id", "v.label", "v.sku"])
    .select((eb) =>
      eb.exists(eb.selectFrom("kit_part as k").select("k.kit_variant_id").whereRef("k.kit_variant_id", "=", "v.id")).as("is_kit"),
    )
    .where("v.product_id", "=", productId)
    .orderBy("v.position")
    .execute();
  const lots = await db.selectFrom("lot").selectAll("lot").where("lot.product_id", "=", productId).orderBy(fefoOrder()).execute();
  const adjustments =
    lots.length === 0
      ? []
      : await db
          .selectFrom("lot_adjustment")
          .select(["id", "lot_id", "change", "reason", "created_at"])
          .where(
            "lot_id",
            "in",
            lots.map((l) => l.id),
          )
          .orderBy("created_at", "desc")
          .execute();
  const byLot = new Map<string, LotRow["adjustments"]>();
  for (const a of adjustments) {
    const list = byLot.get(a.lot_id) ?? [];
    if (list.length < ADJUSTMENTS_SHOWN) list.push({ id: a.id, change: Number(a.change), reason: a.reason, at: a.created_at });
    byLot.set(a.lot_id, list);
  }
  return sizes.map((s) => ({
    variantId: s.id,
    label: s.label,
    sku: s.sku,
    isKit: Boolean(Number(s.is_kit)),
    lots: lots
      .filter((l) => l.variant_id === s.id)
      .map((l) => ({
        id: l.id,
        number: l.number,
        quantity: Number(l.quantity),
        receivedQuantity: Number(l.received_quantity),
        manufacturedOn: l.manufactured_on,
        expiresOn: l.expires_on,
        status: lotStatus(
          { quantity: Number(l.quantity), recalledAt: l.recalled_at, sellBefore: l.sell_before, expiresOn: l.expires_on },
          today,
        ),
        testedOn: l.tested_on,
        germinationPct: l.germination_pct === null ? null : Number(l.germination_pct),
        purityPct: l.purity_pct === null ? null : Number(l.purity_pct),
        treated: Boolean(Number(l.treated)),
        registrationNo: l.registration_no,
        phiDays: l.phi_days === null ? null : Number(l.phi_days),
        antidote: l.antidote,
        fcoGrade: l.fco_grade,
        adjustments: byLot.get(l.id) ?? [],
      })),
  }));
}

/** What a lot-tracked size's stock is made of, for the product forms: "12 in 3 lots". Sizes without lots are not in the map. */
export async function lotCountsOf(productId: string): Promise<Map<string, { sellable: number; lots: number }>> {
  const rows = await getDb()
    .selectFrom("lot")
    .select("lot.variant_id")
    .select((eb) => [
      eb.fn.countAll<number>().as("lots"),
      eb.fn.sum<number>(eb.case().when(sellableLot()).then(eb.ref("lot.quantity")).else(0).end()).as("sellable"),
    ])
    .where("lot.product_id", "=", productId)
    .groupBy("lot.variant_id")
    .execute();
  return new Map(rows.map((r) => [r.variant_id, { sellable: Number(r.sellable ?? 0), lots: Number(r.lots) }]));
}

/**
 * The expiry of the lot a size of a seed or a pesticide ships next: its first sellable lot in the
 * order orders take them (first expiry first out), for the product page's "Best before". Null for
 * other products, and without such a lot or expiry.
 */
export async function bestBeforeOf(variantId: string): Promise<string | null> {
  const next = await getDb()
    .selectFrom("lot")
    .innerJoin("product as p", "p.id", "lot.product_id")
    .select("lot.expires_on")
    .where("lot.variant_id", "=", variantId)
    .where("p.regulated_as", "in", ["seed", "pesticide"])
    .where(sellableLot())
    .orderBy(fefoOrder())
    .limit(1)
    .executeTakeFirst();
  return next?.expires_on ?? null;
}
