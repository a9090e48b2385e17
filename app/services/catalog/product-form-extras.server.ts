import type { Db } from "~/db/db.server";
import { getDb } from "~/db/db.server";
import { isId } from "~/lib/ids";
import type { CropKey, Season } from "~/domain/crops";
import type { PackUnit } from "~/domain/pack-units";
import type { VariantInput } from "~/domain/variants";
import type { LicenceKind } from "~/domain/licences";
import { parseGallery } from "./save-product.server";

/** What an edit form shows beyond the product's own fields: its sizes, details for farmers, extra photos. */
export type ProductFormExtras = {
  variants: (Required<Pick<VariantInput, "id">> & VariantInput)[];
  brand: string | null;
  season: Season | null;
  crops: CropKey[];
  dosageAmount: number | null;
  dosageUnit: PackUnit | null;
  howToUse: string | null;
  gallery: string[];
  regulatedAs: LicenceKind | null;
};

export async function getProductFormExtras(productId: string, db: Db = getDb()): Promise<ProductFormExtras | null> {
  // Not one of our ids (a NUL in the URL is an error on PostgreSQL, not a miss): no such product.
  if (!isId(productId)) return null;
  const product = await db
    .selectFrom("product")
    .select(["brand", "season", "dosage_amount", "dosage_unit", "how_to_use", "gallery", "regulated_as"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) return null;
  const [variants, crops] = await Promise.all([
    db
      .selectFrom("product_variant")
      .select(["id", "label", "pack_quantity", "pack_unit", "sku", "mrp_paise", "price_paise", "stock", "weight_grams"])
      .where("product_id", "=", productId)
      .orderBy("position")
      .execute(),
    db.selectFrom("product_crop").select("crop").where("product_id", "=", productId).orderBy("crop").execute(),
  ]);
  return {
    variants: variants.map((v) => ({
      id: v.id,
      label: v.label,
      packQuantity: Number(v.pack_quantity),
      packUnit: v.pack_unit,
      sku: v.sku,
      mrpPaise: Number(v.mrp_paise),
      pricePaise: Number(v.price_paise),
      stock: Number(v.stock),
      weightGrams: Number(v.weight_grams),
    })),
    brand: product.brand,
    season: product.season,
    crops: crops.map((c) => c.crop),
    dosageAmount: product.dosage_amount === null ? null : Number(product.dosage_amount),
    dosageUnit: product.dosage_unit,
    howToUse: product.how_to_use,
    gallery: parseGallery(product.gallery),
    regulatedAs: product.regulated_as,
  };
}
