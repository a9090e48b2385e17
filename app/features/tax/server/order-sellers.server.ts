import type { Db } from "~/platform/db/db.server";
import { validateGstin } from "~/features/tax/domain/gstin";
import { indianStateByGstCode } from "~/platform/core/indian-states";
import type { GeneralSettings } from "~/features/settings/domain/settings";
import { STORE_SELLER, sellerPrefix } from "~/features/tax/domain/tax-documents";

/**
 * Who sells an order's lines, as their tax invoices will name them: the store (its own products and
 * the delivery charge) and each vendor. Written onto the order when it is placed (`orders.sellers`),
 * so the invoices issued later say what was true when the customer bought.
 */
export type OrderSeller = {
  seller: string;
  name: string;
  address: string[];
  gstin: string;
  /** The GST State code of the registration (a legacy code read as its State's current one). */
  stateCode: string;
  stateName: string;
  /** The letters its document numbers start with. */
  prefix: string;
};

export type SellersResult = { ok: true; sellers: OrderSeller[] } | { ok: false; missing: string };

function registered(gstin: string): { stateCode: string; stateName: string; gstin: string } | null {
  const result = validateGstin(gstin);
  if (!result.ok) return null;
  const state = indianStateByGstCode(result.gstin.slice(0, 2));
  return state ? { gstin: result.gstin, stateCode: state.gstCode, stateName: state.name } : null;
}

/** The store as a seller, from General Settings. */
export function storeSeller(settings: GeneralSettings): OrderSeller | null {
  const reg = registered(settings.storeGstin);
  if (!reg) return null;
  return {
    seller: STORE_SELLER,
    name: settings.storeLegalName,
    address: settings.storeGstAddress
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    ...reg,
    prefix: sellerPrefix(null),
  };
}

/**
 * The store and the given vendors as sellers. A seller without a valid GSTIN cannot issue a tax
 * invoice, so the order cannot be taxed: `missing` names who it is, for the refusal.
 */
export async function orderSellers(db: Db, vendorIds: readonly string[], settings: GeneralSettings): Promise<SellersResult> {
  const store = storeSeller(settings);
  if (!store) return { ok: false, missing: `${settings.storeLegalName}'s GSTIN` };
  const sellers = [store];
  if (vendorIds.length === 0) return { ok: true, sellers };
  const vendors = await db
    .selectFrom("vendor")
    .select(["user_id", "business_name", "gst_number", "street", "city", "state", "pincode"])
    .where("user_id", "in", [...vendorIds])
    .orderBy("user_id")
    .execute();
  for (const id of [...vendorIds].sort()) {
    const v = vendors.find((row) => row.user_id === id);
    const reg = v ? registered(v.gst_number) : null;
    if (!v || !reg) return { ok: false, missing: `the GSTIN of ${v?.business_name ?? "a seller"}` };
    sellers.push({
      seller: v.user_id,
      name: v.business_name,
      address: [v.street, `${v.city}, ${v.state} ${v.pincode}`],
      ...reg,
      prefix: sellerPrefix(v.business_name),
    });
  }
  return { ok: true, sellers };
}

export function parseOrderSellers(json: string): OrderSeller[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? (parsed as OrderSeller[]) : [];
  } catch {
    return [];
  }
}
