import { describe, expect, it } from "vitest";
import { formatMobile, placeholderEmail } from "~/features/accounts/domain/mobile";
import { pdfText } from "../../../../tests/helpers/pdf-text";
import { intraStateInvoice } from "../../../../tests/helpers/tax-document-samples";
import { renderTaxDocumentPdf } from "./render-tax-document.server";

describe("an invoice's Bill to", () => {
  it("never prints a mobile account's placeholder email, nor its number as a name", async () => {
    const invoice = intraStateInvoice();
    const mobile = "+919826012345";
    // An order placed before checkout asked for a name: the account's name was its number.
    invoice.buyer = { ...invoice.buyer, name: formatMobile(mobile), email: placeholderEmail(mobile), phone: "98260 12345" };
    const text = (await pdfText(await renderTaxDocumentPdf(invoice))).replace(/[ \t]+/g, " ");
    expect(text).not.toContain("invalid");
    expect(text).not.toContain("Email:");
    expect(text).toContain("Phone: +91 98260 12345");
  });

  it("prints a real name, phone and email", async () => {
    const text = (await pdfText(await renderTaxDocumentPdf(intraStateInvoice()))).replace(/[ \t]+/g, " ");
    expect(text).toContain("Ramesh Gowda");
    expect(text).toContain("Phone: +91 98450 12345");
    expect(text).toContain("Email: ramesh.gowda@example.in");
  });
});
