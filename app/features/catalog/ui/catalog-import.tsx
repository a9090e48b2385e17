import { Form, useNavigation } from "react-router";
import ChevronDown from "lucide-react/icons/chevron-down";
import Download from "lucide-react/icons/download";
import { FormError } from "~/ui/form-error";
import { type Column, DataTable } from "~/ui/data-table";
import { IMPORT_UPLOAD_GONE, type RowError } from "~/features/catalog/domain/catalog-csv";
import { type UiKey, useT } from "~/platform/i18n/i18n";
import { useLocalePath } from "~/ui/use-locale-path";

type Change = { key: string; column: string; detail: string };
/** A problem of the file as the page lists it, in words. */
type ShownRowError = RowError & { message: string };
export type CatalogImportView = {
  paths: { page: string; products: string; exportCsv: string };
  role: "admin" | "vendor";
  /** Why this person may not import (an unconfirmed vendor): shown instead of the upload form. */
  refusal: string | null;
  maxRows: number;
  columns: { name: string; help: string }[];
  gone: boolean;
  preview: {
    uploadId: string;
    fileName: string;
    rowCount: number;
    counts: { created: number; updated: number; unchanged: number };
    /** The first problems (MAX_LISTED_PROBLEMS); problemCount and problemRows count them all. */
    errors: ShownRowError[];
    problemCount: number;
    problemRows: number;
    created: { name: string; rows: string; sizes: number }[];
    updated: { id: string; name: string; rows: string; changes: Change[] }[];
  } | null;
};

type Translate = ReturnType<typeof useT>;
type Counted = Extract<UiKey, `ui_vendor_import_${string}_one`> extends `${infer Base}_one` ? Base : never;

/** "3 new products": a count with its noun, in the page's language (Hindi on the vendor's Hindi page, English for the admin). */
const count = (t: Translate, n: number, key: Counted) => t(n === 1 ? `${key}_one` : `${key}_other`, { count: n.toLocaleString("en-IN") });

const errorColumns = (t: Translate): Column<ShownRowError>[] => [
  { header: t("ui_vendor_import_col_row"), nowrap: true, align: "right", cell: (e) => e.row.toLocaleString("en-IN") },
  { header: t("ui_vendor_import_col_column"), nowrap: true, cell: (e) => <span className="font-mono text-xs">{e.column}</span> },
  { header: t("ui_vendor_import_col_problem"), cell: (e) => e.message },
];

/**
 * The CSV import page of the admin and the vendor: the upload form, the columns, and once a file
 * is uploaded, its preview — what it adds and changes and every problem by row and column — with
 * "Apply import" only when there is something to write and no problem. Plain forms: it all works
 * without JavaScript.
 */
export function CatalogImport({ view, error }: { view: CatalogImportView; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const p = view.preview;
  const changes = p ? p.counts.created + p.counts.updated : 0;
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_import_title")}</h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">
        {t("ui_vendor_import_intro")}
        {view.role === "vendor" ? t("ui_vendor_import_intro_vendor") : ""}
      </p>
      <a
        href={localePath(view.paths.exportCsv)}
        download
        className="mt-3 inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
      >
        <Download className="h-4 w-4" aria-hidden="true" /> {t("ui_vendor_export_csv")}
      </a>
      <FormError message={error ?? view.refusal ?? (view.gone ? IMPORT_UPLOAD_GONE : null)} />
      {view.refusal ? null : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="preview" />
          <div className="min-w-0">
            <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-stone-700">
              {t("ui_vendor_import_file_label", { rows: view.maxRows.toLocaleString("en-IN") })}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              required
              accept=".csv,text/csv"
              className="block w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:font-semibold"
            />
          </div>
          <button
            type="submit"
            disabled={busy === "preview"}
            className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy === "preview" ? t("ui_vendor_import_reading") : t("ui_vendor_import_preview")}
          </button>
        </Form>
      )}
      <details className="group mt-3 rounded-xl bg-white p-4 text-sm ring-1 ring-stone-200">
        <summary className="flex cursor-pointer items-center gap-2 font-semibold text-stone-800">
          <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden="true" /> {t("ui_vendor_import_columns")}
        </summary>
        <p className="mt-2 text-stone-600">{t("ui_vendor_import_columns_note")}</p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {view.columns.map((c) => (
            <div key={c.name} className="contents">
              <dt className="font-mono text-xs font-semibold text-stone-800 max-sm:mt-2">{c.name}</dt>
              <dd className="text-stone-600">{c.help}</dd>
            </div>
          ))}
        </dl>
      </details>

      {p ? (
        <section aria-labelledby="preview-heading" className="mt-6" data-testid="import-preview">
          <h2 id="preview-heading" className="text-xl font-bold text-stone-900 [overflow-wrap:anywhere]">
            {t("ui_vendor_import_preview_of", { file: p.fileName })}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            <li className="rounded-full bg-green-100 px-3 py-1 font-semibold text-green-900" data-testid="import-new">
              {count(t, p.counts.created, "ui_vendor_import_new")}
            </li>
            <li className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900" data-testid="import-updated">
              {t("ui_vendor_import_updated", { count: p.counts.updated.toLocaleString("en-IN") })}
            </li>
            <li className="rounded-full bg-stone-100 px-3 py-1 font-semibold text-stone-800" data-testid="import-unchanged">
              {t("ui_vendor_import_unchanged", { count: p.counts.unchanged.toLocaleString("en-IN") })}
            </li>
            <li className="px-1 py-1 text-stone-600">{count(t, p.rowCount, "ui_vendor_import_rows_read")}</li>
          </ul>

          {p.problemCount ? (
            <>
              <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="import-problems">
                {t("ui_vendor_import_problems", {
                  problems: count(t, p.problemCount, "ui_vendor_import_problem"),
                  rows: count(t, p.problemRows, "ui_vendor_import_row"),
                })}
              </p>
              <div className="mt-3">
                <DataTable
                  caption={t("ui_vendor_import_problems_caption")}
                  columns={errorColumns(t)}
                  rows={p.errors}
                  rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
                  rowTestId="import-problem"
                />
              </div>
              {p.problemCount > p.errors.length ? (
                <p className="mt-2 text-sm text-stone-700" data-testid="import-more-problems">
                  {count(t, p.problemCount - p.errors.length, "ui_vendor_import_more_problems")}
                </p>
              ) : null}
            </>
          ) : changes === 0 ? (
            <p className="mt-4 rounded-lg bg-stone-100 p-3 text-sm text-stone-800" data-testid="import-nothing">
              {t("ui_vendor_import_nothing")}
            </p>
          ) : (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="upload" value={p.uploadId} />
              <p className="min-w-0 flex-1 text-sm text-stone-700">{t("ui_vendor_import_apply_note")}</p>
              <button
                type="submit"
                disabled={busy === "apply"}
                className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
              >
                {busy === "apply" ? t("ui_vendor_import_importing") : t("ui_vendor_import_apply")}
              </button>
            </Form>
          )}

          {p.created.length ? (
            <>
              <h3 className="mt-6 text-lg font-semibold text-stone-900">
                {t("ui_vendor_import_new_products", { count: p.created.length.toLocaleString("en-IN") })}
              </h3>
              <ul className="mt-2 divide-y divide-stone-100 rounded-xl bg-white text-sm ring-1 ring-stone-200">
                {p.created.map((c) => (
                  <li
                    key={c.rows}
                    className="flex flex-wrap justify-between gap-x-3 px-4 py-2 [overflow-wrap:anywhere]"
                    data-testid="import-new-product"
                  >
                    <span className="font-medium text-stone-900">{c.name}</span>
                    <span className="text-stone-600">
                      {count(t, c.sizes, "ui_vendor_import_size")}, {c.rows}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {p.updated.length ? (
            <>
              <h3 className="mt-6 text-lg font-semibold text-stone-900">
                {t("ui_vendor_import_changed_products", { count: p.updated.length.toLocaleString("en-IN") })}
              </h3>
              <ul className="mt-2 divide-y divide-stone-100 rounded-xl bg-white text-sm ring-1 ring-stone-200">
                {p.updated.map((u) => (
                  <li key={u.id} className="px-4 py-2 [overflow-wrap:anywhere]" data-testid="import-changed-product">
                    <span className="font-medium text-stone-900">{u.name}</span> <span className="text-stone-600">({u.rows})</span>
                    <ul className="mt-1 list-disc pl-5 text-stone-700">
                      {u.changes.map((c) => (
                        <li key={c.key}>
                          <span className="font-mono text-xs">{c.column}</span>: {c.detail}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
