import { z } from "zod";
import {
  AGR10_CATEGORIES,
  AmountSchema,
  contextOf,
  DurationSchema,
  FULFILLMENT_TYPES,
  GpsSchema,
  paiseOf,
  PhoneSchema,
  PincodeSchema,
  TagSchema,
  text,
  TimestampSchema,
  UrlSchema,
} from "./schema-parts.ts";

/*
 * on_search: a seller app's catalogue for AGR10, from log-validation-utility's schema/Retail/RET/on_search.ts and
 * the catalogue checks of utils/Retail/Search/on_search.ts and utils/index.ts (see schemas.ts for the sources).
 */

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
