import { describe, expect, it } from "vitest";
import { renderEmail } from "../../server/render-email.server";
import { sampleCustomerOrder, sampleStore } from "../../../../../tests/helpers/email-samples";
import { verifyEmailMessage } from "./account-messages";
import { orderPlacedEmail, orderStatusEmail } from "./messages";
import { orderCancelledEmail } from "./return-messages";

const store = sampleStore;
const order = {
  ...sampleCustomerOrder,
  lines: [
    { name: "Tomato Seeds", quantity: 2, unitPrice: 54_900, lineTotal: 109_800 },
    { name: "Hand Hoe", quantity: 1, unitPrice: 30_000, lineTotal: 30_000 },
  ],
  subtotal: 139_800,
  tax: 25_164,
  total: 214_964,
  paymentLabel: "कैश ऑन डिलीवरी",
  taxMode: "by_rate" as const,
  gst: { cgst: 12_582, sgst: 12_582, igst: 0 },
};
const parcel = { id: "s1", courier: "Delhivery", tracking: "DL123", shippedAt: "2026-11-04T09:00:00.000Z", items: ["Tomato Seeds × 2"] };

/** English sentences the layout or a builder could leak into a Hindi email. */
const ENGLISH =
  /Hello|Thank you|Your order|Subtotal|Shipping|Total|Items|Payment|View your|Questions\?|each|of which|Delivery timeline|Done/;

describe("an order's emails in Hindi", () => {
  it("writes the subject, body, dates, totals and footer in Hindi, and links to the Hindi order page", () => {
    const email = renderEmail(orderPlacedEmail(store, order, "hi"));
    expect(email.subject).toBe("आपका Angle ऑर्डर #ABC1-23DE-F456: Tomato Seeds और 1 अन्य सामान");
    expect(email.text).toContain("धन्यवाद! आपका ऑर्डर हो गया है।");
    expect(email.text).toContain("नमस्ते Asha Patil, 2 नवंबर 2026 को किया गया आपका ऑर्डर #ABC1-23DE-F456 हमें मिल गया है।");
    expect(email.text).toContain("Tomato Seeds × 2 — ₹549 प्रति नग — ₹1,098");
    expect(email.text).toContain("उप-योग — ₹1,398");
    expect(email.text).toContain("जीएसटी (सीजीएसटी ₹125.82 + एसजीएसटी ₹125.82) — ₹251.64");
    expect(email.text).toContain("कुल राशि — ₹2,149.64");
    expect(email.text).toContain("भुगतान का तरीका:\nकैश ऑन डिलीवरी");
    expect(email.text).toContain("अपना ऑर्डर देखें: https://angle.example/hi/order-confirmation/abc123def456");
    expect(email.text).toContain("कोई सवाल? support@angle.in · +91 80 4567 8900");
    expect(email.html).toContain('<html lang="hi-IN">');
    expect(email.html).toContain('href="https://angle.example/hi/order-confirmation/abc123def456"');
    expect(email.text).not.toMatch(ENGLISH);
    expect(email.html).not.toMatch(ENGLISH);
  });

  it("names the items, their packs and the State in Hindi", () => {
    const hindi = {
      ...order,
      address: { ...order.address, city: "Indore", state: "Madhya Pradesh", pincode: "452001" },
      lines: [{ name: "हाइब्रिड टमाटर के बीज (10 ग्राम)", quantity: 2, unitPrice: 54_900, lineTotal: 109_800 }],
    };
    const email = renderEmail(orderPlacedEmail(store, hindi, "hi"));
    expect(email.subject).toBe("आपका Angle ऑर्डर #ABC1-23DE-F456: हाइब्रिड टमाटर के बीज (10 ग्राम)");
    expect(email.text).toContain("हाइब्रिड टमाटर के बीज (10 ग्राम) × 2 — ₹549 प्रति नग — ₹1,098");
    expect(email.text).toContain("Indore, मध्य प्रदेश 452001");
    expect(email.text).not.toContain("Madhya Pradesh");
  });

  it("keeps the English email as it was", () => {
    const email = renderEmail(orderPlacedEmail(store, order));
    expect(renderEmail(orderPlacedEmail(store, order, "en"))).toEqual(email);
    expect(email.subject).toBe("Your Angle order #ABC1-23DE-F456: Tomato Seeds and 1 more");
    expect(email.text).toContain("Hello Asha Patil, we have received your order #ABC1-23DE-F456 placed on 2 November 2026.");
    expect(email.text).toContain("Tomato Seeds × 2 — ₹549 each — ₹1,098");
    expect(email.text).toContain("View your order: https://angle.example/order-confirmation/abc123def456");
    expect(email.text).toContain("Questions? support@angle.in · +91 80 4567 8900");
    expect(email.html).toContain('<html lang="en-IN">');
  });

  it("writes a status change and a cancellation in Hindi", () => {
    const shipped = renderEmail(
      orderStatusEmail(store, { id: order.id, customerName: "Asha", status: "shipped", shipments: [parcel] }, "hi"),
    );
    expect(shipped.subject).toBe("आपका Angle ऑर्डर #ABC1-23DE-F456: भेजा गया");
    expect(shipped.text).toContain("आपका ऑर्डर भेज दिया गया है।");
    // What happened, as a sentence: not a form's "स्थिति: भेजा गया".
    expect(shipped.text).toContain("नमस्ते Asha, आपका ऑर्डर #ABC1-23DE-F456 भेज दिया गया है।");
    expect(shipped.text).not.toContain("स्थिति");
    expect(shipped.text).toContain("✓ भेजा गया — हो गया");
    expect(shipped.text).toContain("○ पहुँच गया — 5-7 दिन");
    expect(shipped.text).toContain("Delhivery से 4 नवंबर 2026, दोपहर 2:30 भेजा गया");
    expect(shipped.text).toContain("ट्रैकिंग: DL123");
    expect(shipped.text).not.toMatch(ENGLISH);

    const cancelled = renderEmail(
      orderCancelledEmail(
        store,
        { id: order.id, customerName: "Asha", byCustomer: true, refund: { amountPaise: 214_964, kind: "gateway" }, invoiced: true },
        "hi",
      ),
    );
    expect(cancelled.subject).toBe("आपका Angle ऑर्डर #ABC1-23DE-F456 रद्द हो गया");
    expect(cancelled.text).toContain("आपने जो पूरी राशि चुकाई थी, ₹2,149.64, उसका रिफ़ंड");
    expect(cancelled.text).toContain("जीएसटी क्रेडिट नोट");
    expect(cancelled.text).not.toMatch(ENGLISH);
  });
});

describe("an account email in Hindi", () => {
  it("asks for the confirmation in Hindi, with a link to the Hindi page", () => {
    const email = renderEmail(verifyEmailMessage(store, { name: " Asha " }, "tok en", "hi"));
    expect(email.subject).toBe("Angle के लिए अपने ईमेल की पुष्टि करें");
    expect(email.text).toContain("नमस्ते Asha,");
    expect(email.text).toContain("यह लिंक 24 घंटे तक काम करेगा।");
    expect(email.text).toContain("मेरे ईमेल की पुष्टि करें: https://angle.example/hi/verify-email?token=tok%20en");
    expect(email.text).not.toMatch(/Hello|Confirm|Questions\?/);
    const english = renderEmail(verifyEmailMessage(store, { name: " Asha " }, "tok en"));
    expect(english.subject).toBe("Confirm your email for Angle");
    expect(english.text).toContain("Confirm my email: https://angle.example/verify-email?token=tok%20en");
  });
});
