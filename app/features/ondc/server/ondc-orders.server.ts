import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "~/platform/db/schema";
import { type Db, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { formatMobile, normaliseMobile } from "~/features/accounts/domain/mobile";
import type { Customer } from "~/features/orders/server/place-order.server";
import { type BecknContext, type BecknError, ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { deliveryFulfillmentOf, ondcQuote, rupeesOf, sellerLocationOf, type StoreQuote, tatOf } from "~/features/ondc/domain/quote";
import {
  ONDC_FULFILLMENT_STATE,
  ONDC_ORDER_STATE,
  type OndcBilling,
  type OndcPaymentType,
  SETTLEMENT_BASIS,
  SETTLEMENT_WINDOW,
  type StoreOrderStatus,
} from "~/features/ondc/domain/order-object";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { readSetting } from "~/features/settings/server/save-setting.server";
import { INDIAN_STATE_NAMES } from "~/platform/core/indian-states";
import { orderLinkToken } from "~/features/orders/server/order-link-token.server";
import { getEnv } from "~/platform/env.server";
import { type OndcDelivery, STORE_PROVIDER } from "./ondc-quote.server";

/*
 * One buyer app's transaction with the store (ondc_order, docs/decisions/075-ondc-orders.md): what
 * select, init and confirm wrote, the store's account for the buyer, and the ONDC order object every
 * later callback carries, built from the row and the store's order as it is now.
 */

export type OndcOrderRow = Selectable<Database["ondc_order"]>;

/** What ondc_order.quote keeps: the quote in paise and the delivery answer it was made with. */
export type SavedQuote = StoreQuote & {
  delivery: OndcDelivery;
  gps?: string;
  /** The provider's locations the buyer app named in select (ONDC asks for them back in every order object). */
  locations?: { id: string }[];
};

/** What ondc_order.settlement keeps: the terms of the order's money between the buyer app and the store. */
export type Settlement = {
  finderFeeType?: string;
  finderFeeAmount?: string;
  basis: string;
  window: string;
  withholdingPaise: number;
  /** The store's bank account the buyer app settles to (the bank-transfer method's details), when set. */
  bank: { accountName: string; accountNumber: string; bankName: string; branchName?: string; ifscCode: string } | null;
};

export async function readOndcOrder(bapId: string, transactionId: string, db: Db = getDb()): Promise<OndcOrderRow | undefined> {
  return db.selectFrom("ondc_order").selectAll().where("bap_id", "=", bapId).where("transaction_id", "=", transactionId).executeTakeFirst();
}

/**
 * The transaction's row as select or init leaves it: made on the first call (keyed by the buyer app
 * and its transaction id), its quote and state replaced on the next while it is not yet confirmed.
 * A confirmed or cancelled transaction keeps its row: the caller answers from it.
 */
export async function saveQuotedStep(
  context: BecknContext,
  state: "selected" | "initialized",
  values: Partial<Pick<OndcOrderRow, "quote" | "billing" | "fulfillment" | "payment_type" | "payment_collected_by" | "settlement">> & {
    provider_id: string;
  },
): Promise<void> {
  const db = getDb();
  const now = new Date().toISOString();
  await db
    .insertInto("ondc_order")
    .values({
      id: newId(),
      bap_id: context.bap_id,
      bap_uri: context.bap_uri,
      transaction_id: context.transaction_id,
      city: context.city ?? null,
      state,
      created_at: now,
      updated_at: now,
      ...values,
    })
    .onConflict((oc) => oc.columns(["bap_id", "transaction_id"]).doNothing())
    .execute();
  await db
    .updateTable("ondc_order")
    .set({ ...values, state, bap_uri: context.bap_uri, updated_at: now })
    .where("bap_id", "=", context.bap_id)
    .where("transaction_id", "=", context.transaction_id)
    .where("state", "in", ["selected", "initialized"])
    .execute();
}

/**
 * The store's account for one ONDC end buyer, keyed by the buyer app and the billing phone: a
 * customer ("user") with no password and no sign-in number, so nobody signs in to it, and an email
 * under the reserved `.invalid` domain that no mail is ever sent to (hasRealEmail), distinct per buyer
 * app. The buyer's name and phone are their billing's. Made at the first confirm; found after.
 */
export function ondcCustomerEmail(bapId: string, phone: string): string {
  const app = createHash("sha256").update(bapId).digest("hex").slice(0, 12);
  // One buyer however the app writes their number: "98765 43210", "+919876543210" and "09876543210" are one.
  const number = normaliseMobile(phone) ?? phone;
  return `ondc-${app}-${number.replace(/\D/g, "")}@ondc.angle.invalid`;
}

/** The billing phone as the store writes a phone: an Indian mobile formatted, else its digits. */
export function billingPhone(billing: Pick<OndcBilling, "phone">): string {
  const mobile = normaliseMobile(billing.phone);
  return mobile ? formatMobile(mobile) : billing.phone.replace(/[^\d+]/g, "");
}

export async function findOndcCustomer(bapId: string, billing: Pick<OndcBilling, "phone">): Promise<Customer | null> {
  const email = ondcCustomerEmail(bapId, billing.phone);
  const row = await getDb().selectFrom("user").select(["id", "name", "email"]).where("email", "=", email).executeTakeFirst();
  return row ?? null;
}

export async function ensureOndcCustomer(bapId: string, billing: OndcBilling): Promise<Customer> {
  const known = await findOndcCustomer(bapId, billing);
  if (known) return known;
  const now = new Date().toISOString();
  const customer = { id: newId(24), name: billing.name.slice(0, 100), email: ondcCustomerEmail(bapId, billing.phone) };
  try {
    await getDb()
      .insertInto("user")
      .values({ ...customer, emailVerified: false, role: "user", phone: billingPhone(billing), createdAt: now, updatedAt: now })
      .execute();
  } catch (error) {
    // Two confirms of one buyer at once: the first one's account (the email is unique).
    const first = await findOndcCustomer(bapId, billing);
    if (first) return first;
    throw error;
  }
  return customer;
}

/** The checkout key of the transaction's order: the same for every confirm of it, so a repeat finds the first order. */
export function ondcCheckoutKey(bapId: string, transactionId: string): string {
  return `ondc-${createHash("sha256").update(`${bapId}\n${transactionId}`).digest("hex").slice(0, 48)}`;
}

const parsed = <T>(json: string | null): T | null => (json ? (JSON.parse(json) as T) : null);

/** When an order's goods were handed to the courier (its last parcel) and delivered; null until then. */
export type OrderTimes = { pickedUpAt: string | null; deliveredAt: string | null };

export async function orderTimes(orderId: string, db: Db = getDb()): Promise<OrderTimes> {
  const [shipped, delivered] = await Promise.all([
    db.selectFrom("shipment").select("shipped_at").where("order_id", "=", orderId).orderBy("shipped_at", "desc").executeTakeFirst(),
    db
      .selectFrom("order_event")
      .select("created_at")
      .where("order_id", "=", orderId)
      .where("status", "=", "delivered")
      .orderBy("created_at", "desc")
      .executeTakeFirst(),
  ]);
  return { pickedUpAt: shipped?.shipped_at ?? null, deliveredAt: delivered?.created_at ?? null };
}

/**
 * A fulfilment end's `time`: the window promised (from the order, `days` days) and, once it happened,
 * when (ONDC asks for the pickup's and the delivery's timestamps only then).
 */
function timeOf(from: string, days: number, at: string | null | undefined) {
  const end = new Date(Date.parse(from) + days * 86_400_000).toISOString();
  return { range: { start: from, end }, ...(at ? { timestamp: at } : {}) };
}

/** The store's order as an ONDC order object reads it. */
export type StoreOrderView = {
  id: string;
  status: StoreOrderStatus;
  paymentStatus: string;
  totalPaise: number;
  createdAt: string;
  updatedAt: string;
};

export async function readStoreOrder(orderId: string, db: Db = getDb()): Promise<StoreOrderView | null> {
  const row = await db
    .selectFrom("orders")
    .select(["id", "status", "payment_status", "total_paise", "created_at", "updated_at"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status as StoreOrderStatus,
    paymentStatus: row.payment_status,
    totalPaise: Number(row.total_paise),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The payment object of on_init and every later order callback. */
export function paymentObject(
  row: Pick<OndcOrderRow, "payment_type" | "payment_collected_by" | "payment_status" | "payment_reference" | "settlement">,
  totalPaise: number,
) {
  const settlement = parsed<Settlement>(row.settlement);
  const type = (row.payment_type ?? "ON-ORDER") as OndcPaymentType;
  const bank = settlement?.bank;
  return {
    type,
    collected_by: row.payment_collected_by ?? (type === "ON-ORDER" ? "BAP" : "BPP"),
    status: row.payment_status ?? "NOT-PAID",
    params: {
      amount: rupeesOf(totalPaise),
      currency: "INR",
      ...(row.payment_reference ? { transaction_id: row.payment_reference } : {}),
    },
    ...(settlement?.finderFeeType ? { "@ondc/org/buyer_app_finder_fee_type": settlement.finderFeeType } : {}),
    ...(settlement?.finderFeeAmount ? { "@ondc/org/buyer_app_finder_fee_amount": settlement.finderFeeAmount } : {}),
    "@ondc/org/settlement_basis": settlement?.basis ?? SETTLEMENT_BASIS,
    "@ondc/org/settlement_window": settlement?.window ?? SETTLEMENT_WINDOW,
    "@ondc/org/withholding_amount": rupeesOf(settlement?.withholdingPaise ?? 0),
    ...(bank
      ? {
          "@ondc/org/settlement_details": [
            {
              // Money the buyer app collected comes to the store; cash the store collected owes the buyer app its fee.
              settlement_counterparty: type === "ON-ORDER" ? "seller-app" : "buyer-app",
              settlement_phase: "sale-amount",
              settlement_type: "neft",
              beneficiary_name: bank.accountName,
              settlement_bank_account_no: bank.accountNumber,
              settlement_ifsc_code: bank.ifscCode,
              bank_name: bank.bankName,
              // The branch as Payment Settings name it (init refuses to go on without it).
              branch_name: bank.branchName ?? "",
            },
          ],
        }
      : {}),
  };
}

/**
 * The ONDC order object: the items, billing, fulfilment and quote as the transaction recorded them,
 * the payment and its settlement terms, the seller's GSTIN among the terms, and, once the store has
 * the order, its id on ONDC, its state and its fulfilment's state from the store's status.
 */
export function ondcOrderObject(
  row: OndcOrderRow,
  extra: {
    storeName: string;
    gstin: string;
    order?: StoreOrderView | null;
    documents?: readonly OndcDocument[];
    /** Where the goods leave from, once there is an order (sellerStart). */
    start?: SellerStart | null;
    /** When the goods were handed to the courier and delivered, when they were (orderTimes). */
    times?: OrderTimes;
    /** The order's updated_at when it must be the callback's own instant (on_confirm). */
    updatedAt?: string;
  },
) {
  const quote = parsed<SavedQuote>(row.quote);
  const given = parsed<Record<string, unknown>>(row.billing);
  // ONDC's billing carries when it was given; the transaction's first call stands for it when the buyer app left it out.
  const billing = given ? { created_at: row.created_at, updated_at: row.created_at, ...given } : null;
  const end = parsed<Record<string, unknown>>(row.fulfillment);
  const order = extra.order ?? null;
  const providerId = row.provider_id ?? quote?.providerId ?? "";
  const fulfillmentId = deliveryFulfillmentOf(providerId);
  // Money the store has received; cash on delivery is received when the order is delivered.
  const paidNow =
    order !== null &&
    (["paid", "partly_refunded", "refunded"].includes(order.paymentStatus) ||
      (row.payment_type === "ON-FULFILLMENT" && order.status === "delivered"));
  const fulfillmentState = order ? ONDC_FULFILLMENT_STATE[order.status] : null;
  // A cancelled order's quote is nothing left to pay: each item at a count of 0, as ONDC's on_cancel shows it.
  const cancelled = order?.status === "cancelled";
  const shown: StoreQuote | null =
    quote && cancelled
      ? { ...quote, lines: quote.lines.map((l) => ({ ...l, count: 0, discountPaise: 0, taxPaise: 0 })), deliveryPaise: 0, totalPaise: 0 }
      : quote;
  return {
    ...(order ? { id: row.bap_order_id ?? order.id, state: ONDC_ORDER_STATE[order.status] } : {}),
    provider: { id: providerId, locations: quote?.locations ?? [{ id: sellerLocationOf(providerId) }] },
    // The items as ordered; a cancelled order's quote (below) says that nothing of them is charged.
    items: (quote?.lines ?? []).map((l) => ({ id: l.itemId, quantity: { count: l.count }, fulfillment_id: fulfillmentId })),
    ...(billing ? { billing } : {}),
    fulfillments: [
      {
        id: fulfillmentId,
        type: "Delivery",
        tracking: false,
        "@ondc/org/provider_name": extra.storeName,
        "@ondc/org/category": "Standard Delivery",
        ...(quote ? { "@ondc/org/TAT": tatOf(quote.delivery.tatDays) } : {}),
        ...(order && extra.start ? { start: { ...extra.start, time: timeOf(order.createdAt, 1, extra.times?.pickedUpAt) } } : {}),
        ...(end
          ? { end: order ? { ...end, time: timeOf(order.createdAt, quote?.delivery.tatDays ?? 1, extra.times?.deliveredAt) } : end }
          : {}),
        ...(fulfillmentState ? { state: { descriptor: { code: fulfillmentState } } } : {}),
        // Once on its way: the store's courier takes it from the seller to the buyer (ONDC's routing type P2P).
        ...(extra.times?.pickedUpAt ? { tags: [{ code: "routing", list: [{ code: "type", value: "P2P" }] }] } : {}),
      },
    ],
    ...(shown ? { quote: ondcQuote(shown) } : {}),
    payment: paidPayment(paymentObject(row, quote?.totalPaise ?? 0), paidNow, order?.id ?? null),
    // The seller's GSTIN, and the PAN within it (ONDC's utility checks the two agree).
    tags: [
      {
        code: "bpp_terms",
        list: [
          { code: "tax_number", value: extra.gstin },
          { code: "provider_tax_number", value: extra.gstin.slice(2, 12) },
        ],
      },
    ],
    // ONDC lists the invoice once the goods are picked up, not before (the utility's on_status rules).
    ...(extra.documents?.length && (order?.status === "shipped" || order?.status === "delivered") ? { documents: extra.documents } : {}),
    ...(order ? { created_at: row.bap_created_at ?? order.createdAt, updated_at: extra.updatedAt ?? order.updatedAt } : {}),
  };
}

/**
 * The payment as it stands: PAID once the store has the money. Cash collected on delivery has no
 * payment transaction, so ONDC's transaction id for it is the store's order id.
 */
function paidPayment<P extends { status: string; params: { transaction_id?: string } & Record<string, unknown> }>(
  payment: P,
  paid: boolean,
  orderId: string | null,
): P {
  if (!paid) return payment;
  const transactionId = payment.params.transaction_id ?? orderId;
  return { ...payment, status: "PAID", params: { ...payment.params, ...(transactionId ? { transaction_id: transactionId } : {}) } };
}

/** Marks the transaction confirmed with its order, in the caller's transaction when it has one. */
export async function markConfirmed(
  db: Db,
  row: Pick<OndcOrderRow, "id">,
  values: Pick<
    OndcOrderRow,
    | "order_id"
    | "bap_order_id"
    | "bap_created_at"
    | "payment_type"
    | "payment_collected_by"
    | "payment_status"
    | "payment_reference"
    | "settlement"
    | "last_status_sent"
  >,
) {
  await db
    .updateTable("ondc_order")
    .set({ ...values, state: "confirmed", updated_at: new Date().toISOString() })
    .where("id", "=", row.id)
    .execute();
}

/**
 * Where select and init start: the provider must be a seller here (30001 otherwise), and the transaction
 * not yet an order (a confirmed or cancelled one's quote is the order's: 40003 when asked again).
 */
export async function openTransaction(
  context: BecknContext,
  providerId: string,
): Promise<{ error: BecknError } | { seller: { name: string; gstin: string }; existing: OndcOrderRow | undefined }> {
  const seller = await sellerOf(providerId);
  if (!seller) return { error: ONDC_ERRORS.providerNotFound };
  const existing = await readOndcOrder(context.bap_id, context.transaction_id);
  if (existing && (existing.state === "confirmed" || existing.state === "cancelled")) return { error: ONDC_ERRORS.quoteUnavailable };
  return { seller, existing };
}

/** The seller behind a provider id: the store itself, or a vendor shop; its name and GSTIN, as its invoices carry them. */
export async function sellerOf(providerId: string): Promise<{ name: string; gstin: string } | null> {
  if (providerId === STORE_PROVIDER) {
    const settings = await getGeneralSettings();
    return { name: settings.siteTitle, gstin: settings.storeGstin };
  }
  const vendor = await getDb()
    .selectFrom("vendor")
    .select(["business_name", "gst_number"])
    .where("user_id", "=", providerId)
    .executeTakeFirst();
  return vendor ? { name: vendor.business_name, gstin: vendor.gst_number } : null;
}

/**
 * The transaction's order a later call (status, track, cancel, update) names, with the store's order
 * as it is now and its seller: the transaction must have become an order, and the id the call names
 * must be its id on ONDC (or the store's own). Null otherwise: ONDC's 30018 "Order not found".
 */
export async function readOrderOfCall(context: BecknContext, orderId: string) {
  const row = await readOndcOrder(context.bap_id, context.transaction_id);
  if (!row?.order_id || (orderId !== row.bap_order_id && orderId !== row.order_id)) return null;
  const [order, seller, documents, start] = await Promise.all([
    readStoreOrder(row.order_id),
    sellerOf(row.provider_id ?? ""),
    invoiceDocuments(row.order_id),
    sellerStart(row.provider_id ?? ""),
  ]);
  if (!order) return null;
  const times = await orderTimes(order.id);
  return { row, order, seller: seller ?? { name: "", gstin: "" }, documents, start, times };
}

/** The order object of the transaction's order as it is now. */
export function orderNow(found: NonNullable<Awaited<ReturnType<typeof readOrderOfCall>>>) {
  return ondcOrderObject(found.row, {
    storeName: found.seller.name,
    gstin: found.seller.gstin,
    order: found.order,
    documents: found.documents,
    start: found.start,
    times: found.times,
  });
}

/** A fulfilment's start as ONDC's on_confirm asks for it: the seller's location, its address and a phone. */
export type SellerStart = {
  location: {
    id: string;
    descriptor: { name: string };
    gps: string;
    address: { locality: string; city: string; state: string; area_code: string };
  };
  contact: { phone: string };
};

/**
 * Where a seller's goods leave from: its location's GPS as the catalogue keeps it (the setting
 * `ondc_locations`, by provider id: docs/decisions/074-ondc-catalog.md), and its address: a vendor's
 * business address, or the store's registered (GST) address read into its parts. Null without a GPS:
 * ONDC asks for one, and none is better than a made-up one.
 */
export async function sellerStart(providerId: string): Promise<SellerStart | null> {
  let gps: string | undefined;
  try {
    const saved = JSON.parse((await readSetting("ondc_locations")) ?? "{}") as Record<string, { gps?: unknown }>;
    const found = saved[providerId]?.gps;
    gps = typeof found === "string" ? found : undefined;
  } catch {
    gps = undefined;
  }
  if (!gps) return null;
  const seller = await sellerOf(providerId);
  if (!seller) return null;
  const at = gps;
  const location = (address: SellerStart["location"]["address"]) => ({
    id: sellerLocationOf(providerId),
    descriptor: { name: seller.name },
    gps: at,
    address,
  });
  if (providerId !== STORE_PROVIDER) {
    const vendor = await getDb()
      .selectFrom("vendor")
      .select(["street", "city", "state", "pincode", "phone"])
      .where("user_id", "=", providerId)
      .executeTakeFirst();
    if (!vendor) return null;
    return {
      location: location({ locality: vendor.street, city: vendor.city, state: vendor.state, area_code: vendor.pincode }),
      contact: { phone: phoneForOndc(vendor.phone) },
    };
  }
  const settings = await getGeneralSettings();
  const text = settings.storeGstAddress.replace(/\s+/g, " ").trim();
  const state = INDIAN_STATE_NAMES.find((name) => text.includes(name)) ?? "";
  const before = state ? text.slice(0, text.lastIndexOf(state)) : text;
  const parts = before
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    location: location({
      locality: parts.slice(0, -1).join(", ") || text,
      city: parts.at(-1) ?? "",
      state,
      area_code: /(\d{6})\D*$/.exec(text)?.[1] ?? "",
    }),
    contact: { phone: phoneForOndc(settings.supportPhone) },
  };
}

/** A phone as ONDC writes it (10 or 11 digits): the national number, without +91. */
function phoneForOndc(phone: string): string {
  return phone
    .replace(/\D/g, "")
    .replace(/^91(?=\d{10}$)/, "")
    .slice(-11);
}

/** A document of the order as ONDC's order object lists it (retail 1.2: `documents[]` with `url` and `label`). */
export type OndcDocument = { url: string; label: "Invoice" };

/**
 * The order's tax invoices, once issued, as signed links that open each one without a sign-in
 * (/documents/:id?t=…): the buyer app passes them to its buyer, who has no account to sign in to.
 */
export async function invoiceDocuments(orderId: string, db: Db = getDb()): Promise<OndcDocument[]> {
  const rows = await db
    .selectFrom("tax_document")
    .select("id")
    .where("order_id", "=", orderId)
    .where("kind", "=", "invoice")
    .orderBy("issued_at")
    .orderBy("id")
    .execute();
  const base = getEnv().BASE_URL;
  return rows.map((r) => ({ url: `${base}/documents/${r.id}?t=${orderLinkToken("document", r.id)}`, label: "Invoice" }));
}
