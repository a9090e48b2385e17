import { expect, test } from "vitest";
import { ContactSchema } from "~/features/contact/domain/contact";
import { withLocale } from "~/platform/i18n/i18n.server";
import { issueText, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { RateLimitUnavailable } from "~/platform/rate-limit/rate-limit.server";
import { contactErrors, tooManyAttempts } from "./contact-errors.server";

const refused = (input: Record<string, string>) => {
  const parsed = ContactSchema.safeParse(input);
  if (parsed.success) throw new Error("expected a refusal");
  return parsed.error.issues;
};

test("in English the form's messages are the schema's own, word for word (the email's are the shared field's)", () => {
  const inputs: Record<string, string>[] = [
    { name: "", email: "", subject: " ", message: "" },
    { name: "x".repeat(500), email: "not-an-email", subject: "s".repeat(500), message: "m".repeat(6000) },
    { name: "Ravi", email: `${"a".repeat(300)}@example.in`, subject: "Seeds", message: "Hello" },
    { name: "Ravi", email: "", phone: "", subject: "Seeds", message: "Hello" },
    { name: "Ravi", email: "ravi@example", phone: "98765", subject: "Seeds", message: "Hello" },
  ];
  for (const input of inputs) {
    const issues = refused(input);
    const schemaOwn: Record<string, string> = {};
    for (const issue of issues) schemaOwn[String(issue.path[0])] ??= issueText(issue, "en");
    expect(withLocale("en", () => contactErrors(issues))).toEqual(schemaOwn);
  }
  expect(withLocale("en", () => tooManyAttempts(1))).toBe("Too many attempts. Please wait 1 second and try again.");
  expect(withLocale("en", () => tooManyAttempts(30))).toBe("Too many attempts. Please wait 30 seconds and try again.");
  const unavailable = new RateLimitUnavailable();
  expect(withLocale("en", () => renderRefusal(unavailable.refusal))).toBe(
    "We cannot take this request just now. Please try again in a minute.",
  );
  expect(unavailable.message).toBe("We cannot take this request just now. Please try again in a minute.");
});

test("a Hindi page's form answers in Hindi", () => {
  const errors = withLocale("hi", () => contactErrors(refused({ name: "", email: "not-an-email", subject: "", message: "" })));
  expect(errors).toEqual({
    name: "अपना नाम लिखें।",
    email: "सही ईमेल पता लिखें।",
    subject: "विषय लिखें।",
    message: "अपना संदेश लिखें।",
  });
  // Neither an email nor a mobile number: both fields say that one of them is needed.
  expect(withLocale("hi", () => contactErrors(refused({ name: "Ravi", email: "", subject: "s", message: "m" })))).toEqual({
    email: "कृपया ईमेल या मोबाइल नंबर डालें, ताकि हम आपको जवाब दे सकें।",
    phone: "कृपया ईमेल या मोबाइल नंबर डालें, ताकि हम आपको जवाब दे सकें।",
  });
  expect(withLocale("hi", () => contactErrors(refused({ name: "Ravi", phone: "12345", subject: "s", message: "m" })))).toEqual({
    phone: "10 अंकों का भारतीय मोबाइल नंबर डालें, जैसे 98765 43210।",
  });
  expect(withLocale("hi", () => tooManyAttempts(30))).toBe("बहुत बार कोशिश हो चुकी है। 30 सेकंड रुककर फिर से कोशिश करें।");
  expect(withLocale("hi", () => renderRefusal(new RateLimitUnavailable().refusal))).toBe(
    "अभी यह अनुरोध नहीं ले पा रहे हैं। एक मिनट बाद फिर से कोशिश करें।",
  );
});
