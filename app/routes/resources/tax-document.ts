import type { Route } from "./+types/tax-document";
import { getSessionUser } from "~/platform/auth/session.server";
import { documentFileName, getDocumentFor } from "~/features/tax/server/documents.server";
import { renderTaxDocumentPdf } from "~/features/tax/server/render-tax-document.server";
import { orderLinkTokenMatches } from "~/features/orders/server/order-link-token.server";

/**
 * GET /documents/{id}: a tax invoice or credit note as a PDF, drawn from its stored snapshot. Only
 * the order's customer, the vendor who issued it, or an admin gets it; anyone else — a guest,
 * another customer, another vendor — gets the same 404 as for an id that does not exist. A signed
 * link (`?t=`, the document's own signature) opens that one document to whoever holds it: an ONDC
 * buyer app is given its buyer's invoice so (docs/decisions/075-ondc-orders.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const signed = orderLinkTokenMatches("document", params.documentId, new URL(request.url).searchParams.get("t"));
  const doc =
    (await getDocumentFor(params.documentId, user ? { id: user.id, role: user.role } : null)) ??
    (signed ? await getDocumentFor(params.documentId, "link") : null);
  if (!doc) {
    return new Response("Document not found.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
    });
  }
  const pdf = await renderTaxDocumentPdf(doc);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${documentFileName(doc)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
