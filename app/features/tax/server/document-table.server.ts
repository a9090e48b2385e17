import { type DocumentLine, type DocumentTotals, TAX_DOCUMENT_HINDI, type TaxDocument } from "~/features/tax/domain/tax-documents";
import { formatPaise } from "~/platform/core/money";
import { lotLineEnglish } from "~/features/lots/domain/line-lots";
import { FONT, INK, TABLE_SIZE } from "./document-style.server";

type Align = "left" | "right" | "center";
type Column = {
  header: string;
  /** The heading's Hindi, drawn under it. */
  hindi: string;
  /** CGST, SGST or IGST: drawn as one heading over its rate and amount columns. */
  group?: "CGST" | "SGST" | "IGST";
  width: number;
  align: Align;
  cell: (line: DocumentLine, index: number) => string;
  total?: (totals: DocumentTotals) => string;
};

const PAD_X = 3;
const PAD_Y = 3;
/** An amount wider than its column is drawn smaller rather than broken over two lines. */
const MIN_AMOUNT_SIZE = 6;

const quantityFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });
/** "9%", "2.5%", "0%". */
export function formatRate(rate: number): string {
  return `${quantityFormat.format(rate)}%`;
}

/**
 * The columns of rule 46's table: description, HSN, quantity and unit, unit price, taxable value,
 * then CGST and SGST (half the line's rate each) within one State or IGST across States, and the
 * line's total. Widths are points on an A4 page with 36 pt margins: the description takes what is
 * left and wraps.
 */
function columns(intraState: boolean, tableWidth: number): Column[] {
  const hi = TAX_DOCUMENT_HINDI.columns;
  const money = (
    width: number,
    header: string,
    hindi: string,
    pick: (l: DocumentLine) => number,
    total?: (t: DocumentTotals) => number,
  ): Column => ({
    header,
    hindi,
    width,
    align: "right",
    cell: (line) => formatPaise(pick(line)),
    total: total && ((t) => formatPaise(total(t))),
  });
  const tax = (
    group: "CGST" | "SGST" | "IGST",
    width: number,
    share: number,
    pick: (l: DocumentLine) => number,
    total: (t: DocumentTotals) => number,
  ): Column[] => [
    { header: "Rate", hindi: hi.rate, group, width: 27, align: "right", cell: (line) => formatRate(line.rate * share) },
    { ...money(width, "Amount", hi.amount, pick, total), group },
  ];
  const taxes = intraState
    ? [
        ...tax(
          "CGST",
          47,
          0.5,
          (l) => l.cgst,
          (t) => t.cgst,
        ),
        ...tax(
          "SGST",
          47,
          0.5,
          (l) => l.sgst,
          (t) => t.sgst,
        ),
      ]
    : tax(
        "IGST",
        54,
        1,
        (l) => l.igst,
        (t) => t.igst,
      );
  const fixed: Column[] = [
    { header: "S.No", hindi: hi.serial, width: 26, align: "right", cell: (_, i) => String(i + 1) },
    // The totals row's label: "Total", its Hindi under it.
    {
      header: "Description",
      hindi: hi.description,
      width: 0,
      align: "left",
      cell: (line) =>
        (line.descriptionHi ? `${line.description}\n${line.descriptionHi}` : line.description) +
        // A discount allowed before supply: the taxable value is after it (CGST Act s. 15(3)(a)).
        (line.discount ? `\nLess discount ${formatPaise(line.discount)} / ${TAX_DOCUMENT_HINDI.discount}` : "") +
        // The lots its units came from, as a recall traces them (docs/decisions/058-warehouse-work.md).
        (line.lots ?? []).map((lot) => `\n${TAX_DOCUMENT_HINDI.lot} / ${lotLineEnglish(lot)}`).join(""),
      total: () => `Total\n${hi.total}`,
    },
    { header: "HSN/SAC", hindi: hi.hsn, width: 44, align: "left", cell: (line) => line.hsn },
    {
      header: "Qty",
      hindi: hi.quantity,
      width: 33,
      align: "right",
      cell: (line) => `${quantityFormat.format(line.quantity)} ${line.unit}`,
    },
    money(52, "Unit price", hi.unitPrice, (l) => l.unitPricePaise),
    money(
      56,
      "Taxable value",
      hi.taxable,
      (l) => l.taxable,
      (t) => t.taxable,
    ),
    ...taxes,
    money(
      58,
      "Total",
      hi.total,
      (l) => l.total,
      (t) => t.total,
    ),
  ];
  const description = tableWidth - fixed.reduce((sum, c) => sum + c.width, 0);
  return fixed.map((c) => (c.header === "Description" ? { ...c, width: description } : c));
}

type Doc = PDFKit.PDFDocument;

/**
 * Draws the table from doc.y on. Before a row that would cross the page's bottom margin it starts
 * a page, calls `continued` (which draws that page's heading and leaves doc.y below it) and
 * repeats the column headings. Returns with doc.y under the totals row.
 */
export function drawLinesTable(doc: Doc, document: TaxDocument, continued: () => void): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cols = columns(document.intraState, width);
  const xs = cols.map((_, i) => left + cols.slice(0, i).reduce((sum, c) => sum + c.width, 0));
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  /** A column's heading's height: the English, then the Hindi under it. */
  const headingHeight = (c: Column) =>
    doc.heightOfString(c.header, { width: c.width - 2 * PAD_X }) + doc.heightOfString(c.hindi, { width: c.width - 2 * PAD_X });
  const drawHeader = () => {
    doc.font(FONT.bold).fontSize(TABLE_SIZE);
    const line = doc.currentLineHeight(true);
    const plain = Math.max(...cols.filter((c) => !c.group).map(headingHeight));
    // A tax's heading: its name and Hindi name over a rule, then its rate and amount, each with its Hindi.
    const height = Math.max(plain, 4 * line + 2) + 2 * PAD_Y;
    const top = doc.y;
    doc.rect(left, top, width, height).fill(INK.headerFill);
    doc.fillColor(INK.text);
    cols.forEach((c, i) => {
      const x = xs[i] as number;
      if (!c.group) {
        // From the top, like the taxes' names: each heading's English reads along one line.
        doc.text(c.header, x + PAD_X, top + PAD_Y, { width: c.width - 2 * PAD_X, align: c.align });
        doc.text(c.hindi, x + PAD_X, doc.y, { width: c.width - 2 * PAD_X, align: c.align });
        return;
      }
      if (cols[i - 1]?.group !== c.group) {
        const span = cols.filter((o) => o.group === c.group).reduce((sum, o) => sum + o.width, 0);
        const groupTop = top + PAD_Y;
        doc.text(c.group, x, groupTop, { width: span, align: "center", lineBreak: false });
        doc.text(TAX_DOCUMENT_HINDI.gst[c.group], x, groupTop + line, { width: span, align: "center", lineBreak: false });
        const ruleY = groupTop + 2 * line + 1;
        doc
          .moveTo(x + PAD_X, ruleY)
          .lineTo(x + span - PAD_X, ruleY)
          .lineWidth(0.5)
          .strokeColor(INK.rule)
          .stroke();
      }
      const subTop = top + PAD_Y + 2 * line + 2;
      doc.text(c.header, x + PAD_X, subTop, { width: c.width - 2 * PAD_X, align: c.align, lineBreak: false });
      doc.text(c.hindi, x + PAD_X, subTop + line, { width: c.width - 2 * PAD_X, align: c.align, lineBreak: false });
    });
    doc.y = top + height;
  };

  /** One row; returns its height. With `draw` false it only measures. */
  const row = (cells: string[], font: string, draw: boolean): number => {
    doc.font(font).fontSize(TABLE_SIZE);
    const height =
      Math.max(
        ...cells.map((text, i) => {
          const c = cols[i] as Column;
          return c.align === "right" ? doc.currentLineHeight(true) : doc.heightOfString(text || " ", { width: c.width - 2 * PAD_X });
        }),
      ) +
      2 * PAD_Y;
    if (!draw) return height;
    const top = doc.y;
    cells.forEach((text, i) => {
      const c = cols[i] as Column;
      const x = (xs[i] as number) + PAD_X;
      const inner = c.width - 2 * PAD_X;
      doc.fillColor(INK.text);
      if (c.align === "right") {
        let size = TABLE_SIZE;
        while (size > MIN_AMOUNT_SIZE && doc.fontSize(size).widthOfString(text) > inner) size -= 0.25;
        // Placed by hand and unwrapped: in the rare case it is still too wide it runs into the
        // padding on its left rather than losing digits to a second line.
        const textWidth = doc.widthOfString(text);
        doc.text(text, x + inner - textWidth, top + PAD_Y + (TABLE_SIZE - size) * 0.8, { lineBreak: false });
        doc.fontSize(TABLE_SIZE);
      } else {
        doc.text(text, x, top + PAD_Y, { width: inner, align: c.align });
      }
    });
    doc.y = top + height;
    return height;
  };

  const rule = (color: string, weight: number) => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke();
  };

  drawHeader();
  document.lines.forEach((line, index) => {
    const cells = cols.map((c) => c.cell(line, index));
    if (doc.y + row(cells, FONT.regular, false) > bottom()) {
      doc.addPage();
      continued();
      drawHeader();
    }
    row(cells, FONT.regular, true);
    rule(INK.hairline, 0.5);
  });

  const totals = cols.map((c) => c.total?.(document.totals) ?? "");
  if (doc.y + row(totals, FONT.bold, false) > bottom()) {
    doc.addPage();
    continued();
    drawHeader();
  }
  rule(INK.text, 0.8);
  row(totals, FONT.bold, true);
  rule(INK.text, 0.8);
  doc.x = left;
}
