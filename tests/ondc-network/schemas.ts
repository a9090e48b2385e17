import { z } from "zod";

/*
 * What ONDC requires of each callback a seller app sends a buyer app, for ONDC:AGR10 on retail 1.2.0 and
 * IGM 1.0.0, as Zod schemas written here from reading (never copying) ONDC's sources:
 * - ONDC-Official/log-validation-utility at 4d1336214435d1c3e125a0117832e21166c6843d: the JSON schemas it
 *   applies to every retail domain but RET11, ONDC:AGR10 among them (shared/schemaValidator.ts):
 *   schema/Retail/RET/on_search.ts, on_select.ts, on_init.ts, on_confirm.ts, schema/Retail/Status/on_status.ts,
 *   schema/Retail/Track/on_track.ts, schema/Retail/Cancel/onCancel.ts, schema/Retail/Update/on_update.ts,
 *   schema/Igm/onIssueSchema.ts and onIssueStatusSchema.ts; and the flow checks of utils/Retail/Select/onSelect.ts,
 *   utils/Retail/Confirm/onConfirm.ts (quote sums, item lines, payment amount) and utils/enum.ts (breakup titles).
 * - ONDC-Official/ONDC-AGR-Specifications, branch draft-agri_input at 12ac1a5e96b5f63986ceff313c7b4cf7b679a2bc:
 *   api/components/Examples/Agri_Products/* (the shapes AGR10 uses) and api/build/build.yaml (on_rating).
 * Where the utility is looser than its own intent (a `required` list misplaced inside `properties` in on_search,
 * `enums` for `enum` on on_select's fulfillment type, `\.` lost in a JS string so a price's point matches any
 * character) these schemas follow the intent; the differences are listed in tests/ondc-network/README.md.
 */

const text = z.string().min(1);

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
const UrlSchema = z.url({ protocol: /^https?$/ });
/** An Indian PIN code: six digits, the first not 0. */
export const PincodeSchema = z.string().regex(/^[1-9]\d{5}$/, "a six-digit PIN code");
/** Ten or eleven digits once a leading 0 and any separators are dropped, as the utility counts them (utils/index.ts). */
const PhoneSchema = z
  .string()
  .refine((phone) => /^\d{10,11}$/.test(phone.replace(/^0/, "").replace(/\D/g, "")), "a phone number of 10 or 11 digits, without +91");
const GpsSchema = z.string().regex(/^-?\d{1,2}\.\d+, ?-?\d{1,3}\.\d+$/, 'a "latitude,longitude" pair');
const GstinSchema = z.string().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "a GSTIN");
const PanSchema = z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, "a PAN");

export const PriceSchema = z.object({ currency: z.literal("INR"), value: AmountSchema });
const SignedPriceSchema = z.object({ currency: z.literal("INR"), value: SignedAmountSchema });
const TagSchema = z.object({ code: text, list: z.array(z.object({ code: text, value: z.string() })) });

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
function contextOf(action: string, options: { coreVersions?: readonly [string, ...string[]]; ttl?: "required" } = {}) {
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

const OrderItemSchema = z.object({
  id: text,
  fulfillment_id: text,
  quantity: z.object({ count: z.int().positive() }),
  parent_item_id: text.optional(),
  tags: z.array(TagSchema).optional(),
});

const AddressSchema = z.object({
  name: text,
  building: text,
  locality: text,
  city: text,
  state: text,
  country: text,
  area_code: PincodeSchema,
});

const BillingSchema = z.object({
  name: text,
  address: AddressSchema,
  email: z.email().optional(),
  phone: PhoneSchema,
  tax_number: z.string().optional(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

const ContactSchema = z.object({ phone: PhoneSchema, email: z.email().optional() });
const TimeRangeSchema = z.object({ range: z.object({ start: TimestampSchema, end: TimestampSchema }), timestamp: z.string().optional() });

const FulfillmentStartSchema = z.object({
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

const FulfillmentEndSchema = z.object({
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
function quoteOf(options: { stage: "select" | "order" }) {
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
const InitPaymentSchema = z.object({
  ...FinderFee,
  "@ondc/org/settlement_details": z.array(SettlementDetailSchema).min(1),
  type: z.enum(PAYMENT_TYPES).optional(),
  collected_by: z.enum(PAYMENT_COLLECTORS).optional(),
});

/** The payment of a placed order (on_confirm onwards); a PAID one names the payment's transaction. */
const OrderPaymentSchema = z
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
const TermsTagSchema = z
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

const ProviderRefSchema = z.object({ id: text, locations: z.array(z.object({ id: text })).min(1) });

/** A placed order's id: ONDC's pattern (up to 32 letters, digits and hyphens, or a UUID). */
const OrderIdSchema = z
  .string()
  .regex(
    /^[a-zA-Z0-9-]{1,32}$|^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    "an order id of 1 to 32 letters, digits or hyphens",
  );

/** Every item is fulfilled by a fulfillment of the order. */
function itemsHaveFulfillments(
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
function breakupNamesItems(order: { items: { id: string }[]; quote: z.infer<typeof BreakupHolder> }, context: z.RefinementCtx) {
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
function paymentMatchesQuote(
  order: { payment: { params: { amount: string } }; quote: { price: { value: string } } },
  context: z.RefinementCtx,
) {
  if (paiseOf(order.payment.params.amount) !== paiseOf(order.quote.price.value)) {
    context.addIssue({ code: "custom", path: ["payment", "params", "amount"], message: "payment.params.amount is not the quote's total" });
  }
}

// ---- on_search ----

/** The seller app's own terms in its catalogue: np_type, and whether it accepts the buyer's terms and collects payment. */
const CatalogTermsTagSchema = z.object({
  code: z.literal("bpp_terms"),
  list: z
    .array(
      z.discriminatedUnion("code", [
        z.strictObject({ code: z.literal("np_type"), value: z.enum(["MSN", "ISN"]) }),
        z.strictObject({ code: z.literal("accept_bap_terms"), value: z.enum(["Y", "N"]) }),
        z.strictObject({ code: z.literal("collect_payment"), value: z.enum(["Y", "N"]) }),
      ]),
    )
    .min(1),
});

const TimeLabelSchema = z.object({ label: z.enum(["enable", "disable"]), timestamp: TimestampSchema });

const CatalogItemSchema = z
  .object({
    id: text,
    parent_item_id: z.string().optional(),
    time: TimeLabelSchema,
    descriptor: z.object({
      name: text,
      // Retail's other domains want a typed code (1:EAN …); AGR10 any, but one (utils/Retail/Search/on_search.ts).
      code: text,
      symbol: UrlSchema,
      short_desc: text,
      long_desc: text,
      images: z.array(UrlSchema).min(1),
    }),
    quantity: z.object({
      unitized: z.object({
        measure: z.object({
          unit: z.enum(["unit", "dozen", "gram", "kilogram", "tonne", "litre", "millilitre"]),
          value: z.string().regex(/^\d+(\.\d+)?$/),
        }),
      }),
      available: z.object({ count: z.enum(["99", "0"]) }),
      maximum: z.object({ count: z.string().regex(/^\d+$/) }),
    }),
    price: z.object({ currency: z.literal("INR"), value: AmountSchema, maximum_value: AmountSchema }),
    category_id: z.enum(AGR10_CATEGORIES),
    fulfillment_id: text,
    location_id: text,
    "@ondc/org/returnable": z.boolean(),
    "@ondc/org/cancellable": z.boolean(),
    "@ondc/org/return_window": DurationSchema.nullable(),
    "@ondc/org/seller_pickup_return": z.boolean(),
    "@ondc/org/time_to_ship": DurationSchema,
    "@ondc/org/available_on_cod": z.boolean(),
    "@ondc/org/contact_details_consumer_care": text,
    "@ondc/org/statutory_reqs_packaged_commodities": z
      .object({
        manufacturer_or_packer_name: text,
        manufacturer_or_packer_address: text,
        common_or_generic_name_of_commodity: text,
        month_year_of_manufacture_packing_import: text,
      })
      .optional(),
    tags: z.array(TagSchema).min(1),
  })
  .superRefine((item, context) => {
    if (paiseOf(item.price.value) > paiseOf(item.price.maximum_value)) {
      context.addIssue({ code: "custom", path: ["price", "value"], message: "the selling price is above maximum_value (the MRP)" });
    }
    // Every agricultural item says where it comes from and what it is (utils/index.ts checkMandatoryTags).
    for (const code of ["origin", "attribute"]) {
      if (!item.tags.some((tag) => tag.code === code))
        context.addIssue({ code: "custom", path: ["tags"], message: `an item needs its ${code} tag` });
    }
    const origin = item.tags.find((tag) => tag.code === "origin")?.list.find((entry) => entry.code === "country")?.value;
    if (origin !== undefined && !/^[A-Z]{3}$/.test(origin)) {
      context.addIssue({ code: "custom", path: ["tags"], message: "origin's country is an ISO 3166 alpha-3 code such as IND" });
    }
  });

const ProviderSchema = z
  .object({
    id: text,
    time: TimeLabelSchema,
    fulfillments: z.array(z.object({ id: text, type: text, contact: z.object({ phone: PhoneSchema, email: z.email() }) })).min(1),
    descriptor: z.object({ name: text, symbol: UrlSchema, short_desc: text, long_desc: text, images: z.array(UrlSchema).min(1) }),
    ttl: DurationSchema,
    locations: z
      .array(
        z.object({
          id: text,
          time: z.object({
            label: z.enum(["enable", "disable", "open", "close"]),
            timestamp: TimestampSchema,
            days: z
              .string()
              .regex(/^[1-7](,[1-7])*$/)
              .optional(),
            schedule: z.object({
              holidays: z.array(z.iso.date()),
              frequency: DurationSchema.optional(),
              times: z
                .array(z.string().regex(/^\d{4}$/))
                .min(1)
                .optional(),
            }),
            range: z.object({ start: z.string().regex(/^\d{4}$/), end: z.string().regex(/^\d{4}$/) }).optional(),
          }),
          gps: GpsSchema,
          address: z.object({ locality: text, street: text, city: text, area_code: PincodeSchema, state: text }),
          circle: z.object({ gps: GpsSchema, radius: z.object({ unit: text, value: text }) }).optional(),
        }),
      )
      .min(1),
    // Variant groups: the utility makes them mandatory for retail catalogues, AGR10's among them.
    categories: z
      .array(
        z.object({
          id: z.string().regex(/^[a-zA-Z0-9-]{1,12}$/),
          descriptor: z.object({ name: text }),
          tags: z.array(TagSchema).min(1),
        }),
      )
      .min(1),
    items: z.array(CatalogItemSchema).min(1),
    tags: z.array(TagSchema).min(1),
    creds: z
      .array(z.object({ id: text, descriptor: z.object({ code: text, short_desc: text, name: text }), url: UrlSchema.optional() }))
      .optional(),
  })
  .superRefine((provider, context) => {
    const fulfillments = new Set(provider.fulfillments.map((f) => f.id));
    const locations = new Set(provider.locations.map((l) => l.id));
    provider.items.forEach((item, index) => {
      if (!fulfillments.has(item.fulfillment_id)) {
        context.addIssue({
          code: "custom",
          path: ["items", index, "fulfillment_id"],
          message: `fulfillment ${item.fulfillment_id} is not the provider's`,
        });
      }
      if (!locations.has(item.location_id)) {
        context.addIssue({
          code: "custom",
          path: ["items", index, "location_id"],
          message: `location ${item.location_id} is not the provider's`,
        });
      }
    });
    provider.tags.forEach((tag, index) => {
      if (tag.code !== "serviceability") return;
      const codes = new Set(tag.list.map((entry) => entry.code));
      for (const code of ["location", "category", "type", "val", "unit"]) {
        if (!codes.has(code))
          context.addIssue({ code: "custom", path: ["tags", index, "list"], message: `a serviceability tag needs ${code}` });
      }
    });
    // One serviceability tag per category sold, and the hours orders are taken (utils/Retail/Search/on_search.ts).
    const categories = new Set(provider.items.map((item) => item.category_id));
    const serviceability = provider.tags.filter((tag) => tag.code === "serviceability").length;
    if (serviceability !== categories.size) {
      context.addIssue({
        code: "custom",
        path: ["tags"],
        message: `${categories.size} categories sold need as many serviceability tags, not ${serviceability}`,
      });
    }
    const timings = provider.tags.filter((tag) => tag.code === "timing");
    if (
      !timings.some((tag) =>
        ["Order", "Delivery", "Self-Pickup", "All"].includes(tag.list.find((entry) => entry.code === "type")?.value ?? ""),
      )
    ) {
      context.addIssue({ code: "custom", path: ["tags"], message: "a timing tag of type Order, Delivery, Self-Pickup or All is required" });
    }
    const timingFormats: Record<string, RegExp> = {
      day_from: /^[1-7]$/,
      day_to: /^[1-7]$/,
      time_from: /^([01]\d|2[0-3])[0-5]\d$/,
      time_to: /^([01]\d|2[0-3])[0-5]\d$|^2400$/,
    };
    for (const tag of timings) {
      for (const entry of tag.list) {
        const format = timingFormats[entry.code];
        if (format && !format.test(entry.value)) {
          context.addIssue({
            code: "custom",
            path: ["tags", provider.tags.indexOf(tag)],
            message: `timing's ${entry.code} "${entry.value}" is not in ONDC's format`,
          });
        }
      }
    }
  });

export const OnSearchSchema = z.object({
  context: contextOf("on_search"),
  message: z.object({
    catalog: z.object({
      "bpp/fulfillments": z.array(z.object({ id: text, type: z.enum(FULFILLMENT_TYPES) })).optional(),
      "bpp/descriptor": z.object({
        name: text,
        symbol: UrlSchema.optional(),
        short_desc: text,
        long_desc: text,
        images: z.array(UrlSchema).optional(),
        tags: z.array(CatalogTermsTagSchema).min(1),
      }),
      "bpp/providers": z.array(ProviderSchema).min(1),
    }),
  }),
});

// ---- on_select ----

export const OnSelectSchema = z.object({
  context: contextOf("on_select"),
  message: z.object({
    order: z
      .object({
        provider: ProviderRefSchema,
        items: z.array(OrderItemSchema.extend({ quantity: OrderItemSchema.shape.quantity.optional() })).min(1),
        fulfillments: z
          .array(
            z.object({
              id: text,
              type: z.enum(FULFILLMENT_TYPES).optional(),
              "@ondc/org/provider_name": text,
              tracking: z.boolean().optional(),
              "@ondc/org/category": z.enum([
                "Takeaway",
                "Kerbside",
                "Immediate Delivery",
                "Standard Delivery",
                "Express Delivery",
                "Same Day Delivery",
                "Next Day Delivery",
              ]),
              "@ondc/org/TAT": DurationSchema,
              state: z.object({ descriptor: z.object({ code: z.enum(["Serviceable", "Non-serviceable"]) }) }),
            }),
          )
          .min(1),
        quote: quoteOf({ stage: "select" }),
      })
      .superRefine((order, context) => {
        itemsHaveFulfillments(order, context);
        breakupNamesItems(order, context);
      }),
  }),
});

// ---- on_init ----

const InitFulfillmentSchema = z.object({
  id: text,
  type: z.literal("Delivery"),
  tracking: z.boolean().optional(),
  end: z.object({ location: z.object({ gps: GpsSchema, address: AddressSchema }), contact: z.object({ phone: PhoneSchema }) }),
});

export const OnInitSchema = z.object({
  context: contextOf("on_init"),
  message: z.object({
    order: z
      .object({
        provider: ProviderRefSchema,
        items: z.array(OrderItemSchema).min(1),
        billing: BillingSchema,
        fulfillments: z.array(InitFulfillmentSchema).min(1),
        quote: quoteOf({ stage: "order" }),
        payment: InitPaymentSchema,
        tags: z.array(TermsTagSchema).min(1),
      })
      .superRefine((order, context) => {
        itemsHaveFulfillments(order, context);
        breakupNamesItems(order, context);
      }),
  }),
});

// ---- on_confirm, on_status, on_update, on_cancel: a placed order ----

const OrderFulfillmentSchema = z.object({
  id: text,
  "@ondc/org/provider_name": text,
  type: z.literal("Delivery"),
  tracking: z.boolean(),
  "@ondc/org/TAT": DurationSchema.optional(),
  state: z.object({ descriptor: z.object({ code: z.enum(FULFILLMENT_STATES) }) }),
  start: FulfillmentStartSchema,
  end: FulfillmentEndSchema,
  agent: z.object({ name: text, phone: PhoneSchema }).optional(),
  vehicle: z.object({ registration: text }).optional(),
  tags: z.array(TagSchema).optional(),
});

/** A fulfillment that is not the delivery itself: a cancellation's record, a return, an RTO. */
const OtherFulfillmentSchema = z.object({
  id: text,
  type: z.enum(["Cancel", "Return", "RTO"]),
  state: z.object({ descriptor: z.object({ code: text }) }),
  tags: z.array(TagSchema).optional(),
});

const CancellationSchema = z.object({
  cancelled_by: text,
  reason: z.object({ id: z.string().regex(/^\d{3}$/, "a three-digit cancellation reason code") }),
});

const placedOrder = {
  id: OrderIdSchema,
  state: z.enum(ORDER_STATES),
  provider: ProviderRefSchema,
  items: z.array(OrderItemSchema).min(1),
  billing: BillingSchema,
  quote: quoteOf({ stage: "order" }),
  payment: OrderPaymentSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
};

export const OnConfirmSchema = z
  .object({
    context: contextOf("on_confirm"),
    message: z.object({
      order: z
        .object({
          ...placedOrder,
          state: z.enum(["Created", "Accepted", "Cancelled"]),
          fulfillments: z
            .array(
              OrderFulfillmentSchema.extend({
                "@ondc/org/TAT": DurationSchema,
                state: z.object({ descriptor: z.object({ code: z.literal("Pending") }) }),
              }),
            )
            .min(1),
          tags: z.array(TermsTagSchema).min(1),
        })
        .superRefine((order, context) => {
          itemsHaveFulfillments(order, context);
          breakupNamesItems(order, context);
          paymentMatchesQuote(order, context);
          const terms = order.tags.find((tag) => tag.code === "bpp_terms")?.list.map((entry) => entry.code) ?? [];
          for (const code of ["tax_number", "provider_tax_number"]) {
            if (!terms.includes(code)) context.addIssue({ code: "custom", path: ["tags"], message: `bpp_terms needs ${code}` });
          }
        }),
    }),
  })
  // Confirming changes the order: its updated_at is the moment of the on_confirm (utils/Retail/Confirm/onConfirm.ts).
  .superRefine((body, context) => {
    if (body.message.order.updated_at !== body.context.timestamp) {
      context.addIssue({
        code: "custom",
        path: ["message", "order", "updated_at"],
        message: "on_confirm's order.updated_at is its context.timestamp",
      });
    }
  });

const DeliveryFulfillmentOnStatusSchema = OrderFulfillmentSchema.extend({
  "@ondc/org/TAT": DurationSchema,
  start: FulfillmentStartSchema.extend({ time: TimeRangeSchema }),
  end: FulfillmentEndSchema.extend({ time: TimeRangeSchema }),
});

const DocumentSchema = z.object({ url: UrlSchema, label: text });

/** Fulfillment states in which the goods have left the seller. */
const LEFT_THE_SELLER: readonly string[] = ["Order-picked-up", "Out-for-delivery", "Order-delivered"];

export const OnStatusSchema = z
  .object({
    context: contextOf("on_status", { ttl: "required" }),
    message: z.object({
      order: z
        .object({
          ...placedOrder,
          cancellation: CancellationSchema.optional(),
          fulfillments: z.array(z.union([DeliveryFulfillmentOnStatusSchema, OtherFulfillmentSchema])).min(1),
          documents: z.array(DocumentSchema).optional(),
        })
        .superRefine((order, context) => {
          itemsHaveFulfillments(order, context);
          paymentMatchesQuote(order, context);
          const states = order.fulfillments.map((f) => f.state.descriptor.code);
          // Once the goods have left the seller, the buyer app must be able to show the invoice.
          if (states.some((state) => LEFT_THE_SELLER.includes(state))) {
            if (!order.documents?.some((d) => d.label === "Invoice")) {
              context.addIssue({
                code: "custom",
                path: ["documents"],
                message: "an Invoice document is required once the order is picked up",
              });
            }
          }
          if (states.includes("Order-delivered") && order.state !== "Completed") {
            context.addIssue({ code: "custom", path: ["state"], message: "a delivered order is Completed" });
          }
        }),
    }),
  })
  .superRefine((body, context) => {
    // The moments of a delivery (utils/Retail/Status/onStatusPicked.ts, onStatusOutForDelivery.ts,
    // onStatusDelivered.ts): once picked up, the delivery carries its routing and the pickup's time, which is past and
    // not after the order's updated_at; once delivered, the delivery's time too, after the pickup.
    const sent = body.context.timestamp;
    for (const [index, fulfillment] of body.message.order.fulfillments.entries()) {
      if (!("start" in fulfillment) || !LEFT_THE_SELLER.includes(fulfillment.state.descriptor.code)) continue;
      const path = ["message", "order", "fulfillments", index];
      const issue = (where: (string | number)[], message: string) =>
        context.addIssue({ code: "custom", path: [...path, ...where], message });
      const routing = fulfillment.tags?.find((tag) => tag.code === "routing")?.list.find((entry) => entry.code === "type")?.value;
      if (routing !== "P2P" && routing !== "P2H2P") issue(["tags"], "a delivery under way carries a routing tag of type P2P or P2H2P");
      const pickedUp = fulfillment.start.time.timestamp;
      if (!pickedUp || !TimestampSchema.safeParse(pickedUp).success) {
        issue(["start", "time", "timestamp"], "the pickup's time is required");
        continue;
      }
      if (Date.parse(pickedUp) > Date.parse(sent)) issue(["start", "time", "timestamp"], "the pickup cannot be after the on_status");
      if (Date.parse(body.message.order.updated_at) < Date.parse(pickedUp)) {
        issue(["start", "time", "timestamp"], "the order's updated_at cannot be before the pickup");
      }
      if (fulfillment.state.descriptor.code !== "Order-delivered") continue;
      const delivered = fulfillment.end.time.timestamp;
      if (!delivered || !TimestampSchema.safeParse(delivered).success) {
        issue(["end", "time", "timestamp"], "the delivery's time is required");
        continue;
      }
      if (Date.parse(delivered) <= Date.parse(pickedUp)) issue(["end", "time", "timestamp"], "the delivery comes after the pickup");
      if (Date.parse(delivered) > Date.parse(sent)) issue(["end", "time", "timestamp"], "the delivery cannot be after the on_status");
    }
  });

export const OnCancelSchema = z.object({
  context: contextOf("on_cancel"),
  message: z.object({
    // The utility allows no other field on a cancelled order (additionalProperties: false).
    order: z
      .strictObject({
        ...placedOrder,
        state: z.literal("Cancelled"),
        cancellation: CancellationSchema,
        fulfillments: z
          .array(
            z.union([
              OrderFulfillmentSchema.partial({ start: true, end: true, tracking: true, "@ondc/org/provider_name": true }).extend({
                state: z.object({ descriptor: z.object({ code: z.enum(["Cancelled", "RTO-Initiated"]) }) }),
              }),
              OtherFulfillmentSchema,
            ]),
          )
          .min(1),
      })
      .superRefine((order, context) => itemsHaveFulfillments(order, context)),
  }),
});

export const OnUpdateSchema = z.object({
  context: contextOf("on_update"),
  message: z.object({
    order: z
      .object({
        ...placedOrder,
        // on_update always names the payment's transaction, cash on delivery or not.
        payment: OrderPaymentSchema.safeExtend({
          params: z.object({ currency: z.literal("INR"), transaction_id: text, amount: AmountSchema }),
        }),
        fulfillments: z
          .array(
            z.object({
              id: text,
              type: z.enum(["Delivery", "Cancel", "Return"]),
              "@ondc/org/provider_name": z.string().optional(),
              tracking: z.boolean().optional(),
              state: z.object({
                descriptor: z.object({
                  // on_update reports a delivery's state coarsely; its finer states are on_status's.
                  code: z.enum([
                    "Pending",
                    "Order-delivered",
                    "Cancelled",
                    "Accepted",
                    "Return_Initiated",
                    "Return_Pick_Failed",
                    "Return_Approved",
                    "Return_Picked",
                    "Return_Delivered",
                    "Liquidated",
                    "Return_Rejected",
                  ]),
                }),
              }),
              tags: z.array(TagSchema).optional(),
            }),
          )
          .min(1),
        documents: z.array(DocumentSchema).optional(),
      })
      .superRefine((order, context) => itemsHaveFulfillments(order, context)),
  }),
});

// ---- on_track, on_rating ----

export const OnTrackSchema = z.object({
  context: contextOf("on_track", { ttl: "required" }),
  message: z.object({
    // The utility asks for the agent's position and tags even where Beckn would let a url do.
    tracking: z.object({
      id: text,
      status: z.enum(["active", "inactive"]),
      url: UrlSchema.optional(),
      location: z.object({ gps: GpsSchema, time: z.object({ timestamp: TimestampSchema }), updated_at: TimestampSchema }),
      tags: z.array(TagSchema),
    }),
  }),
});

/** Beckn's on_rating (AGR build.yaml): an optional feedback form; retail adds its acknowledgements. */
export const OnRatingSchema = z.object({
  context: contextOf("on_rating"),
  message: z.object({
    feedback_form: z
      .object({
        form: z.object({ url: UrlSchema.optional(), mime_type: z.string().optional(), data: z.unknown().optional() }).optional(),
        required: z.boolean().optional(),
      })
      .optional(),
    feedback_ack: z.boolean().optional(),
    rating_ack: z.boolean().optional(),
  }),
});

// ---- IGM 1.0.0: on_issue, on_issue_status ----

const RespondentActionSchema = z.object({
  respondent_action: z.enum(["PROCESSING", "CASCADED", "RESOLVED", "NEED-MORE-INFO"]),
  short_desc: text,
  updated_at: TimestampSchema,
  updated_by: z.object({
    org: z.object({ name: text }),
    contact: z.object({ phone: PhoneSchema, email: z.email() }),
    person: z.object({ name: text }),
  }),
  cascaded_level: z.int().nonnegative().optional(),
});

const issueOf = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z.object({
    id: text,
    issue_actions: z.object({ respondent_actions: z.array(RespondentActionSchema).min(1) }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    ...extra,
  });

/** IGM names a respondent's organisation `<subscriber_id>::<domain>`, the domain being the context's (utils/igm/retOnIssue.ts). */
function orgsNameTheDomain(
  body: {
    context: { domain: string };
    message: { issue: { issue_actions: { respondent_actions: { updated_by: { org: { name: string } } }[] } } };
  },
  context: z.RefinementCtx,
) {
  body.message.issue.issue_actions.respondent_actions.forEach((action, index) => {
    if (!action.updated_by.org.name.endsWith(`::${body.context.domain}`)) {
      context.addIssue({
        code: "custom",
        path: ["message", "issue", "issue_actions", "respondent_actions", index, "updated_by", "org", "name"],
        message: `an organisation is named <subscriber_id>::${body.context.domain}`,
      });
    }
  });
}

export const OnIssueSchema = z
  .object({
    context: contextOf("on_issue", { coreVersions: ["1.0.0"] }),
    message: z.object({ issue: issueOf({}) }),
  })
  .superRefine(orgsNameTheDomain);

export const OnIssueStatusSchema = z
  .object({
    context: contextOf("on_issue_status", { coreVersions: ["1.0.0"] }),
    message: z.object({
      issue: issueOf({
        resolution_provider: z
          .object({
            respondent_info: z.object({
              type: z.enum(["INTERFACING-NP", "TRANSACTION-COUNTERPARTY-NP", "CASCADED-COUNTERPARTY-NP"]),
              organization: z.object({
                org: z.object({ name: text }),
                contact: z.object({ phone: PhoneSchema, email: z.email() }),
                person: z.object({ name: text }),
              }),
              resolution_support: z.object({ gros: z.array(z.object({ gro_type: text }).loose()).optional() }).loose(),
            }),
          })
          .optional(),
        resolution: z
          .object({
            short_desc: text,
            long_desc: z.string().optional(),
            action_triggered: z.enum(["REFUND", "REPLACEMENT", "RETURN", "CANCEL", "NO-ACTION"]),
            refund_amount: AmountSchema.optional(),
          })
          .refine((resolution) => resolution.action_triggered !== "REFUND" || resolution.refund_amount !== undefined, {
            message: "a REFUND names its refund_amount",
            path: ["refund_amount"],
          })
          .optional(),
      }).superRefine((issue, context) => {
        const resolved = issue.issue_actions.respondent_actions.some((a) => a.respondent_action === "RESOLVED");
        if (resolved && (!issue.resolution || !issue.resolution_provider)) {
          context.addIssue({
            code: "custom",
            path: ["resolution"],
            message: "a RESOLVED issue gives its resolution and resolution_provider",
          });
        }
      }),
    }),
  })
  .superRefine(orgsNameTheDomain);

/** Beckn's Error, carried by an `on_` callback that refuses (ONDC developer-docs error-codes.md). */
const BecknErrorSchema = z.object({
  type: z.enum(["CONTEXT-ERROR", "CORE-ERROR", "DOMAIN-ERROR", "POLICY-ERROR", "JSON-SCHEMA-ERROR"]),
  code: z.string().regex(/^\d{5}$/, "a five-digit ONDC error code"),
  message: z.string().optional(),
  path: z.string().optional(),
});

export const CALLBACK_SCHEMAS = {
  on_search: OnSearchSchema,
  on_select: OnSelectSchema,
  on_init: OnInitSchema,
  on_confirm: OnConfirmSchema,
  on_status: OnStatusSchema,
  on_track: OnTrackSchema,
  on_cancel: OnCancelSchema,
  on_update: OnUpdateSchema,
  on_rating: OnRatingSchema,
  on_issue: OnIssueSchema,
  on_issue_status: OnIssueStatusSchema,
} as const;
export type CallbackAction = keyof typeof CALLBACK_SCHEMAS;

/**
 * The schema a callback is held to. One that carries an `error` is a refusal: its context and its error are
 * checked, its message (often partial, such as an on_select naming only the items out of stock) is not.
 */
export function callbackSchemaFor(action: CallbackAction, body: unknown): z.ZodType {
  const schema = CALLBACK_SCHEMAS[action];
  const refused = typeof body === "object" && body !== null && "error" in body;
  return refused ? z.object({ context: schema.shape.context, message: z.unknown(), error: BecknErrorSchema }) : schema;
}
