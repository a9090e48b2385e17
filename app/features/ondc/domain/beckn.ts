import { z } from "zod";

/**
 * Beckn's calls as ONDC's retail 1.2.0 and AGR10 specifications use them (docs/decisions/073-ondc-calls.md):
 * the calls a buyer app makes of a seller app, and the context every message carries.
 */
export const ONDC_DOMAIN = "ONDC:AGR10";
export const ONDC_CORE_VERSION = "1.2.0";
/** IGM (grievances) has its own version. */
export const ONDC_IGM_VERSION = "1.0.0";

export const BUYER_CALLS = [
  "search",
  "select",
  "init",
  "confirm",
  "status",
  "track",
  "cancel",
  "update",
  "rating",
  "issue",
  "issue_status",
] as const;
export type BuyerCall = (typeof BUYER_CALLS)[number];
export type SellerCallback = `on_${BuyerCall}`;

export const isBuyerCall = (action: string): action is BuyerCall => (BUYER_CALLS as readonly string[]).includes(action);
export const callbackOf = (action: BuyerCall): SellerCallback => `on_${action}`;

/** A context's text: no NUL, which PostgreSQL's text refuses (a call carrying one is malformed: 30000). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !v.includes("\u0000"));

/** A message's context, as a buyer app sends it; unknown fields are kept (passthrough) and echoed nowhere. */
export const BecknContextSchema = z.looseObject({
  domain: text(40),
  country: text(8).optional(),
  city: text(40).optional(),
  action: text(40),
  core_version: text(16).optional(),
  bap_id: text(200),
  bap_uri: z.url().max(500),
  bpp_id: text(200).optional(),
  bpp_uri: z.url().max(500).optional(),
  transaction_id: text(100),
  message_id: text(100),
  timestamp: z.iso.datetime({ offset: true }),
  key: z.string().max(200).optional(),
  ttl: z.string().max(20).optional(),
  // IGM's context names them the same; its domain and version differ.
});
export type BecknContext = z.infer<typeof BecknContextSchema>;

/** A buyer app's call: its context and its message (checked by each call's own schema). */
export const BecknRequestSchema = z.object({ context: BecknContextSchema, message: z.unknown() });

/** The error of a NACK or of an `on_` callback (Beckn's Error: type, code, message). */
export type BecknError = {
  type: "CONTEXT-ERROR" | "CORE-ERROR" | "DOMAIN-ERROR" | "POLICY-ERROR" | "JSON-SCHEMA-ERROR";
  code: string;
  message: string;
};

/**
 * ONDC's error codes a seller app uses (ONDC-Official/developer-docs, protocol-network-extension/error-codes.md).
 * Business refusals go in the `on_` callback's `error`; NACKs are for calls we cannot take at all.
 */
export const ONDC_ERRORS = {
  invalidRequest: { type: "JSON-SCHEMA-ERROR", code: "30000", message: "Invalid request error" },
  providerNotFound: { type: "DOMAIN-ERROR", code: "30001", message: "Provider not found" },
  locationNotFound: { type: "DOMAIN-ERROR", code: "30002", message: "Provider location not found" },
  itemNotFound: { type: "DOMAIN-ERROR", code: "30004", message: "Item not found" },
  offerInvalid: { type: "DOMAIN-ERROR", code: "30006", message: "Offer code invalid" },
  /** The buyer's place (drop-off) is not served. */
  notServiceable: { type: "DOMAIN-ERROR", code: "30009", message: "Location Serviceability error" },
  invalidCancellationReason: { type: "POLICY-ERROR", code: "30012", message: "Invalid cancellation reason" },
  ratingNotFound: { type: "DOMAIN-ERROR", code: "30014", message: "Entity to rate not found" },
  invalidRating: { type: "DOMAIN-ERROR", code: "30015", message: "Invalid rating value" },
  /** The store does not take ONDC orders now (the admin's switch). */
  merchantUnavailable: { type: "DOMAIN-ERROR", code: "30017", message: "Merchant unavailable" },
  orderNotFound: { type: "DOMAIN-ERROR", code: "30018", message: "Order not found" },
  orderConfirmError: { type: "DOMAIN-ERROR", code: "30019", message: "Order Confirm Error" },
  staleRequest: { type: "CONTEXT-ERROR", code: "30022", message: "Stale Request" },
  businessError: { type: "DOMAIN-ERROR", code: "40000", message: "Business Error" },
  notApplicable: { type: "DOMAIN-ERROR", code: "40001", message: "Action not applicable" },
  /** Stock: the item, or its quantity, is not available. */
  itemOutOfStock: { type: "DOMAIN-ERROR", code: "40002", message: "Item quantity unavailable" },
  /** A quote (price) the buyer app sent that is not ours now: tampered or stale. */
  quoteUnavailable: { type: "DOMAIN-ERROR", code: "40003", message: "Quote unavailable" },
  paymentNotSupported: { type: "DOMAIN-ERROR", code: "40004", message: "Payment not supported" },
  trackingNotEnabled: { type: "DOMAIN-ERROR", code: "40005", message: "Tracking not enabled" },
  cancellationNotPossible: { type: "POLICY-ERROR", code: "50001", message: "Cancellation not possible" },
  updateNotPossible: { type: "POLICY-ERROR", code: "50002", message: "Updation not possible" },
  termsUnacceptable: { type: "POLICY-ERROR", code: "50005", message: "Terms unacceptable" },
} as const satisfies Record<string, BecknError>;
