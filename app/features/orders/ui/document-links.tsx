import type { TaxDocumentKind } from "~/features/tax/domain/tax-documents";
import { useTOr } from "~/features/orders/ui/order-text";

type Link = { id: string; kind: TaxDocumentKind; number: string };

/** An order's invoices and credit notes as PDF download links (issue 14), or nothing when there are none. */
export function DocumentLinks({ documents, label }: { documents: readonly Link[]; label: string }) {
  const t = useTOr();
  if (documents.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 text-sm" aria-label={label}>
      {documents.map((d) => (
        <li key={d.id}>
          <a href={`/documents/${d.id}`} download className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            {t("ui_orders_document_pdf", "{kind} {number} (PDF)", {
              kind: d.kind === "invoice" ? t("ui_orders_invoice", "Invoice") : t("ui_orders_credit_note_short", "Credit note"),
              number: d.number,
            })}
          </a>
        </li>
      ))}
    </ul>
  );
}
