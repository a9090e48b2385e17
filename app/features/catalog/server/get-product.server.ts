import { getDb } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { licensedToSell, licenceStatesOf } from "~/features/vendor-shops/server/licensed-listings.server";
import type { DeliveredProduct } from "~/features/vendor-shops/domain/territory";
import type { CropKey, Season } from "~/features/catalog/domain/crops";
import type { PackUnit } from "~/features/catalog/domain/pack-units";
import { type ProductCard, productText } from "~/features/catalog/domain/product-view";
import { packLabel } from "~/features/catalog/domain/pack-label";
import type { VariantView } from "~/features/catalog/domain/variants";
import { selectProductCard, toProductCard } from "./select-product-card.server";
import { parseGallery } from "./save-product.server";
import { listVariants } from "./variants.server";

/** A product's page: its card, its sizes in order, and what a farmer reads before buying. */
export type ProductDetail = ProductCard & {
  variants: VariantView[];
  brand: string | null;
  /** The vendor's business name, or null when the store sells it. */
  soldBy: string | null;
  /** Every picture, the cover first. */
  images: string[];
  crops: CropKey[];
  season: Season | null;
  dosage: { amount: number; unit: PackUnit } | null;
  /** In the request's language: its Hindi on a Hindi page where given (0025-how-to-use-hindi), else its English. */
  howToUse: string | null;
  /** What decides where it may be delivered (docs/decisions/057-territory.md). */
  regulation: Omit<DeliveredProduct, "name">;
};

/** A product on sale, or null (missing, archived, awaiting approval, or its seller's licence for it lapsed). */
export async function getProduct(id: string): Promise<ProductDetail | null> {
  if (!/^[a-z0-9]{6,40}$/.test(id)) return null;
  const db = getDb();
  const row = await selectProductCard(db.selectFrom("product"))
    .select([
      "product.brand",
      "product.gallery",
      "product.season",
      "product.dosage_amount",
      "product.dosage_unit",
      "product.how_to_use",
      "product.how_to_use_hi",
      "product.regulated_as",
      "product.subsidised",
      "product.vendor_id",
      licenceStatesOf("product").as("licence_states"),
      (eb) =>
        eb.selectFrom("vendor").select("vendor.business_name").whereRef("vendor.user_id", "=", "product.vendor_id").as("business_name"),
    ])
    .where("product.id", "=", id)
    .where("product.status", "=", "live")
    .where(licensedToSell("product", indiaToday()))
    .executeTakeFirst();
  if (!row) return null;
  const [variants, crops] = await Promise.all([
    listVariants(db, [id]),
    db.selectFrom("product_crop").select("crop").where("product_id", "=", id).orderBy("crop").execute(),
  ]);
  const {
    brand,
    gallery,
    season,
    dosage_amount,
    dosage_unit,
    how_to_use,
    how_to_use_hi,
    business_name,
    regulated_as,
    subsidised,
    vendor_id,
    licence_states,
    ...card
  } = row;
  return {
    ...toProductCard(card),
    // A Hindi page says the sizes in Hindi ("10 ग्राम").
    variants: (variants.get(id) ?? []).map((v) => ({ ...v, label: packLabel(v.label, currentLocale()) })),
    brand,
    soldBy: business_name,
    images: [card.image, ...parseGallery(gallery)],
    crops: crops.map((c) => c.crop),
    season,
    dosage: dosage_amount !== null && dosage_unit !== null ? { amount: Number(dosage_amount), unit: dosage_unit } : null,
    howToUse: productText(how_to_use ?? "", how_to_use_hi, currentLocale()) || null,
    regulation: { regulatedAs: regulated_as, vendorId: vendor_id, licenceStates: licence_states, subsidised: Number(subsidised) === 1 },
  };
}
