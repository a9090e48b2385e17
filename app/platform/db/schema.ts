import type { ProductStatus } from "../../features/catalog/domain/product-status";
import type { ColumnType, SelectType } from "kysely";
import type { CategoryKey } from "../../features/catalog/domain/categories";
import type { CropKey, Season } from "../../features/catalog/domain/crops";
import type { PackUnit } from "../../features/catalog/domain/pack-units";
import type { OrderStatus } from "../../features/orders/domain/orders";
import type {
  Gateway,
  PaymentAttemptStatus,
  PaymentStatus,
  RefundReason,
  RefundStatus,
  StrayPaymentReason,
  StrayPaymentResolution,
} from "../../features/payments/domain/payments";
import type { TaxMode } from "../../features/tax/domain/gst";
import type { TaxDocumentKind } from "../../features/tax/domain/tax-documents";
import type { LicenceKind } from "../../features/vendor-shops/domain/licences";
import type { Locale } from "../i18n/locale";
import type { DB } from "./generated-types";

/*
 * The store's database as Kysely sees it. Every table and column, whether it may be null or has a
 * default, and its base type come from ./generated-types.ts, which `npm run db:types` writes from a
 * freshly migrated database (docs/decisions/034-generated-database-types.md). Here only the text
 * columns the app knows more about are narrowed to its own unions (an order's status, a category
 * key); a narrowing that names a column the migrations no longer make, or a type its column cannot
 * hold, fails the type check.
 *
 * Engines: the generated types are PostgreSQL's. SQLite runs the same migrations and has the same
 * tables and columns but for search (PostgreSQL's product.search_text; SQLite's product_search FTS5
 * table and its hidden product columns, both reached with raw SQL). Booleans read as 0/1 on SQLite,
 * Better Auth's times as ISO text, so their types admit both. Our own times are ISO-8601 UTC text
 * on both engines; money is integer paise (bigint on PostgreSQL, read as a number by db.server.ts).
 */

export type { ProductStatus };

export type OutboxChannel = "email" | "sms";
export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

/**
 * Every table, with what the app knows of it. A table written as DB["…"] is as generated; the
 * others narrow some columns (Narrow, below). A table the migrations no longer make fails the type
 * check here; a new one is in Database at once, as generated, until it is listed.
 */
interface Tables {
  /**
   * Better Auth's user plus ours: password_must_change_by (an admin-issued password works until then,
   * 0010), phoneNumber (a mobile verified by SMS, E.164, 0011), the "Messages" preferences,
   * verified_phone (the profile phone its owner proved, counted only while `phone` is still that
   * number, 0027), credentials_epoch (change-of-email links signed before it are refused, 0031) and
   * locale (the language last chosen with the switch, 0022).
   */
  user: Narrow<DB["user"], { locale: Locale }>;
  /** One-time sign-in codes (0011-mobile-sign-in): an HMAC of the code, never the code; user_id set for a profile phone's code (0027). */
  phone_code: DB["phone_code"];
  session: DB["session"];
  /** Better Auth's sign-in methods; the email + password one ("credential") holds the password hash. */
  account: DB["account"];
  /** Better Auth's one-time values: reset links and the like. */
  verification: DB["verification"];

  /**
   * A listing. price_paise and stock summarise its variants (lowest in-stock price, total stock,
   * 0013-pack-sizes); rating and reviews its visible reviews (0016); version is the edit forms'
   * optimistic lock (0006); gallery is a JSON array of picture paths after the cover; regulated_as
   * is what the law regulates it as (0017); hsn_code and gst_rate its GST (0019); *_hi its Hindi text.
   */
  product: Narrow<
    DB["product"],
    { category: CategoryKey; status: ProductStatus; season: Season; dosage_unit: PackUnit; regulated_as: LicenceKind }
  >;
  /** A pack size of a product (0013-pack-sizes). The first variant of a product made before it has the product's id. */
  product_variant: Narrow<DB["product_variant"], { pack_unit: PackUnit }>;
  /**
   * A product's crop (0014-crop-browsing). Insert product_id and crop only: the other columns are
   * copies of the product's, filled and kept by the database, so that a crop's page walks one index.
   */
  product_crop: Narrow<DB["product_crop"], { crop: CropKey; status: ProductStatus; category: CategoryKey; season: Season }>;
  /** Products per crop, status, category and season ('' for none), kept by triggers (0014-crop-browsing). */
  crop_count: Narrow<DB["crop_count"], { status: ProductStatus; crop: CropKey; category: CategoryKey; season: Season | "" }>;
  product_count: Narrow<DB["product_count"], { status: ProductStatus; category: CategoryKey }>;
  vendor: DB["vendor"];

  /**
   * An order. locale: the language it was placed in, its emails' language (0022). 0019-gst: its tax
   * mode, place of supply, the delivery charge's tax and its sellers as they were (JSON OrderSeller[]).
   * 0021-payments: payment_status is how the money stands apart from the status; payment_due_at ends
   * a prepaid order's stock hold; payment_reference is the gateway's payment id or a bank transfer's.
   */
  orders: Narrow<DB["orders"], { locale: Locale; status: OrderStatus; tax_mode: TaxMode; payment_status: PaymentStatus }>;
  /** A line as it was sold: name, price, pack size (label '' for one size), how it was taxed, and its parcel once shipped. */
  order_line: DB["order_line"];
  order_event: Narrow<DB["order_event"], { status: OrderStatus }>;
  setting: DB["setting"];
  contact_message: Narrow<DB["contact_message"], { kind: "contact" | "expert" }>;
  /** bucket_start is in epoch seconds. */
  rate_limit_bucket: DB["rate_limit_bucket"];
  /** A message waiting to be sent, sent, or failed (app/features/messaging/server). `payload` is JSON. */
  outbox: Narrow<DB["outbox"], { channel: OutboxChannel; status: OutboxStatus }>;

  /** One attempt to pay an order at a gateway (0021-payments): a Razorpay order or a Stripe Checkout Session. */
  payment: Narrow<DB["payment"], { gateway: Gateway; status: PaymentAttemptStatus }>;
  /**
   * Money going back to a customer (0021-payments): through the gateway, or a payout an admin records.
   * gateway_payment_id: the payment it returns when that is not its attempt's own (0026).
   */
  refund: Narrow<DB["refund"], { kind: "gateway" | "payout"; reason: RefundReason; status: RefundStatus }>;
  /**
   * A captured payment not applied to its order: second, late or mismatched (0026-payment-attention).
   * amount_paise 0: the gateway's message gave no usable amount; resolution null: it waits for an admin.
   */
  stray_payment: Narrow<DB["stray_payment"], { gateway: Gateway; reason: StrayPaymentReason; resolution: StrayPaymentResolution }>;
  /** A webhook event already applied (0021-payments). */
  gateway_event: DB["gateway_event"];
  /** A seller's parcel of an order (0021-payments); vendor_id null is the store's; tracking is a number or an https link. */
  shipment: DB["shipment"];
  /** A customer's request to return (part of) one order line (0021-payments); amount_paise is what approving it refunds. */
  return_request: Narrow<DB["return_request"], { status: "requested" | "approved" | "rejected"; payout_to: "upi" | "bank" }>;

  /** India's pincode directory (0015-pincode-directory); `source` is 'directory' or 'admin' (added by an admin). */
  pincode: DB["pincode"];
  /** A vendor's licence to sell one kind of regulated goods (0017-seller-licences, renamed by 0032); expires_on is its last day (YYYY-MM-DD, India). */
  vendor_licence: Narrow<DB["vendor_licence"], { kind: LicenceKind }>;
  /** The catalogue's version (0024): one row, bumped by triggers with every change the catalogue pages show; the page cache keys pages by it. */
  catalog_version: DB["catalog_version"];
  /** Two words or phrases a search treats as the same, lower case (0012-search-synonyms). */
  search_synonym: DB["search_synonym"];
  /**
   * A customer's rating and review of a product (0016-reviews), proved by a delivered order; or a
   * sample review of the sample catalogue (`sample` = 1, no customer or order). 0/1 flags.
   */
  review: DB["review"];
  /** A CSV upload waiting between its preview and "Apply import" (0018-catalog-imports); csv is its UTF-8 text. */
  catalog_import: Narrow<DB["catalog_import"], { scope: "admin" | "vendor" }>;
  /** An issued tax invoice or credit note (0019-gst): never updated; `snapshot` is its TaxDocument JSON. */
  tax_document: Narrow<DB["tax_document"], { kind: TaxDocumentKind }>;
  /** The last number issued in a series ("store:invoice", "<vendor id>:credit_note") in a financial year ("25-26"). */
  document_counter: DB["document_counter"];
  /** A product a customer saved to their private wishlist (0045-wishlist). */
  wishlist_item: DB["wishlist_item"];
  /**
   * "Tell me when it's back" for one sold-out size (0045-wishlist): its messages rendered when asked
   * (outbox payloads, null for a channel not used); a trigger queues them when the size's stock goes
   * from 0 to more and sets notified_at.
   */
  stock_alert: DB["stock_alert"];
  /** ONDC's protocol calls in and out, for support (0064-ondc). direction 'in'|'out'; signature 'verified'|'refused'|'signed', or 'unsigned' for the registry's on_subscribe. */
  ondc_message: Narrow<DB["ondc_message"], { direction: "in" | "out"; signature: "verified" | "refused" | "signed" | "unsigned" }>;
  /** One buyer app's transaction with the store on ONDC (0064-ondc); its JSON columns are written by app/features/ondc. */
  ondc_order: Narrow<DB["ondc_order"], { state: "selected" | "initialized" | "confirmed" | "cancelled" }>;
  /** A grievance raised through ONDC's IGM `issue` (0064-ondc). */
  ondc_issue: Narrow<DB["ondc_issue"], { status: "OPEN" | "PROCESSING" | "RESOLVED" | "CLOSED" }>;
}

export type Database = { [Name in keyof DB]: Name extends keyof Tables ? Tables[Name] : DB[Name] };

export type ProductTable = Database["product"];
export type ProductVariantTable = Database["product_variant"];
export type CatalogImportTable = Database["catalog_import"];
export type OutboxTable = Database["outbox"];

/**
 * Table T with the columns named in N narrowed to N's types. Only the value's type changes: null,
 * a default (Generated) and the insert/update types stay the generated column's. N may name only
 * T's columns, each with a type that fits the column's non-null value.
 */
type Narrow<T, N extends { [C in keyof N]: C extends keyof T ? Exclude<SelectType<T[C]>, null> : never }> = {
  [C in keyof T]: C extends keyof N ? NarrowColumn<T[C], N[C]> : T[C];
};
type NarrowColumn<Column, To> = [Column] extends [ColumnType<infer S, infer I, infer U>]
  ? ColumnType<KeepNull<S, To>, KeepNull<I, To>, KeepNull<U, To>>
  : KeepNull<Column, To>;
type KeepNull<T, To> = To | Extract<T, null | undefined>;
