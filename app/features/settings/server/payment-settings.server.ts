import {
  BankFormSchema,
  CodFormSchema,
  couldNotSave,
  CustomNameSchema,
  DEFAULT_PAYMENT_SETTINGS,
  FIELDS_OF_TYPE,
  GatewayFormSchema,
  missingGatewayKeys,
  NewMethodSchema,
  type CheckoutMethod,
  type CustomMethod,
  noteIn,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodNames,
  savedHindiNote,
  type PaymentSettings,
  type Gateway,
} from "~/features/payments/domain/payment-settings";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { type BankTransferDetails, hasBankDetails } from "~/features/payments/domain/bank-transfer";
import { open, seal } from "~/platform/secret-box.server";
import { readSetting, saveSetting } from "./save-setting.server";
import { parsedOnce } from "./parsed-once.server";
import type { Locale } from "~/platform/i18n/locale";
import { m } from "~/platform/i18n/i18n.server";

export class SettingsRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The form without the fields of other types (a page without JavaScript sends them all): ignored, not checked. */
function onlyFieldsOfType(type: unknown, form: Record<string, unknown>): Record<string, unknown> {
  const out = { ...form };
  for (const [t, names] of Object.entries(FIELDS_OF_TYPE)) if (t !== type) for (const n of names) delete out[n];
  return out;
}

/** Stored settings (secret keys still sealed) over the defaults: frozen, made once per stored text (parsedOnce). */
async function loadStored(): Promise<PaymentSettings> {
  return settingsOf(await readSetting("payment"));
}

/** The stored settings as loadStored gives them, to change and save: a copy. */
async function loadForChange(): Promise<PaymentSettings> {
  return structuredClone(await loadStored());
}

const settingsOf = parsedOnce((value): PaymentSettings => {
  if (value === undefined) return structuredClone(DEFAULT_PAYMENT_SETTINGS);
  try {
    const saved = JSON.parse(value) as Partial<PaymentSettings>;
    const d = structuredClone(DEFAULT_PAYMENT_SETTINGS);
    // Settings saved before webhook secrets existed have none; before Hindi notes, none in Hindi.
    return {
      ...d,
      ...saved,
      stripe: { ...d.stripe, ...saved.stripe },
      razorpay: { ...d.razorpay, ...saved.razorpay },
      cod: { ...d.cod, ...saved.cod, instructionsHi: savedHindiNote(saved.cod, d.cod) },
      bankTransfer: { ...d.bankTransfer, ...saved.bankTransfer, instructionsHi: savedHindiNote(saved.bankTransfer, d.bankTransfer) },
      custom: (saved.custom ?? []).map((m) => ({ ...m, nameHi: m.nameHi ?? "", instructionsHi: m.instructionsHi ?? "" })),
    };
  } catch {
    return structuredClone(DEFAULT_PAYMENT_SETTINGS);
  }
});

/** For the admin page: every secret replaced by whether one is set. Never sends a secret key. */
export async function getPaymentSettingsForAdmin() {
  const s = await loadStored();
  const mask = <T extends { secretKey: string }>(g: T) => ({ ...g, secretKey: "", hasSecret: Boolean(g.secretKey) });
  const maskGateway = (g: Gateway) => ({ ...mask(g), webhookSecret: "", hasWebhookSecret: Boolean(g.webhookSecret) });
  return { ...s, stripe: maskGateway(s.stripe), razorpay: maskGateway(s.razorpay), custom: s.custom.map(mask) };
}

/** A gateway's secret key, decrypted, for server-side use only. */
export async function getGatewaySecret(method: "stripe" | "razorpay"): Promise<string | null> {
  const sealed = (await loadStored())[method].secretKey;
  return sealed ? open(sealed) : null;
}

export type GatewayKeys = { enabled: boolean; keyId: string; secret: string; webhookSecret: string | null };

/**
 * A gateway's keys, decrypted, for server-side use only; null when it has no usable keys (never
 * set, or sealed with another PAYMENT_ENCRYPTION_KEY). `enabled` says whether checkout may offer it;
 * an order already paid through it can still be refunded when it has been switched off.
 */
export async function getGatewayKeys(gateway: "stripe" | "razorpay"): Promise<GatewayKeys | null> {
  const g = (await loadStored())[gateway];
  const secret = g.secretKey ? open(g.secretKey) : null;
  if (!g.apiKey || !secret) return null;
  return { enabled: g.enabled, keyId: g.apiKey, secret, webhookSecret: g.webhookSecret ? open(g.webhookSecret) : null };
}

/**
 * The gateway that takes a method's money: UPI through Razorpay; cards through Stripe when it is on,
 * else Razorpay. Null when none can.
 */
export async function gatewayForMethod(method: string): Promise<"stripe" | "razorpay" | null> {
  const s = await loadStored();
  const usable = (g: "stripe" | "razorpay") => s[g].enabled && Boolean(s[g].apiKey && s[g].secretKey);
  if (method === "upi") return usable("razorpay") ? "razorpay" : null;
  if (method === "card") return usable("stripe") ? "stripe" : usable("razorpay") ? "razorpay" : null;
  return null;
}

/** Saves one section of the payment settings. A blank secret key leaves the stored one unchanged. */
export async function savePaymentMethod(method: string, form: Record<string, unknown>) {
  const settings = await loadForChange();
  const parse = <T>(
    schema: {
      safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: import("zod").ZodError };
    },
    fields = form,
  ) => {
    const result = schema.safeParse(fields);
    if (!result.success) {
      const fields = fieldErrors(result.error);
      throw new SettingsRefused(Object.values(fields)[0] ?? couldNotSave(method), fields);
    }
    return result.data;
  };
  const refuseWithoutKeys = (name: string, g: { enabled: boolean; apiKey: string; secretKey: string }, saved: string) => {
    const fields = missingGatewayKeys(name, { enabled: g.enabled, apiKey: g.apiKey, hasSecret: Boolean(g.secretKey || saved) });
    if (fields) throw new SettingsRefused(firstError(fields), fields);
  };
  if (method === "stripe" || method === "razorpay") {
    const input = parse(GatewayFormSchema);
    refuseWithoutKeys(method === "stripe" ? "Stripe" : "Razorpay", input, settings[method].secretKey);
    settings[method] = {
      enabled: input.enabled,
      apiKey: input.apiKey,
      secretKey: input.secretKey ? seal(input.secretKey) : settings[method].secretKey,
      webhookSecret: input.webhookSecret ? seal(input.webhookSecret) : settings[method].webhookSecret,
    };
  } else if (method === "cod") {
    settings.cod = parse(CodFormSchema);
  } else if (method === "bankTransfer") {
    settings.bankTransfer = parse(BankFormSchema);
  } else {
    const index = settings.custom.findIndex((m) => m.key === method);
    const old = settings.custom[index];
    if (!old) throw new SettingsRefused(couldNotSave(method));
    const input = parse(GatewayFormSchema.extend(BankFormSchema.shape).extend(CustomNameSchema.shape), onlyFieldsOfType(old.type, form));
    if (old.type === "gateway") refuseWithoutKeys(old.name, input, old.secretKey);
    const { webhookSecret: _unused, ...fields } = input;
    settings.custom[index] = { ...old, ...fields, secretKey: input.secretKey ? seal(input.secretKey) : old.secretKey };
  }
  await saveSetting("payment", settings);
}

export async function addPaymentMethod(form: Record<string, unknown>) {
  const result = NewMethodSchema.safeParse(onlyFieldsOfType(form.type, form));
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new SettingsRefused(firstError(fields), fields);
  }
  const settings = await loadForChange();
  const input = result.data;
  if (input.type === "gateway") {
    const fields = missingGatewayKeys(input.name, { enabled: input.enabled, apiKey: input.apiKey, hasSecret: Boolean(input.secretKey) });
    if (fields) throw new SettingsRefused(firstError(fields), fields);
  }
  const taken = ["stripe", "razorpay", "cod", "bankTransfer", "card", "upi", "bank_transfer", ...settings.custom.map((m) => m.key)];
  if (taken.some((k) => k.toLowerCase() === input.key.toLowerCase())) {
    throw new SettingsRefused(`A payment method with the key "${input.key}" already exists.`, { key: "Choose another key." });
  }
  const method: CustomMethod = { ...input, secretKey: input.secretKey ? seal(input.secretKey) : "" };
  settings.custom.push(method);
  await saveSetting("payment", settings);
}

export async function removePaymentMethod(key: string) {
  const settings = await loadForChange();
  const next = settings.custom.filter((m) => m.key !== key);
  if (next.length === settings.custom.length) throw new SettingsRefused(couldNotSave(key));
  await saveSetting("payment", { ...settings, custom: next });
}

/**
 * What checkout offers: only methods that can really take the money. Card needs Stripe or Razorpay
 * switched on with its keys, UPI needs Razorpay; cash on delivery and bank transfer show their
 * instructions.
 */
export async function getCheckoutMethods(locale: Locale = "en"): Promise<CheckoutMethod[]> {
  const s = await loadStored();
  const o = { locale };
  const methods: CheckoutMethod[] = [];
  const cardGateway = await gatewayForMethod("card");
  if (cardGateway) {
    methods.push({
      key: "card",
      label: PAYMENT_METHOD_LABELS.card,
      instructions: m.checkout_card_instructions({ gateway: cardGateway === "stripe" ? "Stripe" : "Razorpay" }, o),
    });
  }
  if (await gatewayForMethod("upi")) {
    methods.push({
      key: "upi",
      label: PAYMENT_METHOD_LABELS.upi,
      instructions: m.checkout_upi_instructions({}, o),
    });
  }
  if (s.cod.enabled) {
    methods.push({
      key: "cod",
      label: PAYMENT_METHOD_LABELS.cod,
      instructions: noteIn({ english: s.cod.instructions, hindi: s.cod.instructionsHi }, locale),
    });
  }
  if (s.bankTransfer.enabled) {
    const b = s.bankTransfer;
    const details = [
      b.accountName && m.checkout_bank_account_name({ value: b.accountName }, o),
      b.accountNumber && m.checkout_bank_account_number({ value: b.accountNumber }, o),
      b.bankName && m.checkout_bank_bank({ value: b.bankName }, o),
      b.ifscCode && m.checkout_bank_ifsc({ value: b.ifscCode }, o),
    ]
      .filter(Boolean)
      .join(" · ");
    methods.push({
      key: "bank_transfer",
      label: PAYMENT_METHOD_LABELS.bank_transfer,
      instructions: [noteIn({ english: b.instructions, hindi: b.instructionsHi }, locale), details].filter(Boolean).join(" "),
    });
  }
  for (const c of s.custom) {
    if (!c.enabled) continue;
    const label = noteIn({ english: c.name, hindi: c.nameHi }, locale);
    methods.push({ key: c.key, label, instructions: noteIn({ english: c.instructions, hindi: c.instructionsHi }, locale) });
  }
  return methods;
}

/** Display names of the admin's own methods, enabled or not, for showing orders paid by them. */
export async function getPaymentMethodNames(locale: Locale = "en"): Promise<PaymentMethodNames> {
  return Object.fromEntries((await loadStored()).custom.map((c) => [c.key, noteIn({ english: c.name, hindi: c.nameHi }, locale)]));
}

/**
 * The store's bank account and instructions, for orders waiting for a bank transfer (issue 15): shown
 * until the transfer is recorded, even if checkout has stopped offering bank transfers since.
 */
export async function getBankTransferDetails(): Promise<BankTransferDetails | null> {
  const { instructions, instructionsHi, accountName, accountNumber, bankName, branchName, ifscCode } = (await loadStored()).bankTransfer;
  const details = { instructions, instructionsHi, accountName, accountNumber, bankName, ...(branchName ? { branchName } : {}), ifscCode };
  return hasBankDetails(details) ? details : null;
}
