import { z } from "zod";
import { MAX_DELIVERY_DAYS, parsePincodeRanges } from "./delivery";
import { INDIAN_STATE_NAMES } from "../../../platform/core/indian-states";
import { parseRupeesToPaise } from "../../../platform/core/rupee-input";

// The admin's Delivery page (app/routes/admin/delivery.tsx); not in any storefront script.

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

const days = z.coerce
  .number("Delivery days must be a whole number.")
  .int("Delivery days must be a whole number.")
  .min(1, "Delivery days must be at least 1.")
  .max(MAX_DELIVERY_DAYS, `Delivery days must be at most ${MAX_DELIVERY_DAYS}.`);

/** The COD limit and the rule for everywhere no zone names. */
export const DeliveryGeneralFormSchema = z.object({
  codMax: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const paise = parseRupeesToPaise(value);
      if (paise === null) {
        ctx.addIssue({ code: "custom", message: "Enter the COD maximum in rupees, e.g. 50000." });
        return z.NEVER;
      }
      return paise;
    }),
  restServed: checkbox,
  restDays: days,
  restCod: checkbox,
});

/** A zone: its name, the States and pincode ranges it covers, and its rule. */
export const DeliveryZoneFormSchema = z
  .object({
    name: z.string().trim().min(1, "Please give the zone a name.").max(60, "A zone's name must be at most 60 characters."),
    states: z.array(z.enum(INDIAN_STATE_NAMES as [string, ...string[]], "Choose States from the list.")).max(INDIAN_STATE_NAMES.length),
    ranges: z
      .string()
      .max(2000, "At most 2,000 characters of pincode ranges.")
      .transform((text, ctx) => {
        const parsed = parsePincodeRanges(text);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }
        return parsed.ranges;
      }),
    served: checkbox,
    days,
    cod: checkbox,
  })
  .refine((zone) => zone.states.length > 0 || zone.ranges.length > 0, {
    message: "Choose at least one State or enter a pincode range.",
    path: ["states"],
  });
export type DeliveryZoneForm = z.infer<typeof DeliveryZoneFormSchema>;

/** A pincode the directory lacks, as an admin adds it. */
export const AddPincodeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, "Please enter a 6-digit pincode."),
  district: z.string().trim().min(1, "Please enter the district.").max(60, "A district must be at most 60 characters."),
  state: z.enum(INDIAN_STATE_NAMES as [string, ...string[]], "Please choose a State or Union Territory."),
});
