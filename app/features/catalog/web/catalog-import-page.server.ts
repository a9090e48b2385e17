import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/platform/auth/session.server";
import {
  CATALOG_COLUMNS,
  IMPORT_UPLOAD_GONE,
  MAX_IMPORT_ROWS,
  MAX_LISTED_PROBLEMS,
  type RowError,
} from "~/features/catalog/domain/catalog-csv";
import { applyCatalogImport, ImportGone, ImportRefused } from "~/features/catalog/server/apply-catalog-import.server";
import type { CatalogActor } from "~/features/catalog/server/catalog-products.server";
import {
  CHOOSE_CSV_FILE,
  CSV_TOO_LARGE,
  previewCatalogImport,
  uploadCatalogCsv,
} from "~/features/catalog/server/upload-catalog-csv.server";
import { isOversizedUpload } from "~/features/catalog/web/oversized-upload.server";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { readForm } from "../../../platform/http/read-form.server";
import { redirectWithToast } from "../../../platform/toast/toast.server";
import { catalogColumnHelp } from "../server/catalog-column-help.server";
import { m } from "../../../platform/i18n/i18n.server";

/**
 * The CSV import page's loader and action, shared by the admin's and the vendor's pages (the route
 * modules check who is signed in and say where things are). Upload → a 303 to the page with
 * `?upload=<id>`, whose loader shows the preview (so a refresh re-posts nothing) → "Apply import"
 * → a 303 to the products list with what was done.
 */
export type ImportPagePaths = { page: string; products: string; exportCsv: string };

/** Who imports, and whether their address is confirmed (a vendor's import waits for it). */
export type ImportActor = CatalogActor & { verified: boolean };

export function actorOf(user: SessionUser, role: CatalogActor["role"]): ImportActor {
  return { role, userId: user.id, verified: user.verified };
}

/** A vendor's import is a listing action: it waits for a confirmed address, as the product form does (docs/decisions/014). */
const mayImport = (actor: ImportActor) => actor.role !== "vendor" || actor.verified;

export async function loadImportPage(request: Request, actor: ImportActor, paths: ImportPagePaths) {
  // An unconfirmed vendor may not import (the action refuses too): the page says so instead of offering the form.
  const refused = mayImport(actor) ? null : renderRefusal(refusal("vendor.verify_before_listing"));
  const uploadId = refused ? "" : (new URL(request.url).searchParams.get("upload") ?? "");
  const preview = uploadId ? await previewCatalogImport(actor, uploadId) : null;
  return {
    paths,
    role: actor.role,
    refusal: refused,
    maxRows: MAX_IMPORT_ROWS,
    // In the page's language, as the rest of the page: the vendor's may be Hindi, the admin's is always English.
    columns: CATALOG_COLUMNS.map((name) => ({ name, help: catalogColumnHelp(name) })),
    gone: Boolean(uploadId) && !preview,
    preview: preview && {
      uploadId: preview.upload.id,
      fileName: preview.upload.fileName,
      rowCount: preview.plan.rowCount,
      counts: preview.plan.counts,
      // The first problems are listed, the rest counted: a file with a problem in every cell must not make a page of megabytes.
      errors: preview.plan.errors.slice(0, MAX_LISTED_PROBLEMS).map(shownProblem),
      problemCount: preview.plan.errors.length,
      problemRows: new Set(preview.plan.errors.map((e) => e.row)).size,
      created: preview.plan.products.flatMap((p) =>
        p.kind === "new" ? [{ name: p.name, rows: rowsText(p.rows), sizes: p.input.variants.length }] : [],
      ),
      updated: preview.plan.products.flatMap((p) =>
        p.kind === "update"
          ? [{ id: p.id, name: p.name, rows: rowsText(p.rows), changes: p.changes.map((c, i) => ({ key: String(i), ...c })) }]
          : [],
      ),
    },
  };
}

/** A problem as the page lists it: the import's own words as they are, a product form's refusal in the page's language. */
const shownProblem = (e: RowError) => ({ ...e, message: typeof e.message === "string" ? e.message : renderRefusal(e.message) });

/** "row 4", "rows 4–7", "rows 4, 9, 12": where a product is in the file. */
function rowsText(rows: readonly number[]) {
  if (rows.length === 1) return `row ${rows[0]}`;
  const first = rows[0] ?? 0;
  const last = rows.at(-1) ?? 0;
  if (last - first === rows.length - 1) return `rows ${first}–${last}`;
  return `rows ${rows.join(", ")}`;
}

const ImportActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preview") }),
  z.object({ intent: z.literal("apply"), upload: z.string().max(64) }),
]);

export type ImportActionResult = { error: string };

export async function importPageAction(request: Request, actor: ImportActor, paths: ImportPagePaths) {
  // Before the body is read: an unconfirmed vendor's file is not even parsed.
  if (!mayImport(actor))
    return data<ImportActionResult>({ error: renderRefusal(refusal("vendor.verify_before_listing")) }, { status: 403 });
  // A body far over the limit arrives without its content (server/app.ts): the file's size is the answer.
  if (isOversizedUpload(request)) return data<ImportActionResult>({ error: renderRefusal(CSV_TOO_LARGE) }, { status: 413 });
  const form = await readForm(request);
  const parsed = ImportActionSchema.safeParse({ intent: form.get("intent"), upload: form.get("upload") });
  if (!parsed.success) return data<ImportActionResult>({ error: renderRefusal(refusal("vendor.import_choose_file")) }, { status: 400 });

  if (parsed.data.intent === "preview") {
    const file = form.get("file");
    const result = await uploadCatalogCsv(actor, file instanceof File ? file : null);
    if (!result.ok)
      return data<ImportActionResult>(
        { error: renderRefusal(file instanceof File ? result.error : CHOOSE_CSV_FILE) },
        { status: result.status },
      );
    return redirectWithToast(`${paths.page}?upload=${result.id}`, {
      type: "message",
      description: m.vendor_import_preview_toast(),
    });
  }

  try {
    const done = await applyCatalogImport(actor, parsed.data.upload);
    return redirectWithToast(paths.products, { description: appliedText(actor.role, done) });
  } catch (error) {
    if (error instanceof ImportGone) return data<ImportActionResult>({ error: IMPORT_UPLOAD_GONE }, { status: 410 });
    if (error instanceof ImportRefused) return data<ImportActionResult>({ error: error.message }, { status: 409 });
    if (error instanceof RefusalError) return data<ImportActionResult>({ error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
}

function appliedText(role: CatalogActor["role"], done: { created: number; updated: number; unchanged: number }) {
  // In the page's language: the vendor's may be Hindi; the admin's is always English.
  if (done.created + done.updated === 0) return m.vendor_import_nothing();
  const n = (count: number) => count.toLocaleString("en-IN");
  const what = m.vendor_import_what({
    created: done.created === 1 ? m.vendor_import_created_one({ count: n(1) }) : m.vendor_import_created_other({ count: n(done.created) }),
    updated: done.updated === 1 ? m.vendor_import_changed_one({ count: n(1) }) : m.vendor_import_changed_other({ count: n(done.updated) }),
  });
  return role === "vendor" ? m.vendor_import_done_vendor({ what }) : `Imported ${what}.`;
}
