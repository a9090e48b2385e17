import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../orders/domain/orders";
import { assistedPayLinkSms, chooseSmsTemplate, orderStatusSms, refundSms, type SmsContent, signInCodeSms } from "./sms-messages";

/** The text a DLT template gives once MSG91 fills its `##name##` placeholders from the variables. */
const fill = (template: string, variables: Record<string, string>) =>
  template.replace(/##(\w+)##/g, (_, name: string) => variables[name] ?? `<missing ${name}>`);

/** The registered templates, as README ("SMS in Hindi") and the comments in sms-messages.ts give them. */
const TEMPLATES = {
  otp: {
    en: "##otp## is your Angle sign-in code. It expires in 10 minutes. Do not share it with anyone.",
    hi: "##otp## आपका Angle लॉग इन कोड है। यह 10 मिनट चलेगा। किसी को न बताएँ।",
  },
  orderStatus: {
    en: "Angle order ###order## is ##status##. Details: ##link##",
    hi: "आपका Angle ऑर्डर ###order## ##status##। पूरी जानकारी: ##link##",
  },
  payLink: {
    en: "##store##'s phone desk placed order ###order## for you: ##total##. Pay by UPI before ##until##: ##link## (did not ask for it? cancel it there)",
    hi: "##store## के फ़ोन डेस्क ने आपके लिए ऑर्डर ###order## रखा है: ##total##। ##until## तक UPI से भुगतान करें: ##link## (आपने नहीं माँगा? वहीं रद्द करें)",
  },
};

const expectTemplate = (sms: SmsContent, template: string) => expect(fill(template, sms.variables)).toBe(sms.text);

describe("the sign-in code SMS", () => {
  it("reads as its template in each language, with the code first for Android's autofill", () => {
    const en = signInCodeSms("Angle", "123456", "en");
    expect(en.text).toBe("123456 is your Angle sign-in code. It expires in 10 minutes. Do not share it with anyone.");
    expectTemplate(en, TEMPLATES.otp.en);

    const hi = signInCodeSms("Angle", "123456", "hi");
    expect(hi.text).toBe("123456 आपका Angle लॉग इन कोड है। यह 10 मिनट चलेगा। किसी को न बताएँ।");
    expect(hi.variables).toEqual({ otp: "123456" });
    expectTemplate(hi, TEMPLATES.otp.hi);
    // One Unicode SMS part holds 70 characters.
    expect(hi.text.length).toBeLessThanOrEqual(70);
  });
});

describe("the order status SMS", () => {
  const link = "https://angle.in/hi/order-confirmation/AB12CD34EF56GH78";
  const hindiWords = {
    pending: "हमें मिल गया है",
    confirmed: "पक्का हो गया है",
    shipped: "भेज दिया गया है",
    delivered: "पहुँच गया है",
    cancelled: "रद्द कर दिया गया है",
  };
  const englishWords = { pending: "placed", confirmed: "confirmed", shipped: "shipped", delivered: "delivered", cancelled: "cancelled" };

  it.each(ORDER_STATUSES)("says %s in Hindi as a sentence, not a form's label, as its template", (status) => {
    const sms = orderStatusSms("Angle", { id: "AB12CD34EF56GH78", status, link }, "hi");
    expect(sms.text).toBe(`आपका Angle ऑर्डर #AB12-CD34-EF56-GH78 ${hindiWords[status]}। पूरी जानकारी: ${link}`);
    expect(sms.text).not.toMatch(/स्थिति|लंबित/);
    expect(sms.variables).toEqual({ order: "AB12-CD34-EF56-GH78", status: hindiWords[status], link });
    expectTemplate(sms, TEMPLATES.orderStatus.hi);
  });

  it.each(ORDER_STATUSES)("says %s in English as before, as its template", (status) => {
    const english = link.replace("/hi/", "/");
    const sms = orderStatusSms("Angle", { id: "AB12CD34EF56GH78", status, link: english }, "en");
    expect(sms.text).toBe(`Angle order #AB12-CD34-EF56-GH78 is ${englishWords[status]}. Details: ${english}`);
    expect(sms.variables).toEqual({ order: "AB12-CD34-EF56-GH78", status: englishWords[status], link: english });
    expectTemplate(sms, TEMPLATES.orderStatus.en);
  });
});

describe("choosing an SMS's language and template", () => {
  const ids = { en: "tmpl-en", hi: "tmpl-hi" };

  it("sends Hindi under the Hindi template when one is registered, and English under the English one", () => {
    expect(chooseSmsTemplate("hi", ids, true)).toEqual({ locale: "hi", templateId: "tmpl-hi" });
    expect(chooseSmsTemplate("en", ids, true)).toEqual({ locale: "en", templateId: "tmpl-en" });
  });

  it("falls back to English under the English template through MSG91 without a Hindi template", () => {
    expect(chooseSmsTemplate("hi", { en: "tmpl-en" }, true)).toEqual({ locale: "en", templateId: "tmpl-en" });
  });

  it("writes Hindi to the file outbox, never under the English template id", () => {
    expect(chooseSmsTemplate("hi", {}, false)).toEqual({ locale: "hi", templateId: undefined });
    expect(chooseSmsTemplate("hi", { en: "tmpl-en" }, false)).toEqual({ locale: "hi", templateId: undefined });
    expect(chooseSmsTemplate("hi", ids, false)).toEqual({ locale: "hi", templateId: "tmpl-hi" });
    expect(chooseSmsTemplate("en", {}, false)).toEqual({ locale: "en", templateId: undefined });
  });
});

describe("the refund SMS", () => {
  const templates = {
    en: "Angle has refunded ##amount## for order ###order## (reference ##reference##). Details: ##link##",
    hi: "Angle ने ऑर्डर ###order## के ##amount## का रिफ़ंड भेज दिया है (रेफ़रेंस ##reference##)। पूरी जानकारी: ##link##",
  } as const;

  it("reads as its registered template in both languages, with the payout's UTR or the original payment method", () => {
    for (const locale of ["en", "hi"] as const) {
      for (const reference of ["SBIN426123456789", null]) {
        const sms = refundSms("Angle", { orderId: "abc", amount: "₹413.00", reference, link: "https://angle.in/o" }, locale);
        expect(fill(templates[locale], sms.variables)).toBe(sms.text);
        expect(sms.text).toContain(reference ?? (locale === "hi" ? "भुगतान का मूल तरीका" : "original payment method"));
      }
    }
  });
});

describe("the phone order's pay link SMS", () => {
  it("says who placed it, the amount, until when and the one link, as its template in each language", () => {
    const order = {
      id: "AB12CD34EF56GH78",
      total: "₹2,700.00",
      until: "30 November 2026 at 3:15 pm",
      link: "https://angle.in/orders/ab12/pay?t=x",
    };
    const en = assistedPayLinkSms("Angle", order, "en");
    expect(en.text).toContain("Angle's phone desk placed order #AB12-CD34-EF56-GH78");
    expect(en.text).toContain("₹2,700.00");
    expectTemplate(en, TEMPLATES.payLink.en);
    const hi = assistedPayLinkSms("Angle", { ...order, until: "30 नवंबर 2026, दोपहर 3:15" }, "hi");
    expect(hi.text).toContain("30 नवंबर 2026, दोपहर 3:15 तक UPI से भुगतान करें");
    expectTemplate(hi, TEMPLATES.payLink.hi);
  });
});
