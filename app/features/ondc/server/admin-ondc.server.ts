import { z } from "zod";
import { type Db, getDb } from "~/platform/db/db.server";
import { isId } from "~/platform/ids";
import { formatPaise } from "~/platform/core/money";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { getBankTransferDetails } from "~/features/settings/server/payment-settings.server";
import { STORE_PROVIDER_ID } from "~/features/ondc/domain/catalog";
import { ondcConfig } from "./ondc-config.server";
import { readSellerLocations, type SellerLocation } from "./seller-locations.server";

/** One seller as the admin page lists it: the store or an approved vendor shop, and where it ships from, if set. */
export type OndcSellerRow = { providerId: string; name: string; location: SellerLocation | null };

/**
 * The sellers the catalogue can offer (the store, then each approved vendor shop by name) with the
 * location saved for each, so the admin sees which are left out of ONDC for want of one.
 */
export async function listOndcSellers(db: Db = getDb()): Promise<OndcSellerRow[]> {
  const [general, locations, shops] = await Promise.all([
    getGeneralSettings(db),
    readSellerLocations(db),
    db
      .selectFrom("vendor")
      .innerJoin("user", "user.id", "vendor.user_id")
      .select(["vendor.user_id", "vendor.business_name", "user.banned"])
      .where("user.role", "=", "vendor")
      .orderBy("vendor.business_name")
      .orderBy("vendor.user_id")
      .execute(),
  ]);
  return [
    { providerId: STORE_PROVIDER_ID, name: general.siteTitle, location: locations[STORE_PROVIDER_ID] ?? null },
    // A banned vendor's listings are suspended (approve-listings.server.ts), so its shop sells nothing on ONDC.
    ...shops
      .filter((s) => !s.banned)
      .map((s) => ({ providerId: s.user_id, name: s.business_name, location: locations[s.user_id] ?? null })),
  ];
}

/** Whether a provider id is one the admin may set a location for: the store, or an approved vendor shop. */
export async function isOndcSeller(providerId: string, db: Db = getDb()): Promise<boolean> {
  return (await listOndcSellers(db)).some((s) => s.providerId === providerId);
}

/**
 * Whether `init` can name the account the buyer app settles to: it refuses without the bank-transfer
 * account's number, IFSC and branch (calls/init.server.ts), so the admin is told what is missing.
 */
export async function readSettlementAccount(): Promise<{ complete: boolean; missing: string[] }> {
  const bank = await getBankTransferDetails();
  const missing = [!bank?.accountNumber && "account number", !bank?.ifscCode && "IFSC", !bank?.branchName && "branch"].filter(
    (m): m is string => typeof m === "string",
  );
  return { complete: missing.length === 0, missing };
}

/** The cities (`std:NNN`) the catalogue answers searches for, "*" for all, or null when ONDC is not configured. */
export function ondcCitiesServed(): "*" | string[] | null {
  const config = ondcConfig();
  if (!config) return null;
  return config.cities === "*" ? "*" : [...config.cities];
}

/** One logged message with its body pretty-printed (as stored when it is not JSON, e.g. cut at 64 KB). */
export async function readOndcMessage(id: string) {
  if (!isId(id)) return undefined;
  const m = await getDb().selectFrom("ondc_message").selectAll().where("id", "=", id).executeTakeFirst();
  if (!m) return undefined;
  let body = m.body;
  try {
    body = JSON.stringify(JSON.parse(m.body), null, 2);
  } catch {
    // A body that was not JSON, or was cut, is shown as it came.
  }
  return {
    id: m.id,
    direction: m.direction,
    action: m.action,
    transactionId: m.transaction_id,
    messageId: m.message_id,
    counterparty: m.counterparty,
    signature: m.signature,
    reason: m.reason,
    httpStatus: m.http_status === null ? null : Number(m.http_status),
    ack: m.ack,
    createdAt: m.created_at,
    body,
  };
}

/** The ONDC side of a store order, for its admin page: the buyer app, the transaction, payment and settlement. */
export async function readOndcOrderForAdmin(orderId: string) {
  const o = await getDb()
    .selectFrom("ondc_order")
    .select([
      "bap_id",
      "transaction_id",
      "state",
      "payment_type",
      "payment_collected_by",
      "payment_status",
      "payment_reference",
      "settlement",
    ])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!o) return null;
  return {
    bapId: o.bap_id,
    transactionId: o.transaction_id,
    state: o.state,
    paymentType: o.payment_type,
    paymentCollectedBy: o.payment_collected_by,
    paymentStatus: o.payment_status,
    paymentReference: o.payment_reference,
    settlement: settlementOf(o.settlement),
  };
}

const SettlementSchema = z.object({
  finderFeeType: z.string().optional(),
  finderFeeAmount: z.string().optional(),
  basis: z.string().optional(),
  window: z.string().optional(),
  withholdingPaise: z.number().int().optional(),
  bank: z.object({ accountName: z.string(), accountNumber: z.string(), bankName: z.string(), ifscCode: z.string() }).nullable().optional(),
});

/**
 * The settlement terms as the admin reads them, from what the orders code keeps in ondc_order.settlement:
 * the buyer app's finder fee, ONDC's settlement basis and window (`delivery`, `P1D`), the amount withheld,
 * and the store's bank account (its number's last four digits only). Anything else shows as it is.
 */
export function settlementOf(json: string | null): { label: string; value: string }[] {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [{ label: "Settlement", value: json.slice(0, 500) }];
  }
  const parsed = SettlementSchema.safeParse(raw);
  if (!parsed.success) return [{ label: "Settlement", value: json.slice(0, 500) }];
  const s = parsed.data;
  const rows: { label: string; value: string }[] = [];
  if (s.finderFeeAmount) {
    rows.push({
      label: "Buyer app's finder fee",
      value: s.finderFeeType === "percent" ? `${s.finderFeeAmount}%` : `₹${s.finderFeeAmount}`,
    });
  }
  if (s.basis) rows.push({ label: "Settlement basis", value: s.basis });
  if (s.window) rows.push({ label: "Settlement window", value: s.window });
  if (s.withholdingPaise !== undefined) rows.push({ label: "Withheld", value: formatPaise(s.withholdingPaise) });
  if (s.bank) {
    rows.push({
      label: "Settled to",
      value: `${s.bank.accountName}, ${s.bank.bankName} account ending ${s.bank.accountNumber.slice(-4)} (IFSC ${s.bank.ifscCode})`,
    });
  }
  return rows;
}
