import { z } from "zod";

export const PAYMENT_NAME_KEY_REQUIRED = "Payment method display name and unique key are required.";
export const PAYMENT_KEY_FORMAT = "Payment method key can only contain letters, numbers, and underscores.";
export const couldNotSave = (key: string) => `Could not save settings for ${key}.`;
export const gatewayKeyNeeded = (name: string) => `Enter the API key to enable ${name}.`;
export const gatewaySecretNeeded = (name: string) => `Enter the secret key to enable ${name}.`;

/** A gateway cannot be switched on without both keys (a saved secret key counts). */
export function missingGatewayKeys(
  name: string,
  g: { enabled: boolean; apiKey: string; hasSecret: boolean },
): Record<string, string> | null {
  if (!g.enabled) return null;
  const fields: Record<string, string> = {};
  if (!g.apiKey) fields.apiKey = gatewayKeyNeeded(name);
  if (!g.hasSecret) fields.secretKey = gatewaySecretNeeded(name);
  return Object.keys(fields).length > 0 ? fields : null;
}

/** The fields each type of method has; the others are ignored on save. */
export const FIELDS_OF_TYPE = {
  gateway: ["apiKey", "secretKey", "webhookSecret"],
  offline: [],
  bank: ["accountName", "accountNumber", "bankName", "ifscCode"],
} as const;

export const METHOD_TYPES = ["gateway", "offline", "bank"] as const;

const text = (max: number) => z.string().trim().max(max).default("");
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const GatewayFormSchema = z.object({ enabled: flag, apiKey: text(200), secretKey: text(200), webhookSecret: text(200) });
// Each note a shopper reads comes in English and Hindi: a Hindi page shows the Hindi one (the English where it is blank).
export const CodFormSchema = z.object({ enabled: flag, instructions: text(500), instructionsHi: text(500) });
export const BankFormSchema = z.object({
  enabled: flag,
  instructions: text(500),
  instructionsHi: text(500),
  accountName: text(120),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{0,18}$/, "Account number must be digits only (up to 18).")
    .default(""),
  bankName: text(120),
  /** The branch, as ONDC's settlement details name it beside the IFSC code (docs/decisions/073-ondc-calls.md). */
  branchName: text(120),
  ifscCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{4}0[A-Z0-9]{6})?$/, "IFSC code must look like SBIN0001234 (11 characters).")
    .default(""),
});

/** An admin's own method's name on Hindi pages, saved with its section. */
export const CustomNameSchema = z.object({ nameHi: text(60) });

export const NewMethodSchema = z
  .object({
    name: text(60),
    nameHi: text(60),
    key: text(40),
    type: z.enum(METHOD_TYPES, "Choose a type: gateway, offline or bank."),
  })
  .and(z.object({ enabled: flag, apiKey: text(200), secretKey: text(200), instructions: text(500) }))
  .and(BankFormSchema.omit({ enabled: true, instructions: true, instructionsHi: true }))
  .and(z.object({ instructionsHi: text(500) }))
  .superRefine((v, ctx) => {
    if (!v.name || !v.key) ctx.addIssue({ code: "custom", path: ["name"], message: PAYMENT_NAME_KEY_REQUIRED });
    else if (!/^[A-Za-z0-9_]+$/.test(v.key)) ctx.addIssue({ code: "custom", path: ["key"], message: PAYMENT_KEY_FORMAT });
    else if (/^(__proto__|constructor|prototype|toString|valueOf|hasOwnProperty)$/i.test(v.key)) {
      ctx.addIssue({ code: "custom", path: ["key"], message: "That key is reserved. Please choose another." });
    }
  });

/** A gateway's keys; the secret key and the webhook secret (signs the gateway's webhooks) are sealed at rest. */
export type Gateway = { enabled: boolean; apiKey: string; secretKey: string; webhookSecret: string };
export type CustomMethod = {
  key: string;
  name: string;
  /** Its name and instructions on Hindi pages; blank: the English ones. */
  nameHi: string;
  type: (typeof METHOD_TYPES)[number];
  enabled: boolean;
  apiKey: string;
  secretKey: string;
  instructions: string;
  instructionsHi: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  ifscCode: string;
};
export type PaymentSettings = {
  stripe: Gateway;
  razorpay: Gateway;
  cod: { enabled: boolean; instructions: string; instructionsHi: string };
  bankTransfer: {
    enabled: boolean;
    instructions: string;
    instructionsHi: string;
    accountName: string;
    accountNumber: string;
    bankName: string;
    /** Absent in settings saved before it was asked. */
    branchName?: string;
    ifscCode: string;
  };
  custom: CustomMethod[];
};

/** Spec §9: gateways off, cash on delivery on with 'Pay cash upon delivery.' (in Hindi: its own sentence, glossary). */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  stripe: { enabled: false, apiKey: "", secretKey: "", webhookSecret: "" },
  razorpay: { enabled: false, apiKey: "", secretKey: "", webhookSecret: "" },
  cod: { enabled: true, instructions: "Pay cash upon delivery.", instructionsHi: "डिलीवरी पर नकद भुगतान करें।" },
  bankTransfer: {
    enabled: false,
    instructions: "",
    instructionsHi: "",
    accountName: "",
    accountNumber: "",
    bankName: "",
    branchName: "",
    ifscCode: "",
  },
  custom: [],
};

/** Labels of the methods the store itself offers, by the key an order stores (spec §9). */
export const PAYMENT_METHOD_LABELS = {
  card: "Credit/Debit Card",
  upi: "UPI Payment",
  cod: "Cash on Delivery",
  bank_transfer: "Bank Transfer",
  ondc_prepaid: "Paid via ONDC buyer app",
} as const satisfies Record<string, string>;

/** The admin's display names of their own methods, by key (see getPaymentMethodNames). */
export type PaymentMethodNames = Record<string, string>;

/** The one way a payment method is shown: its label, or the display name the admin gave it. */
export function paymentMethodLabel(key: string, names: PaymentMethodNames = {}): string {
  const labels: Readonly<Record<string, string>> = PAYMENT_METHOD_LABELS;
  const label = Object.hasOwn(labels, key) ? labels[key] : Object.hasOwn(names, key) ? names[key] : undefined;
  return label ?? key.replace(/_/g, " "); // a method removed since: its key is all that is left
}

/** What checkout offers a customer: key, label and the instructions to show. */
export type CheckoutMethod = { key: string; label: string; instructions: string };

/**
 * A note the admin writes in both languages, as a page in `locale` shows it: the Hindi one on a Hindi
 * page when there is one, else the English.
 */
export function noteIn(note: { english: string; hindi?: string | null }, locale: string): string {
  return locale === "hi" && note.hindi?.trim() ? note.hindi.trim() : note.english;
}

/**
 * The Hindi of a note saved before notes had one: the default's Hindi while the English is still
 * the default's, else none (a page shows the admin's own English rather than a Hindi that says
 * something else).
 */
export function savedHindiNote(
  saved: { instructions?: string; instructionsHi?: string } | undefined,
  fallback: { instructions: string; instructionsHi: string },
): string {
  if (typeof saved?.instructionsHi === "string") return saved.instructionsHi;
  return saved?.instructions === undefined || saved.instructions === fallback.instructions ? fallback.instructionsHi : "";
}
