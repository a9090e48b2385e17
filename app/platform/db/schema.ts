import type { Generated } from "kysely";
import type { CategoryKey } from "../../features/catalog/domain/categories";
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
import type { CropKey, Season } from "../../features/catalog/domain/crops";
import type { PackUnit } from "../../features/catalog/domain/pack-units";
import type { LicenceKind } from "../../features/vendor-shops/domain/licences";
import type { TaxMode } from "../../features/tax/domain/gst";
import type { Locale } from "../i18n/locale";
import type { TaxDocumentKind } from "../../features/tax/domain/tax-documents";

/** Times are ISO-8601 UTC strings on both engines; money is integer paise. */
export type IsoTime = string;

/**
 * "suspended": a live listing whose vendor is suspended; it goes back to "live" on reactivation.
 * "unlicensed": an approved listing whose vendor has no verified, unexpired licence for what it is
 * regulated as (0017-seller-licences); it goes back to "live" when the licence is verified.
 */
export type ProductStatus = "live" | "pending" | "rejected" | "archived" | "suspended" | "unlicensed";

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  role: string | null;
  banned: number | boolean | null;
  banReason: string | null;
  banExpires: string | Date | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  /** An admin-issued password works until then (0010-temporary-passwords); null once the person set their own. */
  password_must_change_by: IsoTime | null;
  /** A mobile number verified by an SMS code, E.164 (+91…); Better Auth's phoneNumber plugin (0011-mobile-sign-in). */
  phoneNumber: string | null;
  phoneNumberVerified: number | boolean | null;
  /** "Messages" preferences on /account: order updates by SMS (opt-in), non-essential emails (opt-out). */
  sms_order_updates: Generated<number | boolean>;
  non_essential_emails: Generated<number | boolean>;
  /** The profile phone (E.164) its owner proved with an SMS code; counts only while `phone` is still that number (0027-verified-phone). */
  verified_phone: string | null;
  /** Last password reset, password change or first confirmation; change-of-email links signed before it are refused (0031-credentials-epoch). */
  credentials_epoch: IsoTime | null;
  /** The language last chosen with the switch (0022-languages); null until then. */
  locale: Locale | null;
}

/** One-time sign-in codes (0011-mobile-sign-in): an HMAC of the code, never the code. */
export interface PhoneCodeTable {
  id: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: IsoTime;
  consumed_at: IsoTime | null;
  created_at: IsoTime;
  /** The account whose profile phone the code verifies; null for a sign-in code (0027-verified-phone). */
  user_id: string | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
}

/** Better Auth's sign-in methods; the email + password one ("credential") holds the password hash. */
export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
  password: string | null;
  updatedAt: string | Date;
}

export interface ProductTable {
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  price_paise: number;
  stock: number;
  /** The average of the visible reviews (one decimal) and their count, written with every review change (0016-reviews). */
  rating: number;
  reviews: number;
  image: string;
  vendor_id: string | null;
  status: ProductStatus;
  reject_reason: string | null;
  /** Adds 1 on every write: the optimistic lock of the edit forms (migration 0006). */
  version: Generated<number>;
  created_at: IsoTime;
  updated_at: IsoTime;
  // 0013-pack-sizes: price_paise and stock above summarise the variants (lowest in-stock price,
  // total stock); these go with them. The rest are the farmer-facing details.
  mrp_paise: number | null;
  price_varies: Generated<number | boolean>;
  variant_count: Generated<number>;
  brand: string | null;
  /** JSON array of picture paths shown after the cover (`image`). */
  gallery: Generated<string>;
  season: Season | null;
  dosage_amount: number | null;
  dosage_unit: PackUnit | null;
  how_to_use: string | null;
  /** What the law regulates it as (0017-seller-licences): from the category, or "pesticide" chosen for a fertilizers product. */
  regulated_as: LicenceKind | null;
  /** 0019-gst: the HSN heading (4–8 digits; '' only for a product made before it) and GST rate in percent. */
  hsn_code: Generated<string>;
  gst_rate: Generated<number>;
  /** 0023-hindi-catalogue: the Hindi name and description, shown on Hindi pages where given (else the English). */
  name_hi: string | null;
  description_hi: string | null;
  /** 0025-how-to-use-hindi: "how to use" in Hindi, shown on Hindi pages where given (else how_to_use). */
  how_to_use_hi: string | null;
}

/** A pack size of a product (0013-pack-sizes). The first variant of a product made before it has the product's id. */
export interface ProductVariantTable {
  id: string;
  product_id: string;
  position: number;
  label: string;
  pack_quantity: number;
  pack_unit: PackUnit;
  sku: string;
  mrp_paise: number;
  price_paise: number;
  stock: number;
  weight_grams: number;
}

export interface ProductCropTable {
  product_id: string;
  crop: CropKey;
  // 0014-crop-browsing: copies of the product's, filled and kept by the database (insert only the
  // two columns above), so that a crop's page walks one product_crop index.
  status: Generated<ProductStatus>;
  category: Generated<CategoryKey>;
  season: Generated<Season | null>;
  name_key: Generated<string>;
  price_paise: Generated<number>;
  rating: Generated<number>;
  reviews: Generated<number>;
}

/** Products per crop, status, category and season ('' for none), kept by triggers (0014-crop-browsing). */
export interface CropCountTable {
  status: ProductStatus;
  crop: CropKey;
  category: CategoryKey;
  season: Season | "";
  n: number;
}

export interface VendorTable {
  user_id: string;
  business_name: string;
  phone: string;
  gst_number: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  created_at: IsoTime;
}

export interface OrderTable {
  id: string;
  user_id: string;
  /** The language the order was placed in; its emails are written in it (0022-languages). */
  locale: Generated<Locale>;
  checkout_key: string;
  status: OrderStatus;
  payment_method: string;
  subtotal_paise: number;
  shipping_paise: number;
  tax_paise: number;
  total_paise: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** 0019-gst: the tax mode it was placed under, its place of supply, the delivery charge's tax, and its sellers as they were (JSON OrderSeller[]). */
  tax_mode: Generated<TaxMode>;
  buyer_state_code: Generated<string>;
  shipping_gst_rate: Generated<number>;
  shipping_cgst_paise: Generated<number>;
  shipping_sgst_paise: Generated<number>;
  shipping_igst_paise: Generated<number>;
  sellers: Generated<string>;
  /** 0021-payments: how the money stands, apart from the order's status (docs/decisions/023-payments.md). */
  payment_status: Generated<PaymentStatus>;
  /** A prepaid order's stock hold ends then: unpaid by that time, it is cancelled. */
  payment_due_at: IsoTime | null;
  paid_paise: Generated<number>;
  refunded_paise: Generated<number>;
  paid_at: IsoTime | null;
  /** The gateway's payment id, or the bank transfer's reference an admin recorded. */
  payment_reference: string | null;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  product_id: string;
  vendor_id: string | null;
  name: string;
  image: string;
  unit_price_paise: number;
  quantity: number;
  line_total_paise: number;
  /** What was sold, as it was (0013-pack-sizes): the label is empty for a product with one size. */
  variant_id: string | null;
  variant_label: Generated<string>;
  sku: Generated<string>;
  /** 0019-gst: how the line was taxed, as it was. taxable is the line's value before tax. */
  hsn_code: Generated<string>;
  gst_rate: Generated<number>;
  taxable_paise: Generated<number>;
  cgst_paise: Generated<number>;
  sgst_paise: Generated<number>;
  igst_paise: Generated<number>;
  seller_state_code: Generated<string>;
  /** 0021-payments: the parcel it went in, once shipped. */
  shipment_id: string | null;
}

export interface OrderEventTable {
  id: string;
  order_id: string;
  status: OrderStatus;
  note: string | null;
  actor_id: string | null;
  created_at: IsoTime;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: IsoTime;
}

export interface ContactMessageTable {
  id: string;
  kind: "contact" | "expert";
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  handled: Generated<number>;
  created_at: IsoTime;
}

export interface ProductCountTable {
  status: ProductStatus;
  category: CategoryKey;
  n: number;
}

export interface RateLimitBucketTable {
  key: string;
  /** Epoch seconds at which the bucket starts. */
  bucket_start: number;
  count: number;
}

export type OutboxChannel = "email" | "sms";
export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

/** A message waiting to be sent, sent, or failed (app/features/messaging/server). `payload` is JSON. */
export interface OutboxTable {
  id: string;
  channel: OutboxChannel;
  kind: string;
  dedupe_key: string;
  recipient: string;
  payload: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: IsoTime;
  claimed_until: IsoTime | null;
  last_error: string | null;
  created_at: IsoTime;
  sent_at: IsoTime | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  product: ProductTable;
  vendor: VendorTable;
  orders: OrderTable;
  order_line: OrderLineTable;
  order_event: OrderEventTable;
  setting: SettingTable;
  contact_message: ContactMessageTable;
  rate_limit_bucket: RateLimitBucketTable;
  product_count: ProductCountTable;
  outbox: OutboxTable;
  phone_code: PhoneCodeTable;
  search_synonym: SearchSynonymTable;
  product_variant: ProductVariantTable;
  product_crop: ProductCropTable;
  crop_count: CropCountTable;
  pincode: PincodeTable;
  review: ReviewTable;
  seller_licence: SellerLicenceTable;
  catalog_import: CatalogImportTable;
  tax_document: TaxDocumentTable;
  document_counter: DocumentCounterTable;
  payment: PaymentTable;
  refund: RefundTable;
  gateway_event: GatewayEventTable;
  stray_payment: StrayPaymentTable;
  shipment: ShipmentTable;
  return_request: ReturnRequestTable;
  catalog_version: CatalogVersionTable;
}

/** One attempt to pay an order at a gateway (0021-payments): a Razorpay order or a Stripe Checkout Session. */
export interface PaymentTable {
  id: string;
  order_id: string;
  gateway: Gateway;
  /** The gateway's id for the attempt, as we stored it when we created it (order_… / cs_…). */
  gateway_ref: string;
  amount_paise: number;
  currency: string;
  status: PaymentAttemptStatus;
  /** pay_… (Razorpay) or pi_… (Stripe), once paid or failed. */
  gateway_payment_id: string | null;
  method: string | null;
  error: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** Money going back to a customer (0021-payments): through the gateway, or a payout an admin records. */
export interface RefundTable {
  id: string;
  order_id: string;
  payment_id: string | null;
  idem_key: string;
  kind: "gateway" | "payout";
  reason: RefundReason;
  amount_paise: number;
  status: RefundStatus;
  gateway_refund_id: string | null;
  payout_reference: string | null;
  error: string | null;
  attempts: Generated<number>;
  next_attempt_at: IsoTime | null;
  actor_id: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** The gateway payment it returns when that is not its attempt's own (0026-payment-attention). */
  gateway_payment_id: string | null;
}

/** A captured payment not applied to its order: second, late or mismatched (0026-payment-attention). */
export interface StrayPaymentTable {
  id: string;
  order_id: string;
  /** The attempt it came through. */
  payment_id: string;
  gateway: Gateway;
  gateway_payment_id: string;
  /** 0: the gateway's message gave no usable amount; an admin's refund asks the gateway first. */
  amount_paise: number;
  currency: string;
  method: string | null;
  reason: StrayPaymentReason;
  /** null while it waits for an admin. */
  resolution: StrayPaymentResolution | null;
  refund_id: string | null;
  note: string | null;
  resolved_by: string | null;
  resolved_at: IsoTime | null;
  created_at: IsoTime;
}

/** A webhook event already applied (0021-payments). */
export interface GatewayEventTable {
  gateway: string;
  event_id: string;
  type: string;
  received_at: IsoTime;
}

/** A seller's parcel of an order (0021-payments); vendor_id null is the store's. */
export interface ShipmentTable {
  id: string;
  order_id: string;
  vendor_id: string | null;
  courier: string;
  /** A tracking number or an https link. */
  tracking: string;
  actor_id: string | null;
  shipped_at: IsoTime;
}

/** A customer's request to return (part of) one order line (0021-payments). */
export interface ReturnRequestTable {
  id: string;
  order_id: string;
  order_line_id: string;
  vendor_id: string | null;
  quantity: number;
  reason: string;
  /** What approving it refunds: the line's price with its GST, for the quantity returned. */
  amount_paise: number;
  status: "requested" | "approved" | "rejected";
  decided_by: string | null;
  decided_at: IsoTime | null;
  decision_note: string | null;
  refund_id: string | null;
  created_at: IsoTime;
}

/** India's pincode directory (0015-pincode-directory); `source` is 'directory' or 'admin' (added by an admin). */
export interface PincodeTable {
  code: string;
  district: string;
  state: string;
  source: Generated<string>;
}

/** A vendor's licence to sell one kind of regulated goods (0017-seller-licences); one per kind. */
export interface SellerLicenceTable {
  vendor_id: string;
  kind: LicenceKind;
  number: string;
  /** The last day it is valid, in India: YYYY-MM-DD. */
  expires_on: string;
  authority: string | null;
  state: string | null;
  verified_at: IsoTime | null;
  /** The admin who verified it (a user id). */
  verified_by: string | null;
  version: Generated<number>;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/**
 * The catalogue's version (0024-catalog-version): one row, bumped by triggers in the transaction of
 * every change to a table the catalogue pages show; the page cache keys pages by it.
 */
export interface CatalogVersionTable {
  id: number;
  version: number;
  /** Random, new at every change. */
  stamp: string;
}

/** Two words or phrases a search treats as the same, lower case (0012-search-synonyms). */
export interface SearchSynonymTable {
  id: string;
  term: string;
  variant: string;
}

/**
 * A customer's rating and review of a product (0016-reviews), proved by a delivered order; or a
 * sample review of the sample catalogue (`sample` = 1, no customer or order). 0/1 flags.
 */
export interface ReviewTable {
  id: string;
  product_id: string;
  user_id: string | null;
  order_id: string | null;
  /** The writer's first name as shown (never their email), taken when they write or edit. */
  author_name: string;
  rating: number;
  body: string;
  sample: Generated<number>;
  hidden: Generated<number>;
  hidden_by: string | null;
  hidden_at: IsoTime | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** A CSV upload waiting between its preview and "Apply import" (0018-catalog-imports). */
export interface CatalogImportTable {
  id: string;
  user_id: string;
  scope: "admin" | "vendor";
  file_name: string;
  /** The file's text (UTF-8, without its byte-order mark). */
  csv: string;
  created_at: IsoTime;
  expires_at: IsoTime;
}

/** An issued tax invoice or credit note (0019-gst): never updated; `snapshot` is its TaxDocument JSON. */
export interface TaxDocumentTable {
  id: string;
  order_id: string;
  /** "store" or the vendor's user id. */
  seller: string;
  kind: TaxDocumentKind;
  number: string;
  financial_year: string;
  sequence: number;
  issued_at: IsoTime;
  refers_to: string | null;
  /** The place of supply's GST State code. */
  place_of_supply: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  snapshot: string;
}

/** The last number issued in a series ("store:invoice", "<vendor id>:credit_note") in a financial year ("25-26"). */
export interface DocumentCounterTable {
  series: string;
  financial_year: string;
  last: number;
}
