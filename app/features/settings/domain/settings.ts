import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import { validateGstin } from "../../tax/domain/gstin";
import { PRICE_DISPLAYS, TAX_MODES } from "../../tax/domain/gst";
import { SUBSIDISED_SALES } from "../../vendor-shops/domain/territory";
import { INDIAN_STATE_NAMES } from "../../../platform/core/indian-states";

export const GeneralSettingsSchema = z.object({
  siteTitle: z.string().trim().min(1, "Site title is required.").max(60),
  siteTagline: z.string().trim().max(120),
  /** The tagline on Hindi pages; blank: the English one. */
  siteTaglineHi: z.string().trim().max(120).default(""),
  adminEmail: z.email("Enter a valid email address.").or(z.literal("")),
  maintenanceMode: z.boolean(),
  // Issue 14: how GST is charged and shown, and who the store is on its tax invoices.
  taxMode: z.enum(TAX_MODES, "Choose a tax mode."),
  priceDisplay: z.enum(PRICE_DISPLAYS, "Choose how prices are shown."),
  storeLegalName: z.string().trim().min(2, "Enter the business's legal name.").max(100),
  storeGstin: z.string().transform((value, ctx) => {
    const result = validateGstin(value);
    if (result.ok) return result.gstin;
    // The admin panel's own words are English; the GSTIN's check says its problem as a refusal code.
    if (value.trim() === "") ctx.addIssue({ code: "custom", message: "Enter the store's GSTIN." });
    else ctx.addIssue({ code: "custom", message: refusalCode(result.error.code), params: result.error.params });
    return z.NEVER;
  }),
  /**
   * How shoppers reach the store, shown wherever the store names itself (footer, contact and legal
   * pages, emails) beside the registered address below: one source (docs/decisions/039-store-details.md).
   */
  supportPhone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{8,20}$/, "Enter the support phone number, e.g. +91 20 4567 8900.")
    .default("+91 80 4567 8900"),
  supportEmail: z.email("Enter a valid support email address.").default("support@angle.in"),
  supportHours: z.string().trim().min(5, "Enter the hours the phone is answered.").max(120).default("Monday to Saturday, 9 am – 7 pm IST"),
  /** The hours on Hindi pages; blank: the English ones. */
  supportHoursHi: z.string().trim().max(120).default(""),
  /** The registered place of business the GSTIN is for, as printed on invoices (one line per line). */
  storeGstAddress: z.string().trim().min(10, "Enter the address the GSTIN is registered at.").max(300),
  // Issue 29: shipping is a setting, in whole rupees; the specification's ₹500, free over ₹50,000.
  shippingFeeRupees: z.coerce
    .number("Enter the delivery charge in whole rupees.")
    .int("Enter the delivery charge in whole rupees.")
    .min(0, "Enter the delivery charge in whole rupees.")
    .max(100_000, "The delivery charge can be at most ₹1,00,000."),
  freeShippingOverRupees: z.coerce
    .number("Enter the free-delivery threshold in whole rupees.")
    .int("Enter the free-delivery threshold in whole rupees.")
    .min(0, "Enter the free-delivery threshold in whole rupees.")
    .max(100_00_000, "The free-delivery threshold can be at most ₹1,00,00,000."),
  // Regulated farm inputs (docs/decisions/057-territory.md). Fertiliser licences always limit delivery
  // to their States; seed and pesticide licences only when this is on.
  licenceStatesForSeedsAndPesticides: z.boolean().default(false),
  /** The States the store's own seed, fertiliser and pesticide licences are valid in; none: no limit. */
  storeLicenceStates: z.array(z.enum(INDIAN_STATE_NAMES as [string, ...string[]], "Choose the States from the list.")).default([]),
  subsidisedFertilisers: z.enum(SUBSIDISED_SALES, "Choose how subsidised fertilisers are sold.").default("not_for_delivery"),
  // Warehouse work (docs/decisions/058-warehouse-work.md): rule 138's ₹50,000, and the near-expiry alerts' window.
  ewayBillAboveRupees: z.coerce
    .number("Enter the e-way bill threshold in whole rupees.")
    .int("Enter the e-way bill threshold in whole rupees.")
    .min(0, "Enter the e-way bill threshold in whole rupees.")
    .max(100_00_000, "The e-way bill threshold can be at most ₹1,00,00,000.")
    .default(50_000),
  expiryWarningDays: z.coerce
    .number("Enter the number of days: a whole number from 1 to 365.")
    .int("Enter the number of days: a whole number from 1 to 365.")
    .min(1, "Enter the number of days: a whole number from 1 to 365.")
    .max(365, "Enter the number of days: a whole number from 1 to 365.")
    .default(60),
});
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

/** The settings form: an unticked checkbox is simply absent from the post. */
export const GeneralSettingsFormSchema = GeneralSettingsSchema.extend({
  maintenanceMode: z.preprocess((v) => v === "on", z.boolean()),
  licenceStatesForSeedsAndPesticides: z.preprocess((v) => v === "on", z.boolean()),
  // Ticked boxes: none is absent, one is a string, several a list.
  storeLicenceStates: z.preprocess((v) => (v === undefined ? [] : [v].flat()), GeneralSettingsSchema.shape.storeLicenceStates),
});

/** The sample store's GSTIN: the admin pages warn while it is still in use. */
export const SAMPLE_STORE_GSTIN = "27AAICA4417K1ZK";

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  siteTitle: "Angle",
  siteTagline: "Seeds, tools and machinery for every Indian farm",
  // Blank: Hindi pages show the sample tagline's Hindi while the English is the sample's (hindi-defaults.server.ts).
  siteTaglineHi: "",
  adminEmail: "",
  maintenanceMode: false,
  // Issue 29: each product's own GST rate, and prices shown as the farmer pays them (with GST). The
  // specification's arithmetic (flat 18% on a price before GST) is a choice the admin makes.
  taxMode: "by_rate",
  priceDisplay: "inclusive",
  // The sample store's registration (a well-formed GSTIN, not a real one): replace before trading.
  storeLegalName: "Angle Agri Stores Pvt. Ltd.",
  storeGstin: SAMPLE_STORE_GSTIN,
  storeGstAddress: "Gat No. 112, Chakan MIDC Phase II\nKhed, Pune, Maharashtra 410501",
  supportPhone: "+91 80 4567 8900",
  supportEmail: "support@angle.in",
  supportHours: "Monday to Saturday, 9 am – 7 pm IST",
  supportHoursHi: "सोमवार से शनिवार, सुबह 9 बजे से शाम 7 बजे तक (IST)",
  shippingFeeRupees: 500,
  freeShippingOverRupees: 50_000,
  licenceStatesForSeedsAndPesticides: false,
  storeLicenceStates: [],
  subsidisedFertilisers: "not_for_delivery",
  ewayBillAboveRupees: 50_000,
  expiryWarningDays: 60,
};

/** The store's address as one line: its legal name and the registered address the invoices print. */
export function storeAddressLine(settings: Pick<GeneralSettings, "storeLegalName" | "storeGstAddress">): string {
  const lines = settings.storeGstAddress
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  return [settings.storeLegalName, ...lines].join(", ");
}
