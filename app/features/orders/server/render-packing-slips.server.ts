import PDFDocument from "pdfkit";
import { loadDocumentFonts } from "~/features/tax/server/document-fonts.server";
import { BODY_SIZE, FONT, INK, SMALL_SIZE } from "~/features/tax/server/document-style.server";
import { lotLineEnglish } from "~/features/lots/domain/line-lots";
import { formatIsoDay, indiaToday } from "~/platform/core/india-day";
import { formatPaise } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { code128Widths } from "~/features/orders/domain/code128";
import type { PackingSlip } from "./packing-slips.server";

type Doc = PDFKit.PDFDocument;
export type SlipKind = "slip" | "label";

/** Every label in English with its Hindi, as the tax documents print theirs (docs/hindi-glossary.md). */
const HI = {
  slip: "पैकिंग स्लिप",
  label: "शिपिंग लेबल",
  orderId: "ऑर्डर आईडी",
  orderDate: "ऑर्डर की तारीख",
  from: "भेजने वाला",
  shipTo: "डिलीवरी का पता",
  phone: "फ़ोन",
  item: "सामान",
  quantity: "मात्रा",
  lot: "लॉट",
  cod: "कैश ऑन डिलीवरी: लेने हैं",
  prepaid: "प्रीपेड: कुछ नहीं लेना",
  ewayBill: "ई-वे बिल नंबर",
  items: "कुल सामान",
  packedBy: "पैक किया",
  checkedBy: "जाँचा",
} as const;

const SIZES: Record<SlipKind, [number, number]> = {
  slip: [595.28, 841.89], // A4
  label: [288, 432], // 4 × 6 in, a courier's thermal label
};

/**
 * Packing slips (A4) or shipping labels (4 × 6 in) as one PDF, a page (or more, for a long slip) per
 * order: the order's id with its barcode, the sender, the delivery address with the pincode as a Code
 * 128 barcode, the lines with their lots and quantities (slips), the cash to collect on delivery and
 * the e-way bill number when there is one.
 */
export async function renderPackingSlipsPdf(slips: readonly PackingSlip[], kind: SlipKind, at: Date = new Date()): Promise<Buffer> {
  const fonts = loadDocumentFonts();
  const margin = kind === "slip" ? 36 : 14;
  const doc = new PDFDocument({
    size: SIZES[kind],
    margin,
    autoFirstPage: false,
    lang: "en-IN",
    info: { Title: kind === "slip" ? "Packing slips" : "Shipping labels", Creator: "Angle", CreationDate: at, ModDate: at },
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const slip of slips) {
    doc.addPage();
    if (kind === "slip") drawSlip(doc, slip);
    else drawLabel(doc, slip);
  }
  doc.end();
  return done;
}

const width = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** A Code 128 barcode of `text`, `w` wide (quiet zones of 10 modules inside it), `h` tall, at (x, y). */
function barcode(doc: Doc, text: string, x: number, y: number, w: number, h: number): void {
  const widths = code128Widths(text);
  const modules = widths.reduce((a, b) => a + b, 0) + 20;
  const unit = w / modules;
  let at = x + 10 * unit;
  doc.save().fillColor("#000000");
  widths.forEach((n, i) => {
    if (i % 2 === 0) doc.rect(at, y, n * unit, h).fill();
    at += n * unit;
  });
  doc.restore();
}

function cashLine(slip: PackingSlip): string {
  return slip.codPaise !== null
    ? `COD: collect ${formatPaise(slip.codPaise)} / ${HI.cod} ${formatPaise(slip.codPaise)}`
    : `Prepaid: collect nothing / ${HI.prepaid}`;
}

function placed(slip: PackingSlip): string {
  return formatIsoDay(indiaToday(new Date(slip.placedAt)));
}

function drawSlip(doc: Doc, slip: PackingSlip): void {
  const left = doc.page.margins.left;
  const w = width(doc);
  const top = doc.y;
  const id = formatOrderId(slip.orderId);
  doc.font(FONT.bold).fontSize(17).fillColor(INK.text).text("Packing Slip", left, top);
  doc.fontSize(12).text(HI.slip);
  doc.font(FONT.regular).fontSize(BODY_SIZE).text(`${HI.orderId} / Order ID: ${id}`);
  doc.text(`${HI.orderDate} / Order date: ${placed(slip)}`);
  if (slip.ewayBillNo) doc.text(`${HI.ewayBill} / E-way bill no.: ${slip.ewayBillNo}`);
  const headBottom = doc.y;
  barcode(doc, id, left + w - 220, top, 220, 42);
  doc.fontSize(SMALL_SIZE).text(id, left + w - 220, top + 44, { width: 220, align: "center" });
  doc.y = Math.max(headBottom, doc.y) + 10;

  const column = (w - 20) / 2;
  const partiesTop = doc.y;
  doc.font(FONT.bold).fontSize(SMALL_SIZE).fillColor(INK.muted).text(`FROM / ${HI.from}`, left, partiesTop, { width: column });
  doc.font(FONT.bold).fontSize(10).fillColor(INK.text).text(slip.from.name, { width: column });
  doc.font(FONT.regular).fontSize(BODY_SIZE);
  for (const line of slip.from.address) doc.text(line, { width: column });
  const fromBottom = doc.y;
  const x = left + column + 20;
  doc.font(FONT.bold).fontSize(SMALL_SIZE).fillColor(INK.muted).text(`SHIP TO / ${HI.shipTo}`, x, partiesTop, { width: column });
  shipToLines(doc, slip, x, column);
  doc
    .font(FONT.bold)
    .fontSize(BODY_SIZE)
    .text(`PIN ${slip.shipTo.pincode}`, x, doc.y + 2, { width: column });
  barcode(doc, slip.shipTo.pincode, x, doc.y + 2, 150, 36);
  doc.y += 42;
  doc.y = Math.max(fromBottom, doc.y) + 10;

  doc.font(FONT.bold).fontSize(11).fillColor(INK.text).text(cashLine(slip), left, doc.y, { width: w });
  doc.y += 8;

  // The lines: item (SKU and lots under it) and quantity.
  const qtyWidth = 70;
  const itemWidth = w - qtyWidth - 30;
  const headTop = doc.y;
  doc.rect(left, headTop, w, 30).fill(INK.headerFill);
  doc.fillColor(INK.text).font(FONT.bold).fontSize(BODY_SIZE);
  doc.text(`S.No`, left + 3, headTop + 4, { width: 24 });
  doc.text(`Item / ${HI.item}`, left + 30, headTop + 4, { width: itemWidth });
  doc.text(`Qty / ${HI.quantity}`, left + 30 + itemWidth, headTop + 4, { width: qtyWidth - 3, align: "right" });
  doc.y = headTop + 32;
  slip.lines.forEach((line, i) => {
    const details = [line.sku ? `SKU ${line.sku}` : "", ...line.lots.map((lot) => `${HI.lot} / ${lotLineEnglish(lot)}`)].filter(Boolean);
    const text = [line.name, ...details].join("\n");
    doc.font(FONT.regular).fontSize(BODY_SIZE);
    const h = doc.heightOfString(text, { width: itemWidth }) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const rowTop = doc.y;
    doc.fillColor(INK.text).text(String(i + 1), left + 3, rowTop + 3, { width: 24 });
    doc.text(text, left + 30, rowTop + 3, { width: itemWidth });
    doc
      .font(FONT.bold)
      .fontSize(11)
      .text(String(line.quantity), left + 30 + itemWidth, rowTop + 3, { width: qtyWidth - 3, align: "right" });
    doc.y = rowTop + h;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + w, doc.y)
      .lineWidth(0.5)
      .strokeColor(INK.hairline)
      .stroke();
  });
  const units = slip.lines.reduce((n, l) => n + l.quantity, 0);
  doc
    .font(FONT.bold)
    .fontSize(BODY_SIZE)
    .text(`Items / ${HI.items}: ${units}`, left, doc.y + 6, { width: w, align: "right" });
  doc
    .font(FONT.regular)
    .text(`Packed by / ${HI.packedBy}: ____________    Checked by / ${HI.checkedBy}: ____________`, left, doc.y + 18, { width: w });
}

function shipToLines(doc: Doc, slip: PackingSlip, x: number, w: number): void {
  const to = slip.shipTo;
  doc.font(FONT.bold).fontSize(10).fillColor(INK.text).text(to.name, x, doc.y, { width: w });
  doc.font(FONT.regular).fontSize(BODY_SIZE);
  doc.text(to.street, { width: w });
  doc.text(`${to.city}, ${to.state} ${to.pincode}`, { width: w });
  if (to.phone) doc.text(`${HI.phone} / Phone: ${to.phone}`, { width: w });
}

function drawLabel(doc: Doc, slip: PackingSlip): void {
  const left = doc.page.margins.left;
  const w = width(doc);
  const id = formatOrderId(slip.orderId);
  doc.font(FONT.bold).fontSize(10).fillColor(INK.text).text(`Shipping Label / ${HI.label}`, left, doc.y, { width: w });
  doc
    .font(FONT.bold)
    .fontSize(SMALL_SIZE)
    .fillColor(INK.muted)
    .text(`SHIP TO / ${HI.shipTo}`, left, doc.y + 4, { width: w });
  shipToLines(doc, slip, left, w);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .text(`PIN ${slip.shipTo.pincode}`, left, doc.y + 4, { width: w, align: "center" });
  barcode(doc, slip.shipTo.pincode, left + 20, doc.y + 2, w - 40, 50);
  doc.y += 58;
  doc.rect(left, doc.y, w, 0.8).fill(INK.text);
  doc.y += 6;
  doc.font(FONT.bold).fontSize(12).fillColor(INK.text).text(cashLine(slip), left, doc.y, { width: w });
  const units = slip.lines.reduce((n, l) => n + l.quantity, 0);
  doc
    .font(FONT.regular)
    .fontSize(BODY_SIZE)
    .text(`Items / ${HI.items}: ${units}`, left, doc.y + 2, { width: w });
  if (slip.ewayBillNo) doc.text(`${HI.ewayBill} / E-way bill no.: ${slip.ewayBillNo}`, { width: w });
  doc.text(`${HI.orderId} / Order ID: ${id}`, { width: w });
  barcode(doc, id, left, doc.y + 2, w, 34);
  doc.y += 40;
  doc
    .font(FONT.bold)
    .fontSize(SMALL_SIZE)
    .fillColor(INK.muted)
    .text(`FROM / ${HI.from}`, left, doc.y + 4, { width: w });
  doc
    .font(FONT.regular)
    .fontSize(SMALL_SIZE)
    .fillColor(INK.text)
    .text([slip.from.name, ...slip.from.address].join(", "), { width: w });
}
