import type { CatalogColumn } from "~/features/catalog/domain/catalog-csv";
import { CROP_KEYS } from "~/features/catalog/domain/crops";
import { GST_RATES } from "~/features/tax/domain/gst";
import { m } from "../../../platform/i18n/i18n.server";

const rates = () => GST_RATES.join(", ");
const crops = () => CROP_KEYS.join(", ");

/**
 * What the import page says about each column, in the request's language (messages/vendor,
 * vendor_import_help_<column>); the lists in it (GST rates, crop keys) are the domain's, filled in
 * here.
 */
export const CATALOG_COLUMN_HELP_TEXT: Record<CatalogColumn, () => string> = {
  product_id: () => m.vendor_import_help_product_id(),
  handle: () => m.vendor_import_help_handle(),
  version: () => m.vendor_import_help_version(),
  name: () => m.vendor_import_help_name(),
  name_hi: () => m.vendor_import_help_name_hi(),
  category: () => m.vendor_import_help_category(),
  regulated_as: () => m.vendor_import_help_regulated_as(),
  hsn_code: () => m.vendor_import_help_hsn_code(),
  gst_rate: () => m.vendor_import_help_gst_rate({ rates: rates() }),
  description: () => m.vendor_import_help_description(),
  description_hi: () => m.vendor_import_help_description_hi(),
  how_to_use_hi: () => m.vendor_import_help_how_to_use_hi(),
  brand: () => m.vendor_import_help_brand(),
  crops: () => m.vendor_import_help_crops({ crops: crops() }),
  season: () => m.vendor_import_help_season(),
  dosage_per_acre: () => m.vendor_import_help_dosage_per_acre(),
  dosage_unit: () => m.vendor_import_help_dosage_unit(),
  how_to_use: () => m.vendor_import_help_how_to_use(),
  image: () => m.vendor_import_help_image(),
  variant_id: () => m.vendor_import_help_variant_id(),
  size_label: () => m.vendor_import_help_size_label(),
  pack_quantity: () => m.vendor_import_help_pack_quantity(),
  pack_unit: () => m.vendor_import_help_pack_unit(),
  sku: () => m.vendor_import_help_sku(),
  mrp_rupees: () => m.vendor_import_help_mrp_rupees(),
  price_rupees: () => m.vendor_import_help_price_rupees(),
  stock: () => m.vendor_import_help_stock(),
  weight_grams: () => m.vendor_import_help_weight_grams(),
  price_breaks: () => m.vendor_import_help_price_breaks(),
};

/** A column's help in the request's language (the admin panel's is always English). */
export const catalogColumnHelp = (column: CatalogColumn): string => CATALOG_COLUMN_HELP_TEXT[column]();
