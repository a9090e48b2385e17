import { getDb } from "~/platform/db/db.server";
import { chargedUnitPrice, type TaxMode } from "~/features/tax/domain/gst";
import { gstRateOf } from "~/features/tax/domain/product-gst";

/** A size that would be charged above its MRP. */
export type AboveMrp = { productId: string; name: string; label: string; chargedPaise: number; mrpPaise: number };

/**
 * The pack sizes on sale that a tax mode would charge above their MRP (issue 29): the admin's switch
 * of tax mode is refused while there are any, so no mode ever sells above the MRP. Archived products
 * are not sold, so they do not count.
 */
export async function sizesAboveMrpUnder(mode: TaxMode): Promise<AboveMrp[]> {
  const rows = await getDb()
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["p.id as productId", "p.name", "p.gst_rate", "v.label", "v.price_paise", "v.mrp_paise"])
    .where("p.status", "!=", "archived")
    .orderBy("p.name")
    .orderBy("v.position")
    .execute();
  const above: AboveMrp[] = [];
  for (const r of rows) {
    const charged = chargedUnitPrice(Number(r.price_paise), gstRateOf(r.gst_rate), mode);
    if (charged > Number(r.mrp_paise))
      above.push({ productId: r.productId, name: r.name, label: r.label, chargedPaise: charged, mrpPaise: Number(r.mrp_paise) });
  }
  return above;
}
