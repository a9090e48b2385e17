import { idChunks } from "~/platform/db/batch.server";
import type { Db } from "~/platform/db/db.server";
import { getDb } from "~/platform/db/db.server";
import { isId } from "~/platform/ids";
import type { CropKey, Season } from "~/features/catalog/domain/crops";
import type { PackUnit } from "~/features/catalog/domain/pack-units";
import type { VariantInput } from "~/features/catalog/domain/variants";
import { decodePriceBreaks } from "~/features/catalog/domain/price-breaks-input";
import type { LicenceKind } from "~/features/vendor-shops/domain/licences";
import type { GstRate } from "~/features/tax/domain/gst";
import { gstRateOf } from "~/features/tax/domain/product-gst";
import { parseGallery } from "./save-product.server";

/** What an edit form shows beyond the product's own fields: its sizes, details for farmers, extra photos, its tax. */
export type ProductFormExtras = {
  variants: (Required<Pick<VariantInput, "id">> & VariantInput)[];
  brand: string | null;
  season: Season | null;
  crops: CropKey[];
  dosageAmount: number | null;
  dosageUnit: PackUnit | null;
  howToUse: string | null;
  /** 0023-hindi-catalogue: optional. */
  nameHi: string | null;
  descriptionHi: string | null;
  /** 0025-how-to-use-hindi: optional. */
  howToUseHi: string | null;
  gallery: string[];
  regulatedAs: LicenceKind | null;
  /** A subsidised fertiliser (docs/decisions/057-territory.md). */
  subsidised: boolean;
  /** "" for a product made before GST by HSN that no one has given a code since (0019-gst) */
  hsnCode: string;
  gstRate: GstRate;
};

export async function getProductFormExtras(productId: string, db: Db = getDb()): Promise<ProductFormExtras | null> {
  // Not one of our ids (a NUL in the URL is an error on PostgreSQL, not a miss): no such product.
  if (!isId(productId)) return null;
  return (await loadProductFormExtras(db, [productId])).get(productId) ?? null;
}

/**
 * The extras of many products (the form's one, a CSV export's or import's thousands), in three
 * queries per slice of ids whatever their number. Products that do not exist are not in the map.
 */
export async function loadProductFormExtras(db: Db, productIds: readonly string[]): Promise<Map<string, ProductFormExtras>> {
  const out = new Map<string, ProductFormExtras>();
  for (const ids of idChunks(productIds)) {
    const [products, variants, crops] = await Promise.all([
      db
        .selectFrom("product")
        .select([
          "id",
          "brand",
          "season",
          "dosage_amount",
          "dosage_unit",
          "how_to_use",
          "name_hi",
          "description_hi",
          "how_to_use_hi",
          "gallery",
          "regulated_as",
          "subsidised",
          "hsn_code",
          "gst_rate",
        ])
        .where("id", "in", ids)
        .execute(),
      db
        .selectFrom("product_variant")
        .select([
          "id",
          "product_id",
          "label",
          "pack_quantity",
          "pack_unit",
          "sku",
          "mrp_paise",
          "price_paise",
          "stock",
          "weight_grams",
          "price_breaks",
          "reorder_level",
        ])
        .where("product_id", "in", ids)
        .orderBy("product_id")
        .orderBy("position")
        .execute(),
      db
        .selectFrom("product_crop")
        .select(["product_id", "crop"])
        .where("product_id", "in", ids)
        .orderBy("product_id")
        .orderBy("crop")
        .execute(),
    ]);
    for (const p of products) {
      out.set(p.id, {
        variants: [],
        brand: p.brand,
        season: p.season,
        crops: [],
        dosageAmount: p.dosage_amount === null ? null : Number(p.dosage_amount),
        dosageUnit: p.dosage_unit,
        howToUse: p.how_to_use,
        nameHi: p.name_hi,
        descriptionHi: p.description_hi,
        howToUseHi: p.how_to_use_hi,
        gallery: parseGallery(p.gallery),
        regulatedAs: p.regulated_as,
        subsidised: Number(p.subsidised) === 1,
        hsnCode: p.hsn_code,
        gstRate: gstRateOf(p.gst_rate),
      });
    }
    for (const v of variants) {
      out.get(v.product_id)?.variants.push({
        id: v.id,
        label: v.label,
        packQuantity: Number(v.pack_quantity),
        packUnit: v.pack_unit,
        sku: v.sku,
        mrpPaise: Number(v.mrp_paise),
        pricePaise: Number(v.price_paise),
        stock: Number(v.stock),
        weightGrams: Number(v.weight_grams),
        priceBreaks: decodePriceBreaks(v.price_breaks),
        reorderLevel: v.reorder_level === null ? null : Number(v.reorder_level),
      });
    }
    for (const c of crops) out.get(c.product_id)?.crops.push(c.crop);
  }
  return out;
}
