import { z } from "zod";

/**
 * The outbox's pure rules (issue 11): how often a message is tried and when again, what an admin
 * may see of a recipient, and what may reach a mail header.
 */

/** A message is tried this many times, then marked failed for an admin to retry. */
export const MAX_ATTEMPTS = 8;

/** The wait before the next try after the n-th failed one (1-based): 1 min, 5 min, 30 min, 2 h, then 6 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/**
 * The wait after `attempts` failed tries, with up to ±20% jitter so many messages that failed
 * together (a mail server down) do not all come back in the same second. `random` is in [0, 1).
 */
export function backoffMs(attempts: number, random: number = Math.random()) {
  const base = BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1] ?? 60_000;
  return Math.round(base * (0.8 + 0.4 * random));
}

/** One line: CR, LF and other control characters become a space, so no header can be injected. */
export function oneLine(value: string) {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? " " : ch;
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** `asha@example.in` → `a***@example.in`: enough for an admin or a log to tell messages apart. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/** `+919876543210` → `+91******3210`. */
export function maskPhone(phone: string) {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.length <= 4) return "***";
  const keepStart = digits.startsWith("+") ? 3 : 0;
  return `${digits.slice(0, keepStart)}${"*".repeat(Math.max(3, digits.length - keepStart - 4))}${digits.slice(-4)}`;
}

export function maskRecipient(channel: "email" | "sms", recipient: string) {
  return channel === "email" ? maskEmail(recipient) : maskPhone(recipient);
}

/**
 * What is kept of a failure: one line, at most 300 characters, with any credentials in a URL
 * (smtp://user:pass@host) taken out.
 */
export function shortError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return oneLine(message.replace(/(\w+:\/\/)[^\s/@]*@/g, "$1***@")).slice(0, 300) || "Unknown error";
}

const MISSING = "Something is missing from the form. Please reload the page.";

/** The admin outbox page's form: Retry one failed message. */
export const OutboxActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("retry"), id: z.string({ error: MISSING }).trim().min(1, MISSING).max(64, MISSING) })],
  { error: "This form asked for an action the page does not know. Please reload the page and try again." },
);

/**
 * Every kind of message, essential or not, in one place. Essential ones (orders, account and
 * security, a vendor's listings, the admin's own notices) are always sent. A customer may turn
 * non-essential emails off on /account ("Messages"); none is sent today, the kinds are named for
 * what may come (a newsletter, a request to review a purchase). A kind not listed is essential.
 */
export const MESSAGE_KINDS = {
  "order-placed": "essential",
  "order-status": "essential",
  "order-status-sms": "essential",
  "order-shipment": "essential",
  "payment-received": "essential",
  "password-reset": "essential",
  "verify-email": "essential",
  "change-email": "essential",
  "registration-attempt": "essential",
  "sign-in-code": "essential",
  "admin-new-order": "essential",
  "admin-contact-message": "essential",
  "vendor-new-order": "essential",
  "listing-approved": "essential",
  "listing-rejected": "essential",
  // Returns (issue 15): the seller hears of a request, the customer of its decision.
  "return-requested": "essential",
  "return-decided": "essential",
  // Wishlists (issue 31): "Tell me when it's back", asked for by the customer; the email respects
  // "non-essential emails", the SMS goes as order SMS do (a proved number, SMS updates on or no email).
  "back-in-stock": "non-essential",
  "back-in-stock-sms": "essential",
  // A lot recalled: every customer who received it is told, whatever they chose about other messages.
  "lot-recall": "essential",
  "lot-recall-sms": "essential",
  newsletter: "non-essential",
  "review-request": "non-essential",
} as const satisfies Record<string, "essential" | "non-essential">;

export function isNonEssential(kind: string) {
  return (MESSAGE_KINDS as Record<string, string>)[kind] === "non-essential";
}

/**
 * Kinds whose text is a secret (a sign-in code, a link that signs in or sets a password): the outbox
 * forgets the text once it is sent, so a copy of the database holds no working link.
 */
export const SECRET_KINDS: readonly string[] = ["sign-in-code", "password-reset", "verify-email", "change-email", "registration-attempt"];
