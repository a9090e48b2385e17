import { getDb } from "~/platform/db/db.server";
import { CSV_TOO_MANY_ROWS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/features/catalog/domain/catalog-csv";
import { nextTurn } from "~/platform/in-slices.server";
import { stripControl } from "~/platform/http/read-form.server";
import type { CatalogActor } from "./catalog-products.server";
import { getImportUpload, storeImportUpload } from "./catalog-import-uploads.server";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { type ImportPlan, planCatalogImport, readCatalogRecords, readCatalogText, stopRefusal } from "./plan-catalog-import.server";

export const CHOOSE_CSV_FILE = refusal("vendor.csv_choose_file");
export const CSV_TOO_LARGE = refusal("vendor.csv_too_large", { rows: MAX_IMPORT_ROWS });
export const CSV_NOT_UTF8 = refusal("vendor.csv_not_utf8");
export const CSV_EMPTY = refusal("vendor.csv_empty");
export { CSV_TOO_MANY_ROWS };

export type UploadResult = { ok: true; id: string } | { ok: false; status: 400 | 413 | 422; error: Refusal };

/**
 * Takes an uploaded product CSV for preview: refuses what is not one (no file, not UTF-8 text) or
 * is over a limit (5 MB, 10,000 rows, 60 columns, a cell of 5,000 characters; the reading stops at
 * the first row over one), and keeps the rest, problems and all, for the preview to list. Nothing
 * in the catalogue is written.
 */
export async function uploadCatalogCsv(actor: CatalogActor, file: File | null): Promise<UploadResult> {
  if (!file || file.size === 0) return { ok: false, status: 400, error: file ? CSV_EMPTY : CHOOSE_CSV_FILE };
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, status: 413, error: CSV_TOO_LARGE };
  const decoded = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  if (decoded === null) return { ok: false, status: 422, error: CSV_NOT_UTF8 };
  // Control characters (a NUL above all, which PostgreSQL cannot store) are no part of a CSV's
  // syntax nor of any field the store keeps: dropped, as forms drop them.
  const text = await stripControlInSlices(decoded);
  if (!text.trim()) return { ok: false, status: 422, error: CSV_EMPTY };
  // Only the limits here: the form's checks run on the preview, in slices too.
  const { stop } = await readCatalogRecords(text);
  if (stop?.code === "too-many-rows") return { ok: false, status: 413, error: CSV_TOO_MANY_ROWS };
  if (stop?.code === "too-many-columns") return { ok: false, status: 413, error: stopRefusal(stop) };
  if (stop?.code === "cell-too-long") return { ok: false, status: 422, error: stopRefusal(stop) };
  // An unreadable file (a quote never closed) is kept: the preview names the row where it stops.
  const id = await storeImportUpload(actor.userId, actor.role, stripControl(file.name).trim() || "products.csv", text);
  return { ok: true, id };
}

/** stripControl over a 5 MB text takes tens of milliseconds: a slice at a time, other requests between. */
async function stripControlInSlices(text: string) {
  const SLICE = 256 * 1024;
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += SLICE) {
    // A control character is one UTF-16 unit, so a slice boundary never cuts one in two.
    parts.push(stripControl(text.slice(start, start + SLICE)));
    if (start + SLICE < text.length) await nextTurn();
  }
  return parts.join("");
}

/** UTF-8 text without its byte-order mark, or null (UTF-16 as Excel's "Unicode text" writes it, or another code page). */
function decodeUtf8(bytes: Uint8Array): string | null {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export type ImportPreview = { upload: { id: string; fileName: string; createdAt: string }; plan: ImportPlan };

/** The preview of this actor's upload against the store as it is now, or null (not theirs, expired, applied). Writes nothing. */
export async function previewCatalogImport(actor: CatalogActor, uploadId: string): Promise<ImportPreview | null> {
  const upload = await getImportUpload(actor.userId, actor.role, uploadId);
  if (!upload) return null;
  const plan = await planCatalogImport(getDb(), actor, await readCatalogText(upload.csv));
  return { upload: { id: upload.id, fileName: upload.fileName, createdAt: upload.createdAt }, plan };
}
