import { z } from "zod";
import { OnSearchSchema } from "./schema-catalog.ts";
import {
  AddressSchema,
  AmountSchema,
  BillingSchema,
  breakupNamesItems,
  contextOf,
  DurationSchema,
  FULFILLMENT_STATES,
  FULFILLMENT_TYPES,
  FulfillmentEndSchema,
  FulfillmentStartSchema,
  GpsSchema,
  InitPaymentSchema,
  itemsHaveFulfillments,
  ORDER_STATES,
  OrderIdSchema,
  OrderItemSchema,
  OrderPaymentSchema,
  paymentMatchesQuote,
  PhoneSchema,
  ProviderRefSchema,
  quoteOf,
  TagSchema,
  TermsTagSchema,
  text,
  TimeRangeSchema,
  TimestampSchema,
  UrlSchema,
} from "./schema-parts.ts";

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
 * The formats and an order's parts are in schema-parts.ts, the catalogue (on_search) in schema-catalog.ts.
 */

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
