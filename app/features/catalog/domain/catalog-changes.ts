import type { CatalogColumn, CatalogProduct } from "./catalog-csv";
import type { ProductFormInput } from "./product-form";
import { paiseToRupeeText } from "../../../platform/core/rupee-input";
import { defaultSku } from "./variants";
import { formatPriceBreaksInput } from "./price-breaks-input";

/** One change an import makes to a product, as the preview lists it. */
export type CatalogChange = { column: string; detail: string };

const short = (v: string | number | null | undefined) => {
  const text = v === null || v === undefined || v === "" ? "(blank)" : String(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};
const rupees = (paise: number) => paiseToRupeeText(paise);

/**
 * What importing `input` would change of `current`: nothing when the file says what the store
 * holds. Sizes are matched by their id; a size's blank SKU stands for the one it would be given.
 */
export function catalogChanges(current: CatalogProduct, input: ProductFormInput): CatalogChange[] {
  const out: CatalogChange[] = [];
  const field = (column: CatalogColumn, from: string | number | null, to: string | number | null) => {
    if (from !== to) out.push({ column, detail: `${short(from)} → ${short(to)}` });
  };
  field("name", current.name, input.name);
  field("name_hi", current.nameHi, input.nameHi);
  field("category", current.category, input.category);
  field("regulated_as", current.regulatedAs, input.regulatedAs);
  field("hsn_code", current.hsnCode, input.hsnCode);
  field("gst_rate", current.gstRate, input.gstRate);
  field("description", current.description, input.description);
  field("description_hi", current.descriptionHi, input.descriptionHi);
  field("how_to_use_hi", current.howToUseHi, input.howToUseHi);
  field("brand", current.brand, input.brand);
  field("crops", [...current.crops].sort().join(", "), [...input.crops].sort().join(", "));
  field("season", current.season, input.season);
  field("dosage_per_acre", current.dosageAmount, input.dosageAmount);
  field("dosage_unit", current.dosageUnit, input.dosageUnit);
  field("how_to_use", current.howToUse, input.howToUse);

  const byId = new Map(current.variants.map((v) => [v.id, v]));
  const kept = new Set<string>();
  for (const next of input.variants) {
    const was = next.id ? byId.get(next.id) : undefined;
    if (!was) {
      out.push({ column: "size_label", detail: `new size ${short(next.label)} at ₹${rupees(next.pricePaise)}` });
      continue;
    }
    kept.add(was.id);
    const size = (column: CatalogColumn, from: string | number, to: string | number) => {
      if (from !== to) out.push({ column, detail: `${short(was.label)}: ${short(from)} → ${short(to)}` });
    };
    size("size_label", was.label, next.label);
    size("pack_quantity", was.packQuantity, next.packQuantity);
    size("pack_unit", was.packUnit, next.packUnit);
    size("sku", was.sku, next.sku || defaultSku(was.id));
    size("mrp_rupees", rupees(was.mrpPaise), rupees(next.mrpPaise));
    size("price_rupees", rupees(was.pricePaise), rupees(next.pricePaise));
    size("stock", was.stock, next.stock);
    size("weight_grams", was.weightGrams, next.weightGrams);
    size("price_breaks", formatPriceBreaksInput(was.priceBreaks), formatPriceBreaksInput(next.priceBreaks));
  }
  for (const was of current.variants) {
    if (!kept.has(was.id)) out.push({ column: "size_label", detail: `size ${short(was.label)} (SKU ${was.sku}) removed` });
  }
  const order = (ids: (string | undefined)[]) => ids.filter((id): id is string => id !== undefined && kept.has(id)).join();
  if (order(current.variants.map((v) => v.id)) !== order(input.variants.map((v) => v.id)))
    out.push({ column: "size_label", detail: "sizes in a new order" });
  return out;
}
