import { describe, expect, it } from "vitest";
import { escapeHtml, oneLine, renderEmail } from "./layout";

const store = {
  name: "Angle & Sons",
  address: "42 Krishi Bhavan Road, Bengaluru",
  supportEmail: "support@angle.in",
  supportPhone: "+91 80 4567 8900",
  baseUrl: "https://angle.example",
};

describe("the email layout", () => {
  it("keeps CR, LF and other line breaks out of the subject", () => {
    expect(oneLine("Seeds\r\nBcc: x@example.com\u2028more")).toBe("Seeds Bcc: x@example.com more");
    const email = renderEmail(store, { subject: "Order\r\n#1\n", heading: "Hi", blocks: [] });
    expect(email.subject).toBe("Order #1");
  });

  it("escapes every value in the HTML part, and keeps the text part literal", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const email = renderEmail(store, {
      subject: "x",
      heading: "<h1>",
      blocks: [
        { kind: "paragraph", text: "<img src=x onerror=alert(1)>" },
        { kind: "table", title: "T<", rows: [{ cells: ["<b>", "₹1,098"] }] },
        { kind: "link", label: "Open", path: '/order-confirmation/a"b' },
      ],
    });
    expect(email.html).not.toMatch(/<img|<b>|<h1>&|"b"/);
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(email.html).toContain("Angle &amp; Sons");
    expect(email.html).toContain('href="https://angle.example/order-confirmation/a%22b"');
    expect(email.text).toContain("<img src=x onerror=alert(1)>");
    expect(email.text).toContain("<b> — ₹1,098");
    expect(email.text).toContain("Open: https://angle.example/order-confirmation/a%22b");
    expect(email.text).toContain("42 Krishi Bhavan Road, Bengaluru");
    expect(email.text).toContain("support@angle.in · +91 80 4567 8900");
  });
});
