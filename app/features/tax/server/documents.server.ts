import { getDb } from "~/platform/db/db.server";
import type { TaxDocument, TaxDocumentKind } from "~/features/tax/domain/tax-documents";
import { isId } from "~/platform/ids";

export type DocumentLink = {
  id: string;
  kind: TaxDocumentKind;
  number: string;
  issuedAt: string;
  seller: string;
  sellerName: string;
  totalPaise: number;
};

/**
 * An order's invoices and credit notes, oldest first, for pages that list them. `seller` limits
 * them to one seller's (a vendor sees only their own); the caller has already checked the viewer
 * may see the order.
 */
export async function listOrderDocuments(orderId: string, seller?: string): Promise<DocumentLink[]> {
  let query = getDb()
    .selectFrom("tax_document")
    .select(["id", "kind", "number", "issued_at", "seller", "total_paise", "snapshot"])
    .where("order_id", "=", orderId);
  if (seller !== undefined) query = query.where("seller", "=", seller);
  const rows = await query.orderBy("issued_at").orderBy("kind", "desc").orderBy("number").execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    number: r.number,
    issuedAt: r.issued_at,
    seller: r.seller,
    sellerName: (JSON.parse(r.snapshot) as TaxDocument).seller.name,
    totalPaise: Number(r.total_paise),
  }));
}

/**
 * Who is asking for a document: nobody (a guest), a signed-in account and its role, or "link": whoever
 * holds the document's signed link (an ONDC buyer app, given it for its buyer's invoice).
 */
export type Viewer = { id: string; role: string } | "link" | null;

/**
 * A document as issued, for someone allowed to have it: the order's customer, the seller it was
 * issued by (a vendor, their own only), or an admin; an invoice carries the order's e-way bill number once recorded. Anyone else gets null — the route answers 404,
 * the same as for a document that does not exist, so ids cannot be probed.
 */
export async function getDocumentFor(documentId: string, viewer: Viewer): Promise<TaxDocument | null> {
  if (!viewer || !isId(documentId)) return null;
  const row = await getDb()
    .selectFrom("tax_document as d")
    .innerJoin("orders as o", "o.id", "d.order_id")
    .select(["d.snapshot", "d.seller", "d.kind", "o.user_id", "o.eway_bill_no"])
    .where("d.id", "=", documentId)
    .executeTakeFirst();
  if (!row) return null;
  const allowed =
    viewer === "link" ||
    viewer.role === "admin" ||
    (viewer.role === "vendor" && row.seller === viewer.id) ||
    (viewer.role !== "vendor" && row.user_id === viewer.id);
  if (!allowed) return null;
  const document = JSON.parse(row.snapshot) as TaxDocument;
  // Recorded after the invoice was issued, before the goods moved: the invoice that travels with them names it.
  return row.kind === "invoice" && row.eway_bill_no ? { ...document, ewayBillNo: row.eway_bill_no } : document;
}

/** A download's file name: the number with its slashes as dashes ("ANG-25-26-000123.pdf"). */
export function documentFileName(doc: Pick<TaxDocument, "number">): string {
  return `${doc.number.replaceAll("/", "-")}.pdf`;
}
