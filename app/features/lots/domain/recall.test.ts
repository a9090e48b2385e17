import { describe, expect, it } from "vitest";
import { emailText } from "~/features/messaging/domain/emails/layout";
import { RECALL_REASON_MAX, RecallFormSchema } from "./recall";
import { recallEmail, recallSms } from "./recall-messages";

const store = {
  name: "Angle",
  address: "Pune",
  supportEmail: "help@angle.in",
  supportPhone: "+91 20 1234 5678",
  baseUrl: "https://angle.in",
};
const notice = { product: "Hybrid Tomato Seeds", size: "10 g", lot: "TS-2611-A", reason: "Germination below 70%" };

describe("the recall form", () => {
  it("needs a reason, trimmed, of at most 500 characters", () => {
    expect(RecallFormSchema.parse({ reason: "  Germination below 70%  " })).toEqual({ reason: "Germination below 70%" });
    for (const reason of ["", "   ", "x".repeat(RECALL_REASON_MAX + 1), undefined])
      expect(RecallFormSchema.safeParse({ reason }).success, String(reason)).toBe(false);
    const long = RecallFormSchema.safeParse({ reason: "x".repeat(RECALL_REASON_MAX + 1) });
    expect(long.error?.issues[0]?.message).toBe('recalls.reason_long{"max":500}');
  });
});

describe("the recall notice", () => {
  it("names the product, its size, the lot and the reason, and links to the customer's orders, in English", () => {
    const email = recallEmail(store, notice, "en");
    expect(email.subject).toBe("Important: Hybrid Tomato Seeds (10 g), lot TS-2611-A, is recalled");
    const text = emailText(email);
    expect(text).toContain("This lot is recalled. Reason: Germination below 70%");
    expect(text).toContain("Please stop using it");
    expect(text).toContain("https://angle.in/orders");
    const sms = recallSms("Angle", { ...notice, link: "https://angle.in/orders" }, "en");
    expect(sms.text).toBe(
      "Angle recall: Hybrid Tomato Seeds (10 g), lot TS-2611-A, must not be used. Keep it aside; we will replace or refund it. Details: https://angle.in/orders",
    );
    expect(sms.variables).toEqual({
      store: "Angle",
      product: "Hybrid Tomato Seeds (10 g)",
      lot: "TS-2611-A",
      link: "https://angle.in/orders",
    });
  });

  it("in Hindi, with the links to the Hindi pages", () => {
    const email = recallEmail(store, { ...notice, product: "हाइब्रिड टमाटर के बीज" }, "hi");
    expect(email.subject).toBe("ज़रूरी सूचना: हाइब्रिड टमाटर के बीज (10 g) का लॉट TS-2611-A वापस लिया गया है");
    const text = emailText(email);
    expect(text).toContain("कृपया इसका इस्तेमाल बंद करें");
    expect(text).toContain("https://angle.in/hi/orders");
    expect(recallSms("Angle", { ...notice, link: "https://angle.in/hi/orders" }, "hi").text).toMatch(
      /^Angle सूचना: .* का लॉट TS-2611-A वापस लिया गया है/,
    );
  });
});
