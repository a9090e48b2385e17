import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ChangePasswordSchema, LoginSchema, RegisterSchema } from "~/features/accounts/domain/account";
import { fieldErrors } from "~/platform/core/form-errors";
import { TOO_MANY_ATTEMPTS } from "~/platform/i18n/messages";
import { MobileAuthSchema } from "~/features/accounts/domain/mobile-forms";
import { localizeAccountMessage, localizeFieldErrors } from "./account-messages.server";
import { withLocale } from "../../../platform/i18n/i18n.server";

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

describe("account messages in the page's language", () => {
  it("leaves every English message as it is", () => {
    for (const result of refusals) {
      if (result.success) throw new Error("expected a refusal");
      const fields = fieldErrors(result.error as z.ZodError<unknown>) as Record<string, string>;
      expect(withLocale("en", () => localizeFieldErrors(fields))).toEqual(fields);
    }
    expect(withLocale("en", () => localizeAccountMessage("Invalid email or password"))).toBe("Invalid email or password");
  });

  it("has Hindi for every validation message of the account forms", () => {
    for (const result of refusals) {
      if (result.success) throw new Error("expected a refusal");
      const fields = fieldErrors(result.error as z.ZodError<unknown>) as Record<string, string>;
      const hindi = withLocale("hi", () => localizeFieldErrors(fields));
      for (const [key, text] of Object.entries(hindi)) expect(hasLatinWords(text), `${key}: ${text}`).toBe(false);
    }
  });

  it("translates rate limits, Better Auth's refusals and the suspended notice", () => {
    withLocale("hi", () => {
      expect(localizeAccountMessage(TOO_MANY_ATTEMPTS(1))).toBe("बहुत बार कोशिश हो चुकी है। 1 सेकंड रुककर फिर से कोशिश करें।");
      expect(localizeAccountMessage(TOO_MANY_ATTEMPTS(42))).toContain("42 सेकंड");
      expect(localizeAccountMessage("Invalid email or password")).toBe("ईमेल या पासवर्ड सही नहीं है");
      const suspended = localizeAccountMessage(
        "This account has been suspended, so it cannot sign in. If you think this is a mistake, please contact Angle support at help@angle.in or +91 98765 43210.",
      );
      expect(suspended).toContain("help@angle.in");
      expect(suspended).toContain("+91 98765 43210");
      expect(hasLatinWords(suspended)).toBe(false);
      expect(localizeAccountMessage("Something nobody wrote down")).toBe("Something nobody wrote down");
    });
  });
});
