/*
 * Addresses no account may be given by a person. `.invalid` (RFC 2606) is where SMS sign-in puts the
 * email Better Auth requires of an account it makes for a number (`919876543210@phone.angle.invalid`,
 * docs/decisions/013-mobile-sign-in.md): an email account taking one first would block that number's
 * sign-up. `.example` and `.localhost` (RFC 2606, 6761) can never receive mail either, so an account
 * there could never be confirmed. `.test` is reserved as well but stays open: it is what test stores
 * and their own end-to-end runs register with, and nothing of ours lives under it.
 */

export const EMAIL_NOT_MAILABLE = "Please enter an email address that can receive mail.";

const RESERVED_TOP_LEVEL = ["invalid", "example", "localhost"];

/** True for an address under a top-level domain that cannot receive mail (including SMS sign-in's placeholders). */
export function isReservedEmail(email: string) {
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  const top = domain.replace(/\.+$/, "").split(".").pop() ?? "";
  return RESERVED_TOP_LEVEL.includes(top);
}
