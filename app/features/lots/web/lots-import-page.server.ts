import { data } from "react-router";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { readForm } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { LOT_CSV_COLUMNS } from "../domain/lots-csv";
import { importLots } from "../server/import-lots.server";
import type { LotActor } from "../server/receive-lot.server";

/** The lots CSV page's data: the columns it lists. */
export const lotsImportPage = () => ({ columns: LOT_CSV_COLUMNS.join(", ") });

/**
 * The lots CSV page's upload, for the admin's and a vendor's pages: every row checked before
 * anything is written; received, a 303 back to `page` saying how many; refused, a 4xx with each
 * problem by row and column, in the page's language, and nothing received.
 */
export async function lotsImportAction(request: Request, actor: LotActor, page: string) {
  const form = await readForm(request);
  const file = form.get("file");
  const result = await importLots(actor, file instanceof File ? file : null);
  if (result.ok) {
    const description =
      result.received === 1 ? m.ui_lots_imported_toast_one() : m.ui_lots_imported_toast({ count: result.received.toLocaleString("en-IN") });
    return redirectWithToast(page, { description });
  }
  const problems = result.errors.map((e) => ({ row: e.row, column: e.column, message: renderRefusal(e.refusal) }));
  return data({ problems }, { status: result.status });
}
