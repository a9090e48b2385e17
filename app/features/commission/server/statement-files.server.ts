import PDFDocument from "pdfkit";
import { CATEGORY_LABELS } from "~/features/catalog/domain/category-labels";
import { isCategoryKey } from "~/features/catalog/domain/categories";
import { loadDocumentFonts } from "~/features/tax/server/document-fonts.server";
import { BODY_SIZE, FONT, INK, SMALL_SIZE, TABLE_SIZE } from "~/features/tax/server/document-style.server";
import { CSV_BOM, type CsvValue } from "~/platform/core/csv";
import { csvRows } from "~/platform/csv.server";
import { formatIsoDay, indiaToday } from "~/platform/core/india-day";
import { formatPaiseExact } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { paiseToRupeeText } from "~/platform/core/rupee-input";
import { monthTitle, percentText } from "../domain/commission";
import type { AgentStatement, StatementLine } from "./agent-statement.server";

/** statement-2026-11-<agent>.csv / .pdf */
export function statementFileName(statement: AgentStatement, ext: "csv" | "pdf"): string {
  const name =
    statement.agent.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "agent";
  return `commission-${statement.month}-${name}.${ext}`;
}

const day = (iso: string | null) => (iso ? indiaToday(new Date(iso)) : "");
const category = (key: string) => (isCategoryKey(key) ? CATEGORY_LABELS[key] : key);

export const STATEMENT_CSV_HEADER = [
  "Section",
  "Order ID",
  "Farmer",
  "Placed (IST)",
  "Delivered (IST)",
  "Product",
  "Category",
  "Quantity",
  "Returned",
  "Value before GST (₹)",
  "Rate (%)",
  "Commission (₹)",
] as const;

function csvLine(section: string, l: StatementLine): CsvValue[] {
  return [
    section,
    formatOrderId(l.orderId),
    l.farmer,
    day(l.placedAt),
    day(l.deliveredAt),
    l.product,
    category(l.category),
    l.quantity,
    l.returned,
    paiseToRupeeText(l.basePaise),
    percentText(l.rateBp),
    paiseToRupeeText(l.commissionPaise),
  ];
}

/**
 * The statement as a spreadsheet: a row per line (earned, then not yet earned), each section's total,
 * amounts in rupees with paise (12345.50, so a column sums), text cells guarded against formulas.
 */
export function statementCsv(s: AgentStatement): string {
  const blank = (section: string, label: string, paise: number): CsvValue[] => [
    section,
    label,
    ...Array.from({ length: STATEMENT_CSV_HEADER.length - 3 }, () => ""),
    paiseToRupeeText(paise),
  ];
  return (
    CSV_BOM +
    csvRows([
      ["Agent", s.agent.name, s.agent.mobile, s.agent.village, s.agent.pincode, "Month", s.month],
      [...STATEMENT_CSV_HEADER],
      ...s.earned.map((l) => csvLine("Earned", l)),
      blank("Earned", "Total", s.earnedPaise),
      ...s.pending.map((l) => csvLine("Not yet earned", l)),
      blank("Not yet earned", "Total", s.pendingPaise),
    ])
  );
}

type Doc = PDFKit.PDFDocument;

/** Every label in English with its Hindi, as the store's other documents print theirs. */
const HI = {
  title: "कमीशन विवरण",
  agent: "एजेंट",
  month: "महीना",
  earned: "कमाया गया कमीशन",
  pending: "अभी कमाया नहीं (डिलीवरी बाकी)",
  total: "कुल",
  none: "कुछ नहीं",
} as const;

type Col = { header: string; width: number; align: "left" | "right"; cell: (l: StatementLine) => string };

function columns(w: number): Col[] {
  const fixed = 90 + 70 + 52 + 62 + 36 + 60;
  return [
    { header: "Order / ऑर्डर", width: 90, align: "left", cell: (l) => formatOrderId(l.orderId) },
    { header: "Farmer / किसान", width: 70, align: "left", cell: (l) => l.farmer },
    { header: "Delivered / डिलीवरी", width: 52, align: "left", cell: (l) => (l.deliveredAt ? formatIsoDay(day(l.deliveredAt)) : "—") },
    {
      header: "Product / सामान",
      width: w - fixed,
      align: "left",
      cell: (l) =>
        [
          l.productHi ? `${l.product} (${l.productHi})` : l.product,
          category(l.category),
          l.returned ? `returned ${l.returned} of ${l.quantity}` : `qty ${l.quantity}`,
        ].join("\n"),
    },
    { header: "Base / मूल्य", width: 62, align: "right", cell: (l) => formatPaiseExact(l.basePaise) },
    { header: "Rate / दर", width: 36, align: "right", cell: (l) => `${percentText(l.rateBp)}%` },
    { header: "Commission / कमीशन", width: 60, align: "right", cell: (l) => formatPaiseExact(l.commissionPaise) },
  ];
}

function table(doc: Doc, title: string, lines: readonly StatementLine[], totalPaise: number): void {
  const left = doc.page.margins.left;
  const w = doc.page.width - left - doc.page.margins.right;
  const cols = columns(w);
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(INK.text)
    .text(title, left, doc.y + 10, { width: w });
  doc.y += 4;
  const row = (cells: string[], bold: boolean, fill?: string) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(TABLE_SIZE);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (cols[i]?.width ?? 0) - 6 }))) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    if (fill) doc.rect(left, top, w, h).fill(fill);
    let x = left;
    cells.forEach((c, i) => {
      const col = cols[i];
      if (!col) return;
      doc.fillColor(INK.text).text(c, x + 3, top + 3, { width: col.width - 6, align: col.align });
      x += col.width;
    });
    doc.y = top + h;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + w, doc.y)
      .lineWidth(0.5)
      .strokeColor(INK.hairline)
      .stroke();
  };
  row(
    cols.map((c) => c.header),
    true,
    INK.headerFill,
  );
  if (lines.length === 0) row([`None / ${HI.none}`], false);
  for (const line of lines)
    row(
      cols.map((c) => c.cell(line)),
      false,
    );
  doc
    .font(FONT.bold)
    .fontSize(BODY_SIZE)
    .fillColor(INK.text)
    .text(`Total / ${HI.total}: ${formatPaiseExact(totalPaise)}`, left, doc.y + 6, { width: w, align: "right" });
}

/** The statement as an A4 PDF in the tax documents' fonts (Latin, Devanagari and ₹): the agent, the month, both tables. */
export async function statementPdf(s: AgentStatement, at: Date = new Date()): Promise<Buffer> {
  const fonts = loadDocumentFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: 36,
    lang: "en-IN",
    info: { Title: `Commission statement ${s.month}`, Creator: "Angle", CreationDate: at, ModDate: at },
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font(FONT.bold).fontSize(17).fillColor(INK.text).text("Commission Statement");
  doc.fontSize(12).text(HI.title);
  doc.font(FONT.regular).fontSize(BODY_SIZE);
  doc.text(`Agent / ${HI.agent}: ${s.agent.name} · ${s.agent.mobile} · ${s.agent.village} ${s.agent.pincode}`);
  doc.text(`Month / ${HI.month}: ${monthTitle(s.month)} (${monthTitle(s.month, "hi")})`);
  doc
    .fontSize(SMALL_SIZE)
    .fillColor(INK.muted)
    .text("Earned on orders delivered in the month (India time), less items returned. Amounts before GST are the lines' taxable values.");
  table(doc, `Earned / ${HI.earned}`, s.earned, s.earnedPaise);
  table(doc, `Not yet earned / ${HI.pending}`, s.pending, s.pendingPaise);
  doc.end();
  return done;
}
