import { describe, expect, it } from "vitest";
import { renderEmail } from "../../server/render-email.server";
import { type EmailMessage, oneLine } from "./layout";
import { orderPlacedEmail } from "./messages";
import { sampleCustomerOrder } from "../../../../../tests/helpers/email-samples";

const store = {
  name: "Angle & Sons",
  address: "42 Krishi Bhavan Road, Bengaluru",
  supportEmail: "support@angle.in",
  supportPhone: "+91 80 4567 8900",
  baseUrl: "https://angle.example",
};

const message = (m: Omit<EmailMessage, "store" | "locale">): EmailMessage => ({ store, locale: "en", ...m });

const VOID_ELEMENTS = new Set(["meta", "br"]);
const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-zA-Z-]+="[^"<>]*")*)(\/?)>/g;

/**
 * Reads an HTML document the way a strict parser would and returns its tags' attribute names: the
 * doctype, then one <html> element; every element closed in the order it opened (void ones
 * self-closed); every attribute value quoted; no raw < or > in text or in an attribute.
 */
function wellFormed(html: string): string[] {
  const doctype = "<!doctype html>\n";
  expect(html.startsWith(doctype)).toBe(true);
  const body = html.slice(doctype.length);
  const open: string[] = [];
  const attributes: string[] = [];
  let roots = 0;
  let end = 0;
  for (const tag of body.matchAll(TAG)) {
    expect(body.slice(end, tag.index)).not.toMatch(/[<>]/);
    end = tag.index + tag[0].length;
    const [, closing, name = "", attrs = "", selfClosing] = tag;
    attributes.push(...[...attrs.matchAll(/\s+([a-zA-Z-]+)="[^"]*"/g)].map((a) => a[1] ?? ""));
    if (closing) {
      expect(open.pop()).toBe(name);
    } else if (VOID_ELEMENTS.has(name)) {
      expect(selfClosing).toBe("/");
    } else {
      expect(selfClosing).toBe("");
      if (open.length === 0) roots++;
      open.push(name);
    }
  }
  expect(body.slice(end)).toBe("");
  expect(open).toEqual([]);
  expect(roots).toBe(1);
  return attributes;
}

describe("the email layout", () => {
  it("keeps CR, LF and other line breaks out of the subject", () => {
    expect(oneLine("Seeds\r\nBcc: x@example.com\u2028more")).toBe("Seeds Bcc: x@example.com more");
    const email = renderEmail(message({ subject: "Order\r\n#1\n", heading: "Hi", blocks: [] }));
    expect(email.subject).toBe("Order #1");
  });

  it("escapes every value in the HTML part, and keeps the text part literal", () => {
    expect(renderEmail(message({ subject: "x", heading: `<a href="x">'&'</a>`, blocks: [] })).html).toContain(
      '<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;</h1>',
    );
    const email = renderEmail(
      message({
        subject: "x",
        heading: "<h1>",
        blocks: [
          { kind: "paragraph", text: "<img src=x onerror=alert(1)>" },
          { kind: "table", title: "T<", rows: [{ cells: ["<b>", "₹1,098"] }] },
          { kind: "link", label: "Open", path: '/order-confirmation/a"b' },
        ],
      }),
    );
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

  it("draws the layout: the document, the header, each kind of block and the footer, with their inline styles", () => {
    const email = renderEmail(
      message({
        subject: "Your order",
        heading: "Thank you",
        blocks: [
          { kind: "lines", title: "Ship to", lines: ["1 Test Street", "Pune"] },
          { kind: "table", head: ["Item", "Price"], rows: [{ cells: ["Seeds", "₹549"] }, { cells: ["Total", "₹549"], strong: true }] },
          { kind: "link", label: "View your order", path: "/order-confirmation/o1" },
        ],
      }),
    );
    expect(email.html).toMatch(
      /^<!doctype html>\n<html lang="en-IN"><head><meta charSet="utf-8"\/><meta name="viewport" content="width=device-width,initial-scale=1"\/><title>Your order<\/title><\/head>/,
    );
    expect(email.html).toContain(
      '<body style="margin:0;padding:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">',
    );
    expect(email.html).toContain(
      '<td style="background:#14532d;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">Angle &amp; Sons</td>',
    );
    expect(email.html).toContain(
      '<p style="margin:0 0 4px;font-size:15px;font-weight:bold">Ship to</p><p style="margin:0 0 16px;font-size:14px;line-height:1.5">1 Test Street<br/>Pune</p>',
    );
    expect(email.html).toContain(
      '<th style="padding:6px 8px;border-bottom:1px solid #e7e5e4;font-size:14px;text-align:right;color:#57534e">Price</th>',
    );
    expect(email.html).toContain(
      '<td style="padding:6px 8px;border-bottom:1px solid #e7e5e4;font-size:14px;text-align:left;font-weight:bold">Total</td>',
    );
    expect(email.html).toContain(
      '<a href="https://angle.example/order-confirmation/o1" style="display:inline-block;background:#15803d;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;font-size:15px">View your order</a>',
    );
    expect(email.html).toContain(
      'Angle &amp; Sons<br/>42 Krishi Bhavan Road, Bengaluru<br/>Questions? <a href="mailto:support@angle.in" style="color:#15803d">support@angle.in</a> · +91 80 4567 8900</td>',
    );
    expect(email.html.endsWith("</body></html>")).toBe(true);
    wellFormed(email.html);
  });

  it("escapes a hostile product name and an attribute-breaking value in a whole order email, which stays well-formed", () => {
    const script = "<script>alert(1)</script>";
    const breaking = `" onmouseover="alert(1)`;
    const hostileStore = { ...store, name: `Angle${breaking}`, supportEmail: `help@angle.in${breaking}` };
    const email = renderEmail(
      orderPlacedEmail(hostileStore, {
        ...sampleCustomerOrder,
        customerName: `Asha${breaking}`,
        lines: [{ name: script, quantity: 1, unitPrice: 54_900, lineTotal: 54_900 }],
        subtotal: 54_900,
        tax: 9_882,
        total: 64_782,
        paymentLabel: "Cash on Delivery",
      }),
    );
    // The product's name is in the subject, so in <title> as well as in the items table.
    expect(email.subject).toBe(`Your Angle${breaking} order #ABC1-23DE-F456: ${script}`);
    expect(email.html).toContain(
      "<title>Your Angle&quot; onmouseover=&quot;alert(1) order #ABC1-23DE-F456: &lt;script&gt;alert(1)&lt;/script&gt;</title>",
    );
    expect(email.html).toContain(">&lt;script&gt;alert(1)&lt;/script&gt; × 1</td>");
    expect(email.html).not.toContain("<script");
    // In an attribute the quote stays inside the value; no handler attribute appears.
    expect(email.html).toContain('href="mailto:help@angle.in&quot; onmouseover=&quot;alert(1)"');
    expect(email.html).toContain("Hello Asha&quot; onmouseover=&quot;alert(1),");
    expect(email.html).not.toContain(breaking);
    const attributes = wellFormed(email.html);
    expect(attributes).toContain("href");
    expect(attributes.filter((a) => /^on/i.test(a))).toEqual([]);
    // The text part is literal: nothing to escape in text/plain.
    expect(email.text).toContain(`${script} × 1`);
  });
});
