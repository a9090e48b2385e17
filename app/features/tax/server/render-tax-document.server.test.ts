import { describe, expect, it } from "vitest";
import { documentTotals } from "~/features/tax/domain/tax-documents";
import { pdfFonts, pdfText } from "../../../../tests/helpers/pdf-text";
import { creditNote, interStateInvoice, intraStateInvoice, longInvoice, sampleLine } from "../../../../tests/helpers/tax-document-samples";
import { renderTaxDocumentPdf } from "./render-tax-document.server";

/** Text with the runs of spaces pdftotext's layout puts between columns made single. */
const squeeze = (text: string) => text.replace(/[ \t]+/g, " ");
const pages = (text: string) => text.split("\f").filter((page) => page.trim() !== "");

describe("renderTaxDocumentPdf", () => {
  it("draws an intra-State tax invoice with everything rule 46 asks for, CGST and SGST", async () => {
    const pdf = await renderTaxDocumentPdf(intraStateInvoice());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = squeeze(await pdfText(pdf));

    expect(text).toContain("Tax Invoice");
    expect(text).toContain("Angle Agro Stores Private Limited");
    expect(text).toContain("Bengaluru, Karnataka 560022");
    expect(text).toContain("GSTIN: 29AABCA1234F1Z5");
    expect(text).toContain("State: Karnataka, State code: 29");
    expect(text).toContain("Invoice no. ANG/26-27/000123");
    // Issued 2026-11-22T04:30Z; placed 2026-11-20T15:10Z, which is already the 20th in India.
    expect(text).toContain("Invoice date 22 November 2026");
    expect(text).toContain("Order ID HJB23S-JRS89F-64EDTP");
    expect(text).toContain("Order date 20 November 2026");
    expect(text).toContain("Ramesh Gowda");
    expect(text).toContain("Survey No. 45, Hosahalli Village");
    expect(text).toContain("C/o Gowda Farms, Near Panchayat Office");
    expect(text).toContain("Phone: +91 98450 12345");
    expect(text).toContain("Place of supply: Karnataka (29)");
    expect(text).not.toContain("Against invoice");

    for (const hsn of ["1209", "8424", "3101", "9965"]) expect(text).toMatch(new RegExp(`\\b${hsn}\\b`));
    expect(text).toMatch(/S\.No Description/);
    expect(text).toMatch(/CGST\s+SGST/);
    expect(text).not.toContain("IGST");
    // The sprayer at 18%: 9% + 9% of ₹3,499, then its total.
    expect(text).toMatch(/1 pc ₹3,499 ₹3,499 9% ₹314\.91 9% ₹314\.91 ₹4,128\.82/);
    expect(text).toMatch(/3 pc ₹450 ₹1,350 2\.5% ₹33\.75 2\.5% ₹33\.75 ₹1,417\.50/);
    expect(text).toMatch(/Total ₹9,501 ₹474\.71 ₹474\.71 ₹10,450\.42/);
    expect(text).toContain("टमाटर बीज (Tomato");

    expect(text).toContain("Amount in words: Rupees Ten Thousand Four Hundred Fifty and Forty Two Paise Only");
    // The same amount in Hindi words on the line under it.
    expect(text).toMatch(/Amount in words: Rupees Ten Thousand .+ Paise Only\n.*: दस हज़ार चार सौ पचास रुपये और बयालीस पैसे मात्र\n/);
    expect(text).toContain("Tax payable on reverse charge: No");
    expect(text).toContain("For Angle Agro Stores Private Limited");
    expect(text).toContain("Authorised Signatory");
    expect(text).toContain("This is a computer-generated document.");
    expect(text).toContain("Page 1 of 1");
    expect(pages(text)).toHaveLength(1);
  });

  it("draws an inter-State invoice from a vendor with IGST at the line's full rate", async () => {
    const text = squeeze(await pdfText(await renderTaxDocumentPdf(interStateInvoice())));
    expect(text).toContain("Sahyadri Seeds & Saplings");
    expect(text).toContain("GSTIN: 27AAFCS9876K1Z2");
    expect(text).toContain("State: Maharashtra, State code: 27");
    expect(text).toContain("Invoice no. SAH/26-27/000007");
    expect(text).toContain("Place of supply: Karnataka (29)");
    expect(text).toContain("IGST");
    expect(text).not.toMatch(/CGST|SGST/);
    expect(text).toMatch(/1 pc ₹3,499 ₹3,499 18% ₹629\.82 ₹4,128\.82/);
    expect(text).toMatch(/3 pc ₹450 ₹1,350 5% ₹67\.50 ₹1,417\.50/);
    expect(text).toMatch(/Total ₹9,501 ₹949\.42 ₹10,450\.42/);
    // The description column is wide enough here for the whole Devanagari name on one line.
    expect(text).toContain("टमाटर बीज (Tomato seeds)");
    expect(text).toContain("For Sahyadri Seeds & Saplings");
  });

  it("draws a credit note with the invoice it is against", async () => {
    const text = squeeze(await pdfText(await renderTaxDocumentPdf(creditNote())));
    expect(text).toContain("Credit Note");
    expect(text).not.toContain("Tax Invoice");
    expect(text).toContain("Credit note no. ANGC/26-27/00004");
    expect(text).toContain("Credit note date 28 November 2026");
    expect(text).toContain("Against invoice ANG/26-27/000123 dated 22 November 2026");
    expect(text).toMatch(/Total ₹3,499 ₹314\.91 ₹314\.91 ₹4,128\.82/);
    expect(text).toContain("Amount in words: Rupees Four Thousand One Hundred Twenty Eight and Eighty Two Paise Only");
    expect(text).toMatch(/: चार हज़ार एक सौ अट्ठा[इई]स रुपये और बयासी पैसे मात्र/); // pdftotext may read this ई back as इ
  });

  it("continues a 60-line table over numbered pages, repeating the column headings", async () => {
    const text = squeeze(await pdfText(await renderTaxDocumentPdf(longInvoice())));
    const all = pages(text);
    expect(all.length).toBeGreaterThan(1);
    all.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${all.length}`);
      expect(page).toMatch(/S\.No Description/);
      expect(page).toMatch(/CGST\s+SGST/);
      if (i > 0) expect(page).toContain("Tax Invoice ANG/26-27/000124 (continued)");
    });
    for (let n = 1; n <= 60; n++) expect(text).toMatch(new RegExp(`Seed packet no\\. ${n}\\b`));
    // The totals, the amount in words and the signatory once, at the end.
    expect(text.match(/Amount in words/g)).toHaveLength(1);
    expect(text.match(/रुपये और चालीस पैसे मात्र/g)).toHaveLength(1);
    expect(all.at(-1)).toContain("रुपये और चालीस पैसे मात्र");
    expect(all.at(-1)).toContain("Authorised Signatory");
    expect(all[0]).not.toContain("Authorised Signatory");
  });

  it("keeps both amounts in words and the signatory together, wherever the table ends on the page", async () => {
    // One-line rows move the table's end in steps of a row, the buyer's extra address lines in
    // smaller ones; between them the closing meets the page's end at many heights. It fits whole
    // under the table or moves whole to the next page: never a signatory on a page of its own.
    const fits = new Set<boolean>();
    for (let extra = 0; extra <= 3; extra++) {
      for (let count = 15; count <= 17; count++) {
        const document = intraStateInvoice();
        document.lines = Array.from({ length: count }, (_, i) => sampleLine(`Seed packet no. ${i + 1}`, "1209", 1, 100_00, 5, true));
        document.totals = documentTotals(document.lines);
        document.buyer = {
          ...document.buyer,
          billingAddress: [...document.buyer.billingAddress, ...Array(extra).fill("Near the bus stand")],
        };
        const all = pages(squeeze(await pdfText(await renderTaxDocumentPdf(document))));
        const at = `${count} lines, ${extra} more address lines`;
        const closing = all.findIndex((page) => page.includes("Amount in words"));
        expect(closing, at).toBe(all.length - 1);
        expect(all[closing], at).toMatch(/Amount in words: .+ Only\n.*: .+ मात्र\n[\s\S]*Authorised Signatory/);
        fits.add(closing === 0);
      }
    }
    expect(fits).toEqual(new Set([true, false]));
  });

  it("keeps a lakh-sized amount on one line in its column", async () => {
    const document = intraStateInvoice();
    document.lines = [sampleLine("Power tiller, 9 HP diesel", "8432", 9, 1_23_45_678_90, 18, true)];
    document.totals = documentTotals(document.lines);
    const text = squeeze(await pdfText(await renderTaxDocumentPdf(document)));
    expect(text).toMatch(/9 pc ₹1,23,45,678\.90 ₹11,11,11,110\.10 9% ₹99,99,999\.91 9% ₹99,99,999\.91 ₹13,11,11,109\.92/);
  });

  it("prints every label in Hindi too, whatever the store's language", async () => {
    // pdftotext gives back the glyphs in visual order, so words with a vowel sign drawn before its
    // consonant (ि) or a reph (र्) come out jumbled; those are checked in the rendered page instead.
    const invoice = squeeze(await pdfText(await renderTaxDocumentPdf(intraStateInvoice())));
    for (const label of [
      "टैक्स इनवॉइस",
      "जीएसटीआईएन / GSTIN: 29AABCA1234F1Z5",
      "राज्य और कोड / State: Karnataka, State code: 29",
      "Invoice no. ANG/26-27/000123",
      "नंबर",
      "की तारीख",
      "BILL TO / खरीदार",
      "फ़ोन / Phone: +91 98450 12345",
      "ईमेल / Email:",
      "/ Place of supply: Karnataka (29)",
      "मात्रा",
      "कर योग्य मूल्य",
      "एचएसएन",
      "सीजीएसटी",
      "एसजीएसटी",
      "कुल",
      "/ Amount in words: Rupees Ten Thousand",
      ": दस हज़ार चार सौ पचास रुपये और बयालीस पैसे मात्र",
      "/ Tax payable on reverse charge: No / नहीं",
      "Authorised Signatory /",
      "This is a computer-generated document. /",
      "Page 1 of 1 / पृष्ठ 1/1",
    ]) {
      expect(invoice).toContain(label);
    }
    const inter = squeeze(await pdfText(await renderTaxDocumentPdf(interStateInvoice())));
    expect(inter).toMatch(/आ[इई]जीएसटी/); // pdftotext reads this ी back as ि
    const note = squeeze(await pdfText(await renderTaxDocumentPdf(creditNote())));
    expect(note).toContain("मूल इनवॉइस / Against invoice ANG/26-27/000123");
    expect(note).toContain("नोट नंबर");
    const long = pages(squeeze(await pdfText(await renderTaxDocumentPdf(longInvoice()))));
    expect(long[1]).toContain("Tax Invoice ANG/26-27/000124 (continued) / टैक्स इनवॉइस (जारी)");
  });

  it("embeds its fonts, a subset of Noto Sans Devanagari in two weights, and no other", async () => {
    const fonts = await pdfFonts(await renderTaxDocumentPdf(intraStateInvoice()));
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual(["NotoSansDevanagari-Bold", "NotoSansDevanagari-Regular"]);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
  });

  it("gives the same bytes for the same document, dated when it was issued", async () => {
    const [first, second] = await Promise.all([renderTaxDocumentPdf(creditNote()), renderTaxDocumentPdf(creditNote())]);
    expect(first.equals(second as Buffer)).toBe(true);
    // pdfkit writes the info dictionary's dates as string objects: the only dates in the file.
    expect(first.toString("latin1").match(/\(D:\d{14}Z\)/g)).toEqual(["(D:20261128090000Z)", "(D:20261128090000Z)"]);
  });

  it("refuses a document without a valid issue instant or with a negative total", async () => {
    await expect(renderTaxDocumentPdf({ ...intraStateInvoice(), issuedAt: "not a date" })).rejects.toThrow(RangeError);
    const negative = intraStateInvoice();
    negative.totals = { ...negative.totals, total: -100 };
    await expect(renderTaxDocumentPdf(negative)).rejects.toThrow(/non-negative number of paise/);
  });
});
