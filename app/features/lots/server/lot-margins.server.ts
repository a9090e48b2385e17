import { type Db, getDatabase, getDb } from "~/platform/db/db.server";
import { readSetting, saveSetting } from "~/features/settings/server/save-setting.server";
import { DEFAULT_LOT_MARGINS, type LotMargins, LotMarginsSchema } from "../domain/lot-margins";
import { LOT_KINDS, sellBeforeOf } from "../domain/lot-receipt";
import { syncLotStock } from "./lot-stock.server";

const KEY = "lot_margins";

/** "Stop selling N days before expiry" per kind, as saved over the defaults; a damaged row is the defaults. */
export async function readLotMargins(db: Db = getDb()): Promise<LotMargins> {
  const value = await readSetting(KEY, db);
  if (value === undefined) return DEFAULT_LOT_MARGINS;
  try {
    const parsed = LotMarginsSchema.safeParse({ ...DEFAULT_LOT_MARGINS, ...JSON.parse(value) });
    return parsed.success ? parsed.data : DEFAULT_LOT_MARGINS;
  } catch {
    return DEFAULT_LOT_MARGINS;
  }
}

/**
 * Saves the margins and, for each kind whose margin changed, makes its lots' sell-by day their
 * expiry less the new margin and their sizes' stock what their sellable lots now hold: in one
 * transaction, the products of that kind with lots locked first (id order), as every writer of lots.
 */
export async function saveLotMargins(margins: LotMargins): Promise<{ lotsChanged: number }> {
  const { db, engine } = getDatabase();
  let lotsChanged = 0;
  await db.transaction().execute(async (trx) => {
    const before = await readLotMargins(trx);
    await saveSetting(KEY, margins, trx);
    const changedKinds = LOT_KINDS.filter((kind) => before[kind] !== margins[kind]);
    if (changedKinds.length === 0) return;
    const products = await trx
      .selectFrom("product")
      .select("id")
      .where("regulated_as", "in", changedKinds)
      .where((eb) => eb.exists(eb.selectFrom("lot").select("lot.id").whereRef("lot.product_id", "=", "product.id")))
      .orderBy("id")
      .$if(engine === "postgres", (qb) => qb.forNoKeyUpdate())
      .execute();
    if (products.length === 0) return;
    const lots = await trx
      .selectFrom("lot")
      .innerJoin("product as p", "p.id", "lot.product_id")
      .select(["lot.expires_on", "p.regulated_as", "lot.variant_id"])
      .where("p.regulated_as", "in", changedKinds)
      .where("lot.expires_on", "is not", null)
      .execute();
    // One statement per kind and expiry day: lots share few expiry days.
    const days = new Map<string, { kind: (typeof LOT_KINDS)[number]; expiresOn: string }>();
    for (const lot of lots) {
      const kind = lot.regulated_as as (typeof LOT_KINDS)[number];
      if (lot.expires_on) days.set(`${kind}|${lot.expires_on}`, { kind, expiresOn: lot.expires_on });
    }
    for (const { kind, expiresOn } of days.values()) {
      const result = await trx
        .updateTable("lot")
        .set({ sell_before: sellBeforeOf(expiresOn, margins[kind]) })
        .where("expires_on", "=", expiresOn)
        .where("product_id", "in", (eb) => eb.selectFrom("product").select("id").where("regulated_as", "=", kind))
        .executeTakeFirst();
      lotsChanged += Number(result.numUpdatedRows);
    }
    await syncLotStock(trx, engine, [...new Set(lots.map((l) => l.variant_id))]);
  });
  return { lotsChanged };
}
