import { withKitName } from "~/features/kits/domain/kit-line-name";
import { sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import { SHIPPING_SAC } from "~/features/tax/domain/gst";
import { indianStateByGstCode } from "~/platform/core/indian-states";
import { returnedAmounts } from "~/features/orders/domain/returns";
import {
  type DocumentLine,
  documentNumber,
  documentTotals,
  financialYear,
  seriesKey,
  STORE_SELLER,
  type TaxDocument,
  type TaxDocumentKind,
} from "~/features/tax/domain/tax-documents";
import { lineName } from "~/features/catalog/domain/pack-label";
import { newId } from "~/platform/ids";
import { listLineLots } from "~/features/lots/server/line-lots.server";
import { type OrderSeller, parseOrderSellers } from "./order-sellers.server";

/**
 * The next number of a series in a financial year, taken inside the caller's transaction: the
 * counter row is created at 0 if it is the year's first, then raised by one. On PostgreSQL the
 * update's row lock makes concurrent issuers take turns and a rolled-back issue gives its number
 * back; SQLite's writer lock does the same. So the numbers are consecutive with no gap or repeat,
 * from any number of server instances.
 */
async function nextSequence(trx: Db, series: string, year: string): Promise<number> {
  await trx
    .insertInto("document_counter")
    .values({ series, financial_year: year, last: 0 })
    .onConflict((oc) => oc.columns(["series", "financial_year"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("document_counter")
    .set({ last: sql`last + 1` })
    .where("series", "=", series)
    .where("financial_year", "=", year)
    .returning("last")
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

function address(order: { street: string; city: string; state: string; pincode: string }): string[] {
  return [order.street, `${order.city}, ${order.state} ${order.pincode}`];
}

async function insertDocument(trx: Db, doc: TaxDocument, seller: string, year: string, sequence: number, refersTo: string | null) {
  await trx
    .insertInto("tax_document")
    .values({
      id: newId(),
      order_id: doc.orderId,
      seller,
      kind: doc.kind,
      number: doc.number,
      financial_year: year,
      sequence,
      issued_at: doc.issuedAt,
      refers_to: refersTo,
      place_of_supply: doc.placeOfSupply.stateCode,
      taxable_paise: doc.totals.taxable,
      cgst_paise: doc.totals.cgst,
      sgst_paise: doc.totals.sgst,
      igst_paise: doc.totals.igst,
      total_paise: doc.totals.total,
      snapshot: JSON.stringify(doc),
    })
    .execute();
}

/**
 * A line's description as the bilingual document prints it: the English name and size, and under it
 * the Hindi ones where they differ (the product's Hindi name snapshot, the size in Hindi words).
 */
function describeLine(l: {
  name: string;
  name_hi: string | null;
  variant_label: string;
  kit_name?: string | null;
  kit_name_hi?: string | null;
}): Pick<DocumentLine, "description" | "descriptionHi"> {
  const line = { name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label };
  // A kit's part (docs/decisions/055-kits.md) is invoiced as itself, with the kit it was sold in.
  const [description, hindi] = [withKitName(lineName(line, "en"), l, "en"), withKitName(lineName(line, "hi"), l, "hi")];
  return hindi === description ? { description } : { description, descriptionHi: hindi };
}

/**
 * Issues the order's tax invoices, one per seller (the store's carries the delivery charge), from
 * the tax recorded when it was placed. Runs in the transaction that confirms the order; an order
 * that already has its invoices, or was placed before GST invoices (no sellers recorded), gets none.
 * Sellers are numbered in a fixed order (their keys), so concurrent issues cannot deadlock.
 */
export async function issueInvoices(trx: Db, orderId: string, at: Date = new Date()): Promise<number> {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order) return 0;
  const sellers = parseOrderSellers(order.sellers);
  if (sellers.length === 0) return 0;
  const issued = await trx
    .selectFrom("tax_document")
    .select("seller")
    .where("order_id", "=", orderId)
    .where("kind", "=", "invoice")
    .execute();
  if (issued.length > 0) return 0;
  const lines = await trx.selectFrom("order_line").selectAll().where("order_id", "=", orderId).orderBy("name").orderBy("id").execute();
  const lots = await listLineLots(
    trx,
    lines.map((l) => l.id),
  );
  const buyerState = indianStateByGstCode(order.buyer_state_code);
  const placeOfSupply = { stateName: buyerState?.name ?? order.state, stateCode: order.buyer_state_code };
  const year = financialYear(at);
  const issuedAt = at.toISOString();
  const shipping = Number(order.shipping_paise);
  let count = 0;
  for (const seller of [...sellers].sort((a, b) => seriesKey(a.seller, "invoice").localeCompare(seriesKey(b.seller, "invoice")))) {
    const own = lines.filter((l) => (l.vendor_id ?? STORE_SELLER) === seller.seller);
    const docLines: DocumentLine[] = own.map((l) => {
      const [cgst, sgst, igst] = [Number(l.cgst_paise), Number(l.sgst_paise), Number(l.igst_paise)];
      const taxable = Number(l.taxable_paise);
      return {
        ...describeLine(l),
        hsn: l.hsn_code,
        ...(lots.has(l.id) ? { lots: lots.get(l.id) } : {}),
        quantity: Number(l.quantity),
        unit: "Nos",
        unitPricePaise: Number(l.unit_price_paise),
        ...(Number(l.discount_paise) > 0 ? { discount: Number(l.discount_paise) } : {}),
        taxable,
        rate: Number(l.gst_rate),
        cgst,
        sgst,
        igst,
        total: taxable + cgst + sgst + igst,
      };
    });
    if (seller.seller === STORE_SELLER && shipping > 0) {
      const [cgst, sgst, igst] = [Number(order.shipping_cgst_paise), Number(order.shipping_sgst_paise), Number(order.shipping_igst_paise)];
      docLines.push({
        description: "Delivery charge",
        hsn: SHIPPING_SAC,
        quantity: 1,
        unit: "Nos",
        unitPricePaise: shipping,
        taxable: shipping,
        rate: Number(order.shipping_gst_rate),
        cgst,
        sgst,
        igst,
        total: shipping + cgst + sgst + igst,
      });
    }
    if (docLines.length === 0) continue;
    const sequence = await nextSequence(trx, seriesKey(seller.seller, "invoice"), year);
    const doc = buildDocument(
      "invoice",
      documentNumber(seller.prefix, "invoice", year, sequence),
      issuedAt,
      order,
      seller,
      placeOfSupply,
      docLines,
    );
    await insertDocument(trx, doc, seller.seller, year, sequence, null);
    count++;
  }
  return count;
}

function buildDocument(
  kind: TaxDocumentKind,
  number: string,
  issuedAt: string,
  order: {
    id: string;
    created_at: string;
    customer_name: string;
    customer_email: string;
    customer_phone: string;
    street: string;
    city: string;
    state: string;
    pincode: string;
    tax_mode: TaxDocument["taxMode"];
    buyer_gstin: string | null;
    buyer_legal_name: string | null;
  },
  seller: OrderSeller,
  placeOfSupply: TaxDocument["placeOfSupply"],
  lines: DocumentLine[],
): TaxDocument {
  const delivery = address(order);
  return {
    kind,
    number,
    issuedAt,
    orderId: order.id,
    orderPlacedAt: order.created_at,
    seller: { name: seller.name, address: seller.address, gstin: seller.gstin, stateName: seller.stateName, stateCode: seller.stateCode },
    buyer: {
      name: order.customer_name,
      email: order.customer_email,
      phone: order.customer_phone,
      billingAddress: delivery,
      deliveryAddress: delivery,
      stateName: placeOfSupply.stateName,
      stateCode: placeOfSupply.stateCode,
      ...(order.buyer_gstin ? { business: { legalName: order.buyer_legal_name ?? order.customer_name, gstin: order.buyer_gstin } } : {}),
    },
    placeOfSupply,
    intraState: seller.stateCode === placeOfSupply.stateCode,
    taxMode: order.tax_mode,
    lines,
    totals: documentTotals(lines),
    reverseCharge: false,
  };
}

/**
 * Credit notes for every invoice of a cancelled order, each reversing its invoice in full and
 * referring to it, numbered in its seller's credit-note series. Runs in the cancelling transaction;
 * an invoice already credited is not credited again.
 */
export async function issueCreditNotes(trx: Db, orderId: string, at: Date = new Date()): Promise<number> {
  const invoices = await trx
    .selectFrom("tax_document")
    .select(["id", "seller", "snapshot"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "invoice")
    .orderBy("seller")
    .execute();
  if (invoices.length === 0) return 0;
  const credited = new Set(
    (
      await trx.selectFrom("tax_document").select("refers_to").where("order_id", "=", orderId).where("kind", "=", "credit_note").execute()
    ).map((r) => r.refers_to),
  );
  const year = financialYear(at);
  const issuedAt = at.toISOString();
  const orderRow = await trx.selectFrom("orders").select("sellers").where("id", "=", orderId).executeTakeFirst();
  const sellers = parseOrderSellers(orderRow?.sellers ?? "[]");
  let count = 0;
  for (const invoice of [...invoices].sort((a, b) =>
    seriesKey(a.seller, "credit_note").localeCompare(seriesKey(b.seller, "credit_note")),
  )) {
    if (credited.has(invoice.id)) continue;
    const original = JSON.parse(invoice.snapshot) as TaxDocument;
    const prefix = sellers.find((s) => s.seller === invoice.seller)?.prefix ?? original.number.split("/")[0] ?? "ANG";
    const sequence = await nextSequence(trx, seriesKey(invoice.seller, "credit_note"), year);
    const note: TaxDocument = {
      ...original,
      kind: "credit_note",
      number: documentNumber(prefix, "credit_note", year, sequence),
      issuedAt,
      refersTo: { number: original.number, issuedAt: original.issuedAt },
    };
    await insertDocument(trx, note, invoice.seller, year, sequence, invoice.id);
    count++;
  }
  return count;
}

/** One order line given back: its id and how many of it. */
export type ReturnedLine = { orderLineId: string; quantity: number };

/**
 * A credit note for goods returned (issue 15): it refers to the seller's invoice of the order and
 * credits just the returned quantity of each line, each at its pro-rata value and GST (rounded down,
 * `returnedAmounts`), so its total is exactly what the return refunds. Numbered in the seller's
 * credit-note series, in the caller's transaction (the one approving the return). Null when the
 * seller has no invoice for the order (placed before GST invoices): there is nothing to credit.
 */
export async function issueReturnCreditNote(
  trx: Db,
  orderId: string,
  seller: string,
  returned: readonly ReturnedLine[],
  at: Date = new Date(),
): Promise<{ number: string; totalPaise: number } | null> {
  if (returned.length === 0) return null;
  const invoice = await trx
    .selectFrom("tax_document")
    .select(["id", "snapshot"])
    .where("order_id", "=", orderId)
    .where("seller", "=", seller)
    .where("kind", "=", "invoice")
    .executeTakeFirst();
  if (!invoice) return null;
  const quantities = new Map(returned.map((r) => [r.orderLineId, r.quantity]));
  const rows = await trx
    .selectFrom("order_line")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("id", "in", [...quantities.keys()])
    .orderBy("name")
    .orderBy("id")
    .execute();
  const own = rows.filter((l) => (l.vendor_id ?? STORE_SELLER) === seller);
  if (own.length !== quantities.size) throw new Error(`returned lines of order ${orderId} are not all sold by ${seller}`);
  const lines: DocumentLine[] = own.map((l) => {
    const quantity = quantities.get(l.id) ?? 0;
    const amounts = returnedAmounts(
      {
        quantity: Number(l.quantity),
        taxable: Number(l.taxable_paise),
        cgst: Number(l.cgst_paise),
        sgst: Number(l.sgst_paise),
        igst: Number(l.igst_paise),
      },
      quantity,
    );
    return {
      ...describeLine(l),
      hsn: l.hsn_code,
      quantity,
      unit: "Nos",
      unitPricePaise: Number(l.unit_price_paise),
      ...amounts,
      rate: Number(l.gst_rate),
    };
  });
  const original = JSON.parse(invoice.snapshot) as TaxDocument;
  const orderRow = await trx.selectFrom("orders").select("sellers").where("id", "=", orderId).executeTakeFirst();
  const prefix =
    parseOrderSellers(orderRow?.sellers ?? "[]").find((s) => s.seller === seller)?.prefix ?? original.number.split("/")[0] ?? "ANG";
  const year = financialYear(at);
  const sequence = await nextSequence(trx, seriesKey(seller, "credit_note"), year);
  const note: TaxDocument = {
    ...original,
    kind: "credit_note",
    number: documentNumber(prefix, "credit_note", year, sequence),
    issuedAt: at.toISOString(),
    refersTo: { number: original.number, issuedAt: original.issuedAt },
    lines,
    totals: documentTotals(lines),
  };
  await insertDocument(trx, note, seller, year, sequence, invoice.id);
  return { number: note.number, totalPaise: note.totals.total };
}
