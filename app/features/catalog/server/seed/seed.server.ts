import type { Db } from "../../../../platform/db/db.server";
import { defaultSku, singleVariant, type VariantInput } from "../../domain/variants";
import { settleMrp } from "../../domain/mrp";
import { DEFAULT_GENERAL_SETTINGS } from "../../../settings/domain/settings";
import { saveVariants } from "../variants.server";
import { syncReviewSummary } from "../../../reviews/server/review-summary.server";
import { regulatedAsFor } from "../../../vendor-shops/domain/licences";
import { type SampleProduct, sampleProducts } from "./catalog";
import { sampleReviewRows } from "./sample-reviews";
import { seedSamplePriceList } from "../../../price-lists/server/seed-price-lists.server";

/**
 * A sample product's sizes as stored: one without sizes has no printed MRP, so its MRP is what it
 * is charged with GST under the store's default tax mode (mrp.ts).
 */
export function sampleSizes(p: SampleProduct): VariantInput[] {
  if (p.variants) return p.variants;
  const one = { ...singleVariant({ price: p.pricePaise, stock: p.stock, sku: defaultSku(p.id) }), mrpTyped: false };
  return settleMrp([one], p.gstRate, DEFAULT_GENERAL_SETTINGS.taxMode).variants;
}

/**
 * Loads the sample catalogue when the store has no products. Each product gets its own creation
 * time, one second apart, so "first 8" on the home page is the catalogue's order. Its sample
 * reviews are rows like any review, and the products' ratings are computed from them.
 */
export async function seedCatalogIfEmpty(db: Db): Promise<number> {
  const existing = await db
    .selectFrom("product")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("product")
      .values(
        sampleProducts.map((p, index) => {
          const at = new Date(start + index * 1000).toISOString();
          return {
            id: p.id,
            name: p.name,
            description: p.description,
            name_hi: p.nameHi,
            description_hi: p.descriptionHi,
            category: p.category,
            regulated_as: p.regulatedAs ?? regulatedAsFor(p.category),
            hsn_code: p.hsnCode,
            gst_rate: p.gstRate,
            price_paise: p.pricePaise,
            stock: p.stock,
            rating: 0,
            reviews: 0,
            image: p.image,
            brand: p.brand ?? null,
            gallery: JSON.stringify(p.gallery ?? []),
            season: p.season ?? null,
            dosage_amount: p.dosage?.amount ?? null,
            dosage_unit: p.dosage?.unit ?? null,
            how_to_use: p.howToUse ?? null,
            how_to_use_hi: p.howToUseHi ?? null,
            vendor_id: null,
            status: "live" as const,
            reject_reason: null,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    for (const p of sampleProducts) {
      await saveVariants(trx, p.id, sampleSizes(p), { isNew: true });
      const crops = p.crops ?? [];
      if (crops.length)
        await trx
          .insertInto("product_crop")
          .values(crops.map((crop) => ({ product_id: p.id, crop })))
          .execute();
      const reviews = sampleReviewRows(p.id);
      if (reviews.length) await trx.insertInto("review").values(reviews).execute();
      await syncReviewSummary(trx, p.id);
    }
    // An "FPO" customer group with its price list, without members (docs/decisions/054-price-lists.md).
    await seedSamplePriceList(trx, new Date(start).toISOString());
  });
  return sampleProducts.length;
}
