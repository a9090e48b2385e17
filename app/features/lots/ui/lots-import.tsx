import { Form } from "react-router";
import { useT } from "~/platform/i18n/i18n";

type Problem = { row: number; column: string; message: string };

/** The lots CSV page: what a file holds, its upload, and a refused file's problems by row. */
export function LotsImport({ columns, problems }: { columns: string; problems?: Problem[] }) {
  const t = useT();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_lots_import_title")}</h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">{t("ui_lots_import_intro", { columns })}</p>
      {problems && problems.length > 0 ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="lot-problems">
          <p className="font-semibold">{t("ui_lots_import_problems")}</p>
          <ul className="mt-1 list-disc pl-5 [overflow-wrap:anywhere]">
            {problems.map((p) => (
              <li key={`${p.row}-${p.column}-${p.message}`}>
                {p.row > 0
                  ? t("ui_lots_import_row", { row: p.row.toLocaleString("en-IN"), column: p.column, message: p.message })
                  : p.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mt-4 grid max-w-xl gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <label htmlFor="lots-file" className="text-sm font-medium text-stone-800">
          {t("ui_lots_import_file")}
        </label>
        <input id="lots-file" name="file" type="file" accept=".csv,text/csv" required className="min-h-11 text-sm" />
        <button type="submit" className="h-10 justify-self-start rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          {t("ui_lots_import_submit")}
        </button>
      </Form>
    </div>
  );
}
