import { type Refusal, refusal } from "~/platform/core/refusal";

/** The most parts one kit may have, and of one part. */
export const MAX_KIT_PARTS = 12;
export const MAX_PART_QUANTITY = 99;

export type KitInput = {
  /** The SKU of the kit's own pack size (its product has that one size). */
  kitSku: string;
  /** The kit's price before GST, in paise, as every size's price is. */
  pricePaise: number;
  parts: { sku: string; quantity: number }[];
};

/**
 * What a kit's form can be checked for without the catalogue (docs/decisions/055-kits.md): a kit SKU,
 * a price above ₹0, one to MAX_KIT_PARTS parts, each SKU once and not the kit's own, each quantity a
 * whole number from 1 to 99. The SKUs' existence, a part that is itself a kit and the price against the
 * parts' are the service's (save-kit.server.ts). Blank part rows are left out before this.
 */
export function kitInputRefusal(input: KitInput): Refusal | null {
  const kitSku = input.kitSku.trim();
  if (!kitSku) return refusal("kits.kit_sku");
  if (!Number.isSafeInteger(input.pricePaise) || input.pricePaise <= 0) return refusal("kits.price");
  if (input.parts.length === 0) return refusal("kits.no_parts");
  if (input.parts.length > MAX_KIT_PARTS) return refusal("kits.too_many_parts", { max: MAX_KIT_PARTS });
  const seen = new Set<string>();
  for (const part of input.parts) {
    const sku = part.sku.trim();
    if (!sku) return refusal("kits.part_sku");
    if (sku.toLowerCase() === kitSku.toLowerCase()) return refusal("kits.part_is_itself");
    if (seen.has(sku.toLowerCase())) return refusal("kits.part_twice", { sku });
    seen.add(sku.toLowerCase());
    if (!Number.isSafeInteger(part.quantity) || part.quantity < 1 || part.quantity > MAX_PART_QUANTITY) {
      return refusal("kits.part_quantity", { sku, max: MAX_PART_QUANTITY });
    }
  }
  return null;
}

/** What a kit's parts cost bought apart: each part's price (or MRP) × its quantity, summed. */
export function partsTotal(parts: readonly { unitPaise: number; quantity: number }[]): number {
  return parts.reduce((sum, p) => sum + p.unitPaise * p.quantity, 0);
}

/** The part rows the admin's kit form shows. */
export const KIT_FORM_ROWS = 8;

/**
 * A kit form's fields as the service takes them: `kitSku`, `price` (rupees as typed), `part<i>Sku` and
 * `part<i>Qty`; rows with neither a SKU nor a quantity are left out. A price or quantity that is not a
 * number becomes one the rules refuse (0, NaN), so the refusal names it.
 */
export function readKitFields(fields: Record<string, string>, parseRupees: (text: string) => number | null): KitInput {
  const parts: KitInput["parts"] = [];
  for (let i = 0; i < KIT_FORM_ROWS; i++) {
    const sku = (fields[`part${i}Sku`] ?? "").trim();
    const qty = (fields[`part${i}Qty`] ?? "").trim();
    if (!sku && !qty) continue;
    parts.push({ sku, quantity: /^\d{1,3}$/.test(qty) ? Number(qty) : Number.NaN });
  }
  return { kitSku: fields.kitSku ?? "", pricePaise: parseRupees(fields.price ?? "") ?? 0, parts };
}
