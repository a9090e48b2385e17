import { z } from "zod";

/**
 * How an ONDC order reads from the store's order (docs/decisions/075-ondc-orders.md), and the parts of
 * the buyer's messages every order call shares. The states are retail 1.2's as ONDC's log validation
 * utility lists them (ONDC-Official/log-validation-utility, constants/index.ts: order states Created,
 * Accepted, In-progress, Completed, Cancelled; fulfillment states Pending, Packed, Agent-assigned,
 * Order-picked-up, Out-for-delivery, Order-delivered, Cancelled). The store knows fewer steps than
 * ONDC names: an order handed to the courier (shipped) is picked up; the rest are the store's own.
 */
export const ONDC_ORDER_STATE = {
  pending: "Created",
  confirmed: "Accepted",
  shipped: "In-progress",
  delivered: "Completed",
  cancelled: "Cancelled",
} as const;

export const ONDC_FULFILLMENT_STATE = {
  pending: "Pending",
  confirmed: "Pending",
  shipped: "Order-picked-up",
  delivered: "Order-delivered",
  cancelled: "Cancelled",
} as const;

export type StoreOrderStatus = keyof typeof ONDC_ORDER_STATE;

/**
 * The reasons a buyer app may give for a buyer's cancel, as ONDC's utility accepts them (constants/index.ts
 * `buyerCancellationRid`, and the reasons constants/reasonCode.ts marks as used by the buyer's app);
 * any other is ONDC's 30012.
 */
export const BUYER_CANCEL_REASONS: readonly string[] = ["001", "003", "006", "009", "010", "051", "052", "053", "999"];

/**
 * Return reasons a buyer may give (the utility's `buyerReturnId`), as the store's own reasons. Their
 * words are retail 1.2's list as we read it: 001 no longer wanted, 002 cheaper elsewhere, 003 damaged,
 * 004 wrong quantity or size, 005 not what was shown. To check against the current list before launch.
 */
export const BUYER_RETURN_REASONS = {
  "001": "not_needed",
  "002": "other",
  "003": "damaged",
  "004": "wrong_item",
  "005": "not_as_described",
} as const;

/** A later call's order: status, track and cancel name it by its id on ONDC. */
export const OrderIdMessageSchema = z.looseObject({ order_id: z.string().trim().min(1).max(100) });

/** How the store is paid, in ONDC's words: before the order (collected by the buyer app) or on delivery (cash, by us). */
export const PAYMENT_TYPES = ["ON-ORDER", "ON-FULFILLMENT"] as const;
export type OndcPaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * When the buyer app settles with the store, and in how long (retail 1.2's `@ondc/org/settlement_basis`
 * and `_window`): after delivery, within seven days, as ONDC's AGR10 examples put it. The store's to
 * agree with each buyer app; a constant until one asks otherwise.
 */
export const SETTLEMENT_BASIS = "delivery";
export const SETTLEMENT_WINDOW = "P7D";

/** No NUL, which PostgreSQL's text refuses: a message carrying one is malformed (NACK 30000). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !v.includes("\u0000"));
const count = z.coerce.number().int().min(1).max(10_000);

export const OndcItemSchema = z.looseObject({
  id: text(100),
  quantity: z.looseObject({ count }),
});

export const OndcAddressSchema = z.looseObject({
  name: z.string().max(200).optional(),
  building: z.string().max(200).optional(),
  locality: z.string().max(200).optional(),
  street: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  country: z.string().max(10).optional(),
  area_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** A fulfilment's end: where the goods go, and who takes them. */
export const OndcEndSchema = z.looseObject({
  location: z.looseObject({ gps: z.string().max(60).optional(), address: OndcAddressSchema }),
  person: z.looseObject({ name: z.string().max(200).optional() }).optional(),
  contact: z.looseObject({ phone: z.string().max(20).optional(), email: z.string().max(200).optional() }).optional(),
});

export const OndcBillingSchema = z.looseObject({
  name: text(200),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,18}$/),
  email: z.string().max(200).optional(),
  address: OndcAddressSchema.partial().optional(),
});
export type OndcBilling = z.infer<typeof OndcBillingSchema>;

export const OndcProviderSchema = z.looseObject({
  id: text(100),
  locations: z
    .array(z.looseObject({ id: text(100) }))
    .max(20)
    .optional(),
});

/** The provider's locations as select named them, kept to be named back. */
export const locationsOf = (provider: z.infer<typeof OndcProviderSchema>) =>
  provider.locations?.length ? { locations: provider.locations.map((l) => ({ id: l.id })) } : {};

export const OndcQuoteSchema = z.looseObject({
  price: z.looseObject({ value: z.string().max(20) }).optional(),
  breakup: z.array(z.looseObject({})).max(200).optional(),
});

export const OndcPaymentSchema = z.looseObject({
  type: z.string().max(40).optional(),
  collected_by: z.string().max(10).optional(),
  status: z.string().max(20).optional(),
  params: z.looseObject({ amount: z.string().max(20).optional(), transaction_id: z.string().max(200).optional() }).optional(),
  "@ondc/org/buyer_app_finder_fee_type": z.string().max(20).optional(),
  "@ondc/org/buyer_app_finder_fee_amount": z.string().max(20).optional(),
});
export type OndcPayment = z.infer<typeof OndcPaymentSchema>;

/** The order's address as the store's order takes it: one street line of what the buyer app gave. */
export function streetOf(address: Partial<z.infer<typeof OndcAddressSchema>>): string {
  const parts = [address.name, address.building, address.street, address.locality].map((p) => p?.trim() ?? "").filter(Boolean);
  return [...new Set(parts)].join(", ").slice(0, 200);
}
