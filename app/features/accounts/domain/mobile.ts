/*
 * Signing in with an Indian mobile number and a one-time SMS code (docs/decisions/013-mobile-sign-in.md).
 * Pure rules shared by the dialog and the server: how a number is written, what a code looks like,
 * and the placeholder email an account made from a number carries.
 */

/** A code lives this long, and may be tried this many times before it is dead. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** The dialog offers "Resend code" after this wait. */
export const RESEND_AFTER_SECONDS = 30;

/**
 * An Indian mobile number in E.164 (`+91` and 10 digits starting 6–9), from what people type:
 * "98765 43210", "+91 98765-43210", "098765 43210", "91 9876543210". Null when it is not one.
 */
export function normaliseMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

/** An account's numbers as stored: the sign-in number (Better Auth's) and the profile phone with the number its code proved. */
type AccountNumbers = {
  phoneNumber?: string | null;
  phoneNumberVerified?: number | boolean | null;
  phone?: string | null;
  verified_phone?: string | null;
};

/**
 * The number order SMS may go to: the one a sign-in code proved, else the profile phone while it is
 * still the number its own code proved. Null when neither: a number anyone typed proves nothing
 * (docs/decisions/030-pre-registration-and-phones.md).
 */
export function provenMobile(account: AccountNumbers): string | null {
  if (account.phoneNumber && account.phoneNumberVerified) return account.phoneNumber;
  const profile = normaliseMobile(account.phone ?? "");
  return profile !== null && profile === account.verified_phone ? profile : null;
}

/** `+919876543210` → `+91 98765 43210`, for people to read. */
export function formatMobile(e164: string) {
  const digits = e164.replace(/^\+91/, "");
  return /^\d{10}$/.test(digits) ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : e164;
}

/** `+919876543210` → `+91•••••43210`: what a log or a message may show of a number. */
export function maskMobile(e164: string) {
  const digits = e164.replace(/\D/g, "");
  if (digits.length < 5) return "•••";
  return `+${digits.startsWith("91") && digits.length === 12 ? "91" : ""}•••••${digits.slice(-5)}`;
}

/** The reserved `.invalid` top-level domain (RFC 2606): no mail can ever be delivered there. */
const PLACEHOLDER_DOMAIN = "phone.angle.invalid";

/** The email Better Auth requires on an account made from a mobile number: `919876543210@phone.angle.invalid`. */
export function placeholderEmail(e164: string) {
  return `${e164.replace(/\D/g, "")}@${PLACEHOLDER_DOMAIN}`;
}

/** False for a mobile account's placeholder (and anything under `.invalid`): never mail it, never show it. */
export function hasRealEmail(email: string | null | undefined): email is string {
  if (!email) return false;
  return !/\.invalid$/i.test(email.trim());
}

/** What /account/mobile-auth answers: the next step, or what went wrong. */
export type MobileAuthResult =
  | { ok: true; step: "code"; mobile: string }
  | { ok: true; step: "signed-in" }
  | { ok: false; error: string; fields?: Record<string, string> };
