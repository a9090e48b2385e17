import { z } from "zod";

/*
 * The parts the callback schemas (schemas.ts) are made of: ONDC's formats, its enums, a context, and the pieces
 * of an order with the rules that join them. Written from the same sources as schemas.ts, which lists them.
 */

export const text = z.string().min(1);

/** RFC 3339 with a zone, as ONDC's `rfc3339-date-time` format asks. */
export const TimestampSchema = z.iso.datetime({ offset: true });
/** ISO 8601 durations as ONDC writes them: PT30S, P1D, PT48H, P7D. */
export const DurationSchema = z
  .string()
  .regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, "an ISO 8601 duration such as PT30S or P1D");
/** Rupees as a decimal string with at most two decimals: "123", "123.4", "123.45". */
export const AmountSchema = z.string().regex(/^\d+(\.\d{1,2})?$/, 'a decimal string with at most two decimals, such as "123.45"');
/** Breakup lines may be negative (discounts) and carry a sign. */
const SignedAmountSchema = z
  .string()
  .regex(/^[-+]?\d+(\.\d{1,2})?$/, 'a signed decimal string with at most two decimals, such as "-10.00"');
export const UrlSchema = z.url({ protocol: /^https?$/ });
/** An Indian PIN code: six digits, the first not 0. */
export const PincodeSchema = z.string().regex(/^[1-9]\d{5}$/, "a six-digit PIN code");
/** Ten or eleven digits once a leading 0 and any separators are dropped, as the utility counts them (utils/index.ts). */
export const PhoneSchema = z
  .string()
  .refine((phone) => /^\d{10,11}$/.test(phone.replace(/^0/, "").replace(/\D/g, "")), "a phone number of 10 or 11 digits, without +91");
export const GpsSchema = z.string().regex(/^-?\d{1,2}\.\d+, ?-?\d{1,3}\.\d+$/, 'a "latitude,longitude" pair');
const GstinSchema = z.string().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "a GSTIN");
const PanSchema = z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, "a PAN");

export const PriceSchema = z.object({ currency: z.literal("INR"), value: AmountSchema });
const SignedPriceSchema = z.object({ currency: z.literal("INR"), value: SignedAmountSchema });
export const TagSchema = z.object({ code: text, list: z.array(z.object({ code: text, value: z.string() })) });

export const FULFILLMENT_TYPES = ["Delivery", "Self-Pickup", "Buyer-Delivery"] as const;
/** The states of a delivery as retail 1.2 reports them in on_status (log-validation-utility constants/index.ts statusArray), and RTO's. */
export const FULFILLMENT_STATES = [
  "Pending",
  "Packed",
  "Agent-assigned",
  "Order-picked-up",
  "Out-for-delivery",
  "Order-delivered",
  "Cancelled",
  "RTO-Initiated",
  "RTO-Delivered",
  "RTO-Disposed",
] as const;
export const ORDER_STATES = ["Created", "Accepted", "In-progress", "Completed", "Cancelled"] as const;
export const TITLE_TYPES = ["item", "delivery", "packing", "tax", "misc", "discount", "offer"] as const;
export const PAYMENT_TYPES = ["ON-ORDER", "ON-FULFILLMENT"] as const;
export const PAYMENT_COLLECTORS = ["BAP", "BPP"] as const;
export const PAYMENT_STATUSES = ["PAID", "NOT-PAID"] as const;
/** The agricultural categories of retail's category list, the only ones an AGR10 item may carry. */
export const AGR10_CATEGORIES = [
  "Seed",
  "Pesticide",
  "Fertilizer",
  "Organic Crop Protection",
  "Organic Crop Nutrition",
  "Tools and Machinery",
  "Cattle Feed",
] as const;
/** Titles of the breakup lines that are not items, and the title_type each must carry (utility utils/enum.ts). */
const CHARGE_TITLES: Record<string, (typeof TITLE_TYPES)[number]> = {
  "delivery charges": "delivery",
  "packing charges": "packing",
  tax: "tax",
  discount: "discount",
  "convenience fee": "misc",
  offer: "offer",
};

/** A context of retail 1.2 (or IGM 1.0) naming `action`; the buyer app checks separately that it echoes the call. */
export function contextOf(action: string, options: { coreVersions?: readonly [string, ...string[]]; ttl?: "required" } = {}) {
  const ttl = options.ttl === "required" ? DurationSchema : DurationSchema.optional();
  return z.object({
    domain: text,
    country: z.literal("IND"),
    city: text,
    action: z.literal(action),
    core_version: z.enum(options.coreVersions ?? ["1.2.0", "1.2.5"]),
    bap_id: text,
    bap_uri: UrlSchema,
    bpp_id: text,
    bpp_uri: UrlSchema,
    transaction_id: text,
    message_id: text,
    timestamp: TimestampSchema,
    ttl,
  });
}

// ---- building blocks of an order ----

export const OrderItemSchema = z.object({
  id: text,
  fulfillment_id: text,
  quantity: z.object({ count: z.int().positive() }),
  parent_item_id: text.optional(),
  tags: z.array(TagSchema).optional(),
});

export const AddressSchema = z.object({
  name: text,
  building: text,
  locality: text,
  city: text,
  state: text,
  country: text,
  area_code: PincodeSchema,
});

export const BillingSchema = z.object({
  name: text,
  address: AddressSchema,
  email: z.email().optional(),
  phone: PhoneSchema,
  tax_number: z.string().optional(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

const ContactSchema = z.object({ phone: PhoneSchema, email: z.email().optional() });
export const TimeRangeSchema = z.object({
  range: z.object({ start: TimestampSchema, end: TimestampSchema }),
  timestamp: z.string().optional(),
});

export const FulfillmentStartSchema = z.object({
  location: z.object({
    id: text,
    descriptor: z.object({ name: text }),
    gps: GpsSchema,
    address: z.object({ locality: text, city: text, area_code: PincodeSchema, state: text }),
  }),
  time: TimeRangeSchema.optional(),
  instructions: z.object({ code: text, name: text, short_desc: text, long_desc: text }).optional(),
  contact: ContactSchema,
});

export const FulfillmentEndSchema = z.object({
  location: z.object({ gps: GpsSchema, address: AddressSchema }),
  time: TimeRangeSchema.optional(),
  person: z.object({ name: text }).optional(),
  contact: ContactSchema,
});

const BreakupLineSchema = z.object({
  "@ondc/org/item_id": text,
  "@ondc/org/item_quantity": z.object({ count: z.int().nonnegative() }).optional(),
  title: text,
  "@ondc/org/title_type": z.enum(TITLE_TYPES),
  price: SignedPriceSchema,
  item: z
    .object({
      parent_item_id: z.string().optional(),
      quantity: z
        .object({
          available: z.object({ count: z.enum(["99", "0"]) }),
          maximum: z.object({ count: z.string().regex(/^\d+$/) }),
        })
        .optional(),
      price: PriceSchema,
      tags: z.array(TagSchema).optional(),
    })
    .optional(),
  ttl: DurationSchema.optional(),
});

/** Paise from a rupee string the schema has already accepted, so sums are exact. */
export function paiseOf(value: string): number {
  const [, sign, rupees, decimals = ""] = /^([-+]?)(\d+)(?:\.(\d{1,2}))?$/.exec(value) ?? [];
  if (rupees === undefined) return Number.NaN;
  const paise = Number(rupees) * 100 + Number(decimals.padEnd(2, "0"));
  return sign === "-" ? -paise : paise;
}

/**
 * A quote: its total equals the sum of its breakup to the paisa (the utility rounds to the rupee; ONDC's
 * reconciliation does not), each item line's unit price times its count is its price, and each charge line is
 * titled as retail's list says.
 */
export function quoteOf(options: { stage: "select" | "order" }) {
  return z
    .object({
      price: PriceSchema,
      breakup: z.array(BreakupLineSchema).min(1),
      ttl: options.stage === "order" ? DurationSchema : DurationSchema.optional(),
    })
    .superRefine((quote, context) => {
      // Stock (item.quantity in a line) is on_select's news only; later quotes leave it out (utils/Retail/Init/onInit.ts).
      if (options.stage === "order") {
        quote.breakup.forEach((line, index) => {
          if (line.item?.quantity) {
            context.addIssue({
              code: "custom",
              path: ["breakup", index, "item", "quantity"],
              message: "only on_select's quote gives item.quantity",
            });
          }
        });
      }
      const sum = quote.breakup.reduce((total, line) => total + paiseOf(line.price.value), 0);
      // A price that is not a decimal string has its own issue already; the sum is only checked between numbers.
      if (!Number.isNaN(sum) && !Number.isNaN(paiseOf(quote.price.value)) && sum !== paiseOf(quote.price.value)) {
        context.addIssue({
          code: "custom",
          path: ["price", "value"],
          message: `quote.price ${quote.price.value} is not the sum of the breakup (${(sum / 100).toFixed(2)})`,
        });
      }
      quote.breakup.forEach((line, index) => {
        const type = line["@ondc/org/title_type"];
        if (type === "item") {
          const count = line["@ondc/org/item_quantity"]?.count;
          if (count === undefined || !line.item) {
            context.addIssue({
              code: "custom",
              path: ["breakup", index],
              message: "an item line needs @ondc/org/item_quantity and item.price",
            });
          } else if (paiseOf(line.item.price.value) * count !== paiseOf(line.price.value)) {
            context.addIssue({
              code: "custom",
              path: ["breakup", index, "price"],
              message: "an item line's price is not its unit price times its count",
            });
          }
        } else if (CHARGE_TITLES[line.title.trim().toLowerCase()] !== type) {
          context.addIssue({
            code: "custom",
            path: ["breakup", index, "title"],
            message: `"${line.title}" is not a title retail allows for a ${type} line`,
          });
        }
      });
    });
}

const SettlementDetailSchema = z
  .object({
    settlement_counterparty: text,
    settlement_phase: z.literal("sale-amount"),
    settlement_type: z.enum(["upi", "neft", "rtgs"]),
    upi_address: z.string().optional(),
    settlement_bank_account_no: z.string().optional(),
    settlement_ifsc_code: z.string().optional(),
    bank_name: z.string().optional(),
    beneficiary_name: z.string().optional(),
    branch_name: z.string().optional(),
    settlement_status: z.string().optional(),
    settlement_reference: z.string().optional(),
    settlement_timestamp: z.string().optional(),
  })
  .superRefine((detail, context) => {
    const needed =
      detail.settlement_type === "upi"
        ? (["upi_address"] as const)
        : (["settlement_bank_account_no", "settlement_ifsc_code", "bank_name", "branch_name"] as const);
    for (const key of needed) {
      if (!detail[key]) context.addIssue({ code: "custom", path: [key], message: `${key} is required for ${detail.settlement_type}` });
    }
  });

const FinderFee = {
  "@ondc/org/buyer_app_finder_fee_type": z.enum(["percent", "amount"]),
  "@ondc/org/buyer_app_finder_fee_amount": AmountSchema,
};

/** on_init's payment: the finder fee and where the seller app wants its money. */
export const InitPaymentSchema = z.object({
  ...FinderFee,
  "@ondc/org/settlement_details": z.array(SettlementDetailSchema).min(1),
  type: z.enum(PAYMENT_TYPES).optional(),
  collected_by: z.enum(PAYMENT_COLLECTORS).optional(),
});

/** The payment of a placed order (on_confirm onwards); a PAID one names the payment's transaction. */
export const OrderPaymentSchema = z
  .object({
    uri: z.string().optional(),
    tl_method: z.string().optional(),
    params: z.object({ currency: z.literal("INR"), transaction_id: z.string().optional(), amount: AmountSchema }),
    status: z.enum(PAYMENT_STATUSES),
    type: z.enum(PAYMENT_TYPES),
    collected_by: z.enum(PAYMENT_COLLECTORS),
    ...FinderFee,
    "@ondc/org/settlement_basis": z.enum(["shipment", "delivery", "return_window_expiry"]).optional(),
    "@ondc/org/settlement_window": DurationSchema.optional(),
    "@ondc/org/withholding_amount": AmountSchema.optional(),
    "@ondc/org/settlement_details": z.array(SettlementDetailSchema).optional(),
  })
  .superRefine((payment, context) => {
    if (payment.status === "PAID" && !payment.params.transaction_id) {
      context.addIssue({ code: "custom", path: ["params", "transaction_id"], message: "a PAID payment names its transaction_id" });
    }
  });

/** bpp_terms (and bap_terms): the codes ONDC gives a format are checked. */
export const TermsTagSchema = z
  .object({ code: z.enum(["bpp_terms", "bap_terms"]), list: z.array(z.object({ code: text, value: z.string() })).min(1) })
  .superRefine((tag, context) => {
    const formats: Record<string, z.ZodType> = {
      tax_number: GstinSchema,
      provider_tax_number: PanSchema,
      np_type: z.enum(["MSN", "ISN"]),
      mandatory_arbitration: z.enum(["true", "false"]),
      max_liability: z.string().regex(/^\d+(\.\d+)?$/),
      max_liability_cap: z.string().regex(/^\d+(\.\d+)?$/),
      delay_interest: z.string().regex(/^\d+(\.\d+)?$/),
      court_jurisdiction: z.string().regex(/^[A-Za-z\s]+$/),
    };
    tag.list.forEach((entry, index) => {
      const format = formats[entry.code];
      if (format && !format.safeParse(entry.value).success) {
        context.addIssue({
          code: "custom",
          path: ["list", index, "value"],
          message: `${entry.code} "${entry.value}" is not in ONDC's format`,
        });
      }
    });
  });

export const ProviderRefSchema = z.object({ id: text, locations: z.array(z.object({ id: text })).min(1) });

/** A placed order's id: ONDC's pattern (up to 32 letters, digits and hyphens, or a UUID). */
export const OrderIdSchema = z
  .string()
  .regex(
    /^[a-zA-Z0-9-]{1,32}$|^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    "an order id of 1 to 32 letters, digits or hyphens",
  );

/** Every item is fulfilled by a fulfillment of the order. */
export function itemsHaveFulfillments(
  order: { items: { id: string; fulfillment_id: string }[]; fulfillments: { id: string }[] },
  context: z.RefinementCtx,
) {
  const ids = new Set(order.fulfillments.map((f) => f.id));
  order.items.forEach((item, index) => {
    if (!ids.has(item.fulfillment_id)) {
      context.addIssue({
        code: "custom",
        path: ["items", index, "fulfillment_id"],
        message: `fulfillment ${item.fulfillment_id} is not in order.fulfillments`,
      });
    }
  });
}

/** Item, tax and discount lines of the quote name an item of the order (utils/Retail/Select/onSelect.ts). */
export function breakupNamesItems(order: { items: { id: string }[]; quote: z.infer<typeof BreakupHolder> }, context: z.RefinementCtx) {
  const ids = new Set(order.items.map((item) => item.id));
  order.quote.breakup.forEach((line, index) => {
    const type = line["@ondc/org/title_type"];
    if ((type === "item" || type === "tax" || type === "discount") && !ids.has(line["@ondc/org/item_id"])) {
      context.addIssue({
        code: "custom",
        path: ["quote", "breakup", index, "@ondc/org/item_id"],
        message: `${line["@ondc/org/item_id"]} is not an item of the order`,
      });
    }
  });
}
const BreakupHolder = z.object({ breakup: z.array(BreakupLineSchema) });

/** What a placed order's payment says it will collect is the quote's total (utils/Retail/Confirm/onConfirm.ts). */
export function paymentMatchesQuote(
  order: { payment: { params: { amount: string } }; quote: { price: { value: string } } },
  context: z.RefinementCtx,
) {
  if (paiseOf(order.payment.params.amount) !== paiseOf(order.quote.price.value)) {
    context.addIssue({ code: "custom", path: ["payment", "params", "amount"], message: "payment.params.amount is not the quote's total" });
  }
}
