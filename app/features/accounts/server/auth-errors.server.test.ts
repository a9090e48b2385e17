import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ChangePasswordSchema, LoginSchema, RegisterSchema } from "~/features/accounts/domain/account";
import { MobileAuthSchema } from "~/features/accounts/domain/mobile-forms";
import { refusal } from "~/platform/core/refusal";
import { withLocale } from "~/platform/i18n/i18n.server";
import { english, formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { authRefusal, isSuspendedError, suspendedFailure } from "./auth-errors.server";

const hasLatinWords = (text: string) => /[A-Za-z]{3,}/.test(text.replace(/SMS|Angle|\S+@\S+/g, ""));

const refusals = [
  RegisterSchema.safeParse({}),
  RegisterSchema.safeParse({
    name: "x".repeat(81),
    email: "not-an-email",
    password: "short",
    phone: "123",
    street: "y".repeat(201),
    city: "z".repeat(61),
    state: "Atlantis",
    pincode: "012345",
  }),
  RegisterSchema.safeParse({ name: " ", email: "", password: "        ", phone: "", street: "", city: "", state: "", pincode: "" }),
  LoginSchema.safeParse({ email: `${"a".repeat(260)}@x.in`, password: "" }),
  ChangePasswordSchema.safeParse({ currentPassword: "", password: "x".repeat(129) }),
  MobileAuthSchema.safeParse({ intent: "verify", mobile: "", code: "12" }),
  MobileAuthSchema.safeParse({ intent: "send-code", mobile: "12345" }),
  MobileAuthSchema.safeParse({ intent: "nonsense" }),
];
const errorOf = (result: (typeof refusals)[number]) => {
  if (result.success) throw new Error("expected a refusal");
  return result.error as z.ZodError<unknown>;
};

describe("the account forms' refusals", () => {
  it("say the specification's English on an English page", () => {
    expect(withLocale("en", () => formErrors(errorOf(refusals[1] as (typeof refusals)[number])))).toEqual({
      name: "Full name is too long (80 characters at most).",
      email: "Please enter a valid email address.",
      password: "Password must be at least 8 characters.",
      phone: "Enter a 10-digit Indian mobile number, e.g. +91 98765 43210.",
      street: "Street address is too long (200 characters at most).",
      city: "City is too long (60 characters at most).",
      state: "Please choose your State or Union Territory.",
      pincode: "Pincode must be 6 digits and cannot start with 0.",
    });
  });

  it("have Hindi for every validation message", () => {
    for (const result of refusals) {
      const hindi = withLocale("hi", () => formErrors(errorOf(result)));
      expect(Object.keys(hindi).length).toBeGreaterThan(0);
      for (const [key, text] of Object.entries(hindi)) expect(hasLatinWords(text ?? ""), `${key}: ${text}`).toBe(false);
    }
  });
});

describe("Better Auth's refusals", () => {
  it("are told apart by Better Auth's error code, never by its words", () => {
    const refused = (code: string, message = "whatever Better Auth says") => new APIError("BAD_REQUEST", { code, message });
    expect(authRefusal(refused("INVALID_EMAIL_OR_PASSWORD"))).toEqual(refusal("account.invalid_email_or_password"));
    expect(authRefusal(refused("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"))).toEqual(refusal("account.user_exists"));
    expect(authRefusal(refused("INVALID_OTP"))).toEqual(refusal("account.code_refused"));
    expect(authRefusal(refused("RESERVED_EMAIL"))).toEqual(refusal("account.email_not_mailable"));
    // One it does not know is no sentence of Better Auth's on a page: an unexpected error.
    expect(authRefusal(refused("SOMETHING_NEW", "Something new happened"))).toEqual(refusal("account.unexpected"));
    expect(authRefusal(new Error("the database is down"))).toBeNull();
    expect(english(refusal("account.invalid_email_or_password"))).toBe("Invalid email or password");
    expect(renderRefusal(refusal("account.invalid_email_or_password"), "hi")).toBe("ईमेल या पासवर्ड सही नहीं है");
  });

  it("a suspended account is told so in the store's words, with the support contact, in either language", () => {
    expect(isSuspendedError(new APIError("FORBIDDEN", { code: "BANNED_USER", message: "banned" }))).toBe(true);
    const failure = suspendedFailure();
    expect(failure.status).toBe(403);
    expect(failure.message).toMatch(/^This account has been suspended, so it cannot sign in\./);
    const hindi = renderRefusal(failure.refusal, "hi");
    expect(hindi).toContain((failure.refusal.params as { email: string }).email);
    expect(hasLatinWords(hindi)).toBe(false);
  });
});
