import { z } from "zod";

export const PAYMENT_NAME_KEY_REQUIRED = "Payment method display name and unique key are required.";
export const PAYMENT_KEY_FORMAT = "Payment method key can only contain letters, numbers, and underscores.";
export const couldNotSave = (key: string) => `Could not save settings for ${key}.`;

export const BUILT_IN_METHODS = ["stripe", "razorpay", "cod", "bankTransfer"] as const;
export type BuiltInMethod = (typeof BUILT_IN_METHODS)[number];
export const METHOD_TYPES = ["gateway", "offline", "bank"] as const;

const text = (max: number) => z.string().trim().max(max).default("");
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const GatewayFormSchema = z.object({ enabled: flag, apiKey: text(200), secretKey: text(200) });
export const CodFormSchema = z.object({ enabled: flag, instructions: text(500) });
export const BankFormSchema = z.object({
  enabled: flag,
  instructions: text(500),
  accountName: text(120),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{0,18}$/, "Account number must be digits only (up to 18).")
    .default(""),
  bankName: text(120),
  ifscCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{4}0[A-Z0-9]{6})?$/, "IFSC code must look like SBIN0001234 (11 characters).")
    .default(""),
});

export const NewMethodSchema = z
  .object({
    name: text(60),
    key: text(40),
    type: z.enum(METHOD_TYPES, "Choose a type: gateway, offline or bank."),
  })
  .and(z.object({ enabled: flag, apiKey: text(200), secretKey: text(200), instructions: text(500) }))
  .and(BankFormSchema.omit({ enabled: true, instructions: true }))
  .superRefine((v, ctx) => {
    if (!v.name || !v.key) ctx.addIssue({ code: "custom", path: ["name"], message: PAYMENT_NAME_KEY_REQUIRED });
    else if (!/^[A-Za-z0-9_]+$/.test(v.key)) ctx.addIssue({ code: "custom", path: ["key"], message: PAYMENT_KEY_FORMAT });
    else if (/^(__proto__|constructor|prototype|toString|valueOf|hasOwnProperty)$/i.test(v.key)) {
      ctx.addIssue({ code: "custom", path: ["key"], message: "That key is reserved. Please choose another." });
    }
  });

export type Gateway = { enabled: boolean; apiKey: string; secretKey: string };
export type CustomMethod = {
  key: string;
  name: string;
  type: (typeof METHOD_TYPES)[number];
  enabled: boolean;
  apiKey: string;
  secretKey: string;
  instructions: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  ifscCode: string;
};
export type PaymentSettings = {
  stripe: Gateway;
  razorpay: Gateway;
  cod: { enabled: boolean; instructions: string };
  bankTransfer: { enabled: boolean; instructions: string; accountName: string; accountNumber: string; bankName: string; ifscCode: string };
  custom: CustomMethod[];
};

/** Spec §9: gateways off, cash on delivery on with 'Pay cash upon delivery.' */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  stripe: { enabled: false, apiKey: "", secretKey: "" },
  razorpay: { enabled: false, apiKey: "", secretKey: "" },
  cod: { enabled: true, instructions: "Pay cash upon delivery." },
  bankTransfer: { enabled: false, instructions: "", accountName: "", accountNumber: "", bankName: "", ifscCode: "" },
  custom: [],
};

/** What checkout offers a customer: key, label and the instructions to show. */
export type CheckoutMethod = { key: string; label: string; instructions: string };
