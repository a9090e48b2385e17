import type { Route } from "./+types/tax-document";
import { getSessionUser } from "~/platform/auth/session.server";
import { documentFileName, getDocumentFor } from "~/features/tax/server/documents.server";
import { renderTaxDocumentPdf } from "~/features/tax/server/render-tax-document.server";

/**
 * GET /documents/{id}: a tax invoice or credit note as a PDF, drawn from its stored snapshot. Only
 * the order's customer, the vendor who issued it, or an admin gets it, or anyone with the document's
 * own link token (`?t=`, given to ONDC buyer apps); anyone else — a guest, another customer, another
 * vendor, a wrong token — gets the same 404 as for an id that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  // A link with its token (an ONDC buyer's invoice) opens that document without a sign-in.
  const token = new URL(request.url).searchParams.get("t");
  const user = token ? null : await getSessionUser(request);
  const doc = await getDocumentFor(params.documentId, token ? { token } : user ? { id: user.id, role: user.role } : null);
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
