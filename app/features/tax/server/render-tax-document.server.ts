import PDFDocument from "pdfkit";
import { amountInHindiWords } from "~/features/tax/domain/amount-in-hindi-words";
import { amountInWords } from "~/features/tax/domain/amount-in-words";
import { formatIsoDay, indiaToday } from "~/platform/core/india-day";
import { TAX_DOCUMENT_HINDI as HI, TAX_DOCUMENT_TITLES, type TaxDocument } from "~/features/tax/domain/tax-documents";
import { shownContact } from "~/features/accounts/domain/contact";
import { loadDocumentFonts } from "./document-fonts.server";
import { BODY_SIZE, FONT, INK, SMALL_SIZE } from "./document-style.server";
import { drawLinesTable } from "./document-table.server";
import { formatOrderId } from "~/platform/core/order-id";

type Doc = PDFKit.PDFDocument;

const MARGIN = 36;
/** Room under the content for the footer line on every page. */
const FOOTER_ROOM = 22;

/** "22 November 2026": the day in India of an ISO instant. */
function indiaDate(instant: string): string {
  return formatIsoDay(indiaToday(new Date(instant)));
}

function place(stateName: string, stateCode: string): string {
  return `${stateName} (${stateCode})`;
}

/**
 * A tax invoice or credit note as a PDF (CGST Rules rule 46; a credit note, rule 53): A4 portrait,
 * the seller and the document's number and date, the buyer's billing and delivery addresses, the
 * place of supply, the lines with HSN and CGST + SGST or IGST, totals, the amount in words (in
 * English, then in Hindi), the reverse-charge statement and the signatory line. Long tables
 * continue on further pages under repeated column headings, and every page is numbered "Page 1 of
 * 2". Every label is in English and Hindi (TAX_DOCUMENT_HINDI): the Hindi under a heading or a
 * label, or before an inline "Label: value".
 *
 * The same document gives the same bytes: the PDF's dates and ID come from `issuedAt`. A document
 * that cannot be drawn (no valid `issuedAt`, a negative total) rejects with a RangeError.
 */
export async function renderTaxDocumentPdf(document: TaxDocument): Promise<Buffer> {
  const fonts = loadDocumentFonts();
  const title = TAX_DOCUMENT_TITLES[document.kind];
  const issued = new Date(document.issuedAt);
  if (Number.isNaN(issued.getTime())) throw new RangeError(`${title} ${document.number} has no valid issuedAt (${document.issuedAt}).`);

  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_ROOM },
    bufferPages: true,
    lang: "en-IN",
    displayTitle: true,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.seller.name,
      Creator: "Angle",
      CreationDate: issued,
      ModDate: issued,
    },
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(INK.text);

  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  drawHeading(doc, document, title);
  drawParties(doc, document);
  drawLinesTable(doc, document, () => drawContinuedHeading(doc, document, title));
  drawClosing(doc, document, title);
  drawFooters(doc, document, title);
  doc.end();
  return done;
}

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Label-and-value lines in a column, each label's Hindi under it; returns the y under them. */
function facts(doc: Doc, x: number, y: number, width: number, rows: [string, string, string][]): number {
  const labelWidth = 78;
  let top = y;
  for (const [label, hindi, value] of rows) {
    doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(INK.muted).text(label, x, top, { width: labelWidth, lineBreak: false });
    doc.fontSize(SMALL_SIZE).text(hindi, x, doc.y - 1, { width: labelWidth, lineBreak: false });
    const hindiBottom = doc.y;
    doc
      .font(FONT.bold)
      .fontSize(BODY_SIZE)
      .fillColor(INK.text)
      .text(value, x + labelWidth, top, { width: width - labelWidth });
    top = Math.max(doc.y, hindiBottom) + 1;
  }
  return top;
}

function drawHeading(doc: Doc, document: TaxDocument, title: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const rightWidth = 220;
  const leftWidth = width - rightWidth - 20;
  const rightX = left + width - rightWidth;
  const top = doc.y;
  const { seller } = document;

  doc.font(FONT.bold).fontSize(13).fillColor(INK.text).text(seller.name, left, top, { width: leftWidth });
  doc.font(FONT.regular).fontSize(BODY_SIZE);
  for (const line of seller.address) doc.text(line, { width: leftWidth });
  doc.moveDown(0.2);
  doc.text(`${HI.gstin} / GSTIN: ${seller.gstin}`, { width: leftWidth });
  doc.text(`${HI.state} / State: ${seller.stateName}, State code: ${seller.stateCode}`, { width: leftWidth });
  const sellerBottom = doc.y;

  doc
    .font(FONT.bold)
    .fontSize(17)
    .text(title, rightX, top - 3, { width: rightWidth });
  doc.fontSize(12).text(HI.title[document.kind], rightX, doc.y - 2, { width: rightWidth });
  const kind = document.kind === "invoice" ? "Invoice" : "Credit note";
  const rows: [string, string, string][] = [
    [`${kind} no.`, HI.number[document.kind], document.number],
    [`${kind} date`, HI.date[document.kind], indiaDate(document.issuedAt)],
    ["Order ID", HI.orderId, formatOrderId(document.orderId)],
    ["Order date", HI.orderDate, indiaDate(document.orderPlacedAt)],
    ...(document.ewayBillNo ? [["E-way bill no.", HI.ewayBill, document.ewayBillNo] as [string, string, string]] : []),
  ];
  const factsBottom = facts(doc, rightX, doc.y + 2, rightWidth, rows);

  doc.y = Math.max(sellerBottom, factsBottom) + 4;
  if (document.refersTo) {
    // Rule 53(1)(g): the invoice a credit note corrects.
    const against = `${HI.againstInvoice} / Against invoice ${document.refersTo.number} dated ${indiaDate(document.refersTo.issuedAt)}`;
    doc
      .font(FONT.bold)
      .fontSize(BODY_SIZE)
      .fillColor(INK.text)
      .text(against, left, doc.y + 2, { width });
  }
  doc.y += 4;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.8)
    .strokeColor(INK.rule)
    .stroke();
  doc.y += 8;
}

function drawParties(doc: Doc, document: TaxDocument): void {
  const left = doc.page.margins.left;
  const gap = 20;
  const columnWidth = (contentWidth(doc) - gap) / 2;
  const top = doc.y;
  const { buyer } = document;
  // Never a mobile account's placeholder email, nor its number standing in for a name.
  const shown = shownContact(buyer);
  const party = (x: number, label: string, hindi: string, name: string, lines: string[], contact: string[]) => {
    doc
      .font(FONT.bold)
      .fontSize(SMALL_SIZE)
      .fillColor(INK.muted)
      .text(label.toUpperCase(), x, top, { width: columnWidth, characterSpacing: 0.4, continued: true })
      // No letter spacing in Devanagari: it would pull a word's conjuncts apart.
      .text(` / ${hindi}`, { characterSpacing: 0 });
    doc.font(FONT.bold).fontSize(10).fillColor(INK.text).text(name, { width: columnWidth });
    doc.font(FONT.regular).fontSize(BODY_SIZE);
    for (const line of lines) doc.text(line, { width: columnWidth });
    for (const line of contact) doc.text(line, { width: columnWidth });
    return doc.y;
  };
  // A registered buyer's invoice is made out to its legal name and GSTIN (docs/decisions/051-business-buyers.md).
  const billed = buyer.business;
  const billBottom = party(
    left,
    "Bill to",
    HI.billTo,
    billed?.legalName ?? shown.label,
    [...(billed ? [`${HI.gstin} / GSTIN: ${billed.gstin}`] : []), ...buyer.billingAddress],
    [
      ...(billed ? [shown.label] : []),
      ...(shown.phone ? [`${HI.phone} / Phone: ${shown.phone}`] : []),
      ...(shown.email ? [`${HI.email} / Email: ${shown.email}`] : []),
    ],
  );
  const shipBottom = party(left + columnWidth + gap, "Ship to", HI.shipTo, shown.label, buyer.deliveryAddress, []);
  doc.y = Math.max(billBottom, shipBottom) + 6;
  const { stateName, stateCode } = document.placeOfSupply;
  doc
    .font(FONT.bold)
    .fontSize(BODY_SIZE)
    .fillColor(INK.text)
    .text(`${HI.placeOfSupply} / Place of supply: ${place(stateName, stateCode)}`, left, doc.y);
  doc.y += 6;
}

/** The top of a page the table continues on. */
function drawContinuedHeading(doc: Doc, document: TaxDocument, title: string): void {
  const left = doc.page.margins.left;
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(INK.text)
    .text(`${title} ${document.number} (continued) / ${HI.title[document.kind]} (${HI.continued})`, left, doc.page.margins.top);
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(INK.muted).text(`${document.seller.name} · GSTIN ${document.seller.gstin}`);
  doc.y += 6;
}

function drawClosing(doc: Doc, document: TaxDocument, title: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const signatureWidth = 200;
  const words = `${HI.amountInWords} / Amount in words: ${amountInWords(document.totals.total)}`;
  const hindiWords = `${HI.amountInWords}: ${amountInHindiWords(document.totals.total)}`;
  const reverse = `${HI.reverseCharge} / Tax payable on reverse charge: ${document.reverseCharge ? `Yes / ${HI.yes}` : `No / ${HI.no}`}`;

  // Measured in the weights they are drawn in (a long amount in bold can wrap where regular would
  // not), with the gap under the two amount lines.
  doc.fontSize(BODY_SIZE).font(FONT.bold);
  const wordsHeight = doc.heightOfString(words, { width }) + doc.heightOfString(hindiWords, { width }) + doc.currentLineHeight(true) * 0.3;
  doc.font(FONT.regular);
  const textHeight = wordsHeight + doc.heightOfString(reverse, { width });
  const needed = 10 + textHeight + 10 + 70;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    drawContinuedHeading(doc, document, title);
  }

  doc.y += 10;
  doc.font(FONT.bold).fillColor(INK.text).text(words, left, doc.y, { width });
  doc.text(hindiWords, left, doc.y, { width });
  doc.moveDown(0.3);
  doc.font(FONT.regular).text(reverse, left, doc.y, { width });

  const x = left + width - signatureWidth;
  doc.y += 14;
  doc.font(FONT.bold).text(`For ${document.seller.name}`, x, doc.y, { width: signatureWidth, align: "right" });
  doc.y += 30;
  doc
    .moveTo(x + 40, doc.y)
    .lineTo(x + signatureWidth, doc.y)
    .lineWidth(0.5)
    .strokeColor(INK.rule)
    .stroke();
  doc.y += 3;
  doc.font(FONT.regular).text(`Authorised Signatory / ${HI.signatory}`, x, doc.y, { width: signatureWidth, align: "right" });
}

/** "This is a computer-generated document." and "Page 1 of 2" on every page, under the margin. */
function drawFooters(doc: Doc, document: TaxDocument, title: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    const y = doc.page.height - MARGIN - SMALL_SIZE;
    const bottom = doc.page.margins.bottom;
    // Text below the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .moveTo(left, y - 5)
      .lineTo(left + width, y - 5)
      .lineWidth(0.5)
      .strokeColor(INK.hairline)
      .stroke();
    doc.font(FONT.regular).fontSize(SMALL_SIZE).fillColor(INK.muted);
    doc.text(`${title} ${document.number}`, left, y, { width: width / 3, lineBreak: false });
    doc.text(`This is a computer-generated document. / ${HI.computerGenerated}`, left + width / 6, y, {
      width: (width * 2) / 3,
      align: "center",
      lineBreak: false,
    });
    const page = i - start + 1;
    doc.text(`Page ${page} of ${count} / ${HI.page} ${page}/${count}`, left + (width * 2) / 3, y, {
      width: width / 3,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
