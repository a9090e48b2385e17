import type { ReactNode } from "react";

export type Column<T> = {
  header: string;
  /** A header only screen readers hear (e.g. "Actions"); the phone layout then shows no label. */
  hiddenHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Figures, money, dates, ids: never broken inside, right-aligned when `align` says so. */
  nowrap?: boolean;
  align?: "right";
  className?: string;
  /** The column's cell in a totals row under the table (the first column's names the row, e.g. "Total"). */
  total?: ReactNode;
};

type DataTableProps<T> = {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: string;
  rowClassName?: (row: T) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /**
   * Many columns, so that on a narrow desktop its box scrolls sideways: the box then takes the
   * keyboard's focus (named by the caption), so it can be scrolled without a mouse (WCAG 2.1.1).
   */
  wide?: boolean;
};

/**
 * The admin and vendor tables. On a desktop, a table whose headers and figures never break inside
 * a word ("Stoc k", "₹15,00,00 0"); text wraps between words. Below the md breakpoint each row is
 * a card of "label: value" lines, so a phone never scrolls sideways.
 *
 * The admin layout lets text break anywhere so long emails fit a phone; the table resets that
 * (overflow-wrap: normal) for its own columns and allows it again only in the phone cards.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, rowTestId, rowClassName, empty, wide }: DataTableProps<T>) {
  if (rows.length === 0 && empty) return <div className="rounded-xl bg-white ring-1 ring-stone-200">{empty}</div>;
  return (
    <div
      className="rounded-xl bg-white ring-1 ring-stone-200 focus-visible:outline-2 focus-visible:outline-brand-700 md:overflow-x-auto"
      data-testid="data-table"
      {...(wide ? { tabIndex: 0, role: "region", "aria-label": caption } : {})}
    >
      <table className="w-full text-left text-sm [overflow-wrap:normal] max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-stone-600 max-md:sr-only">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`whitespace-nowrap p-3 font-semibold ${c.align === "right" ? "text-right" : ""}`}>
                {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 max-md:block">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} className={`max-md:block max-md:px-4 max-md:py-3 ${rowClassName?.(row) ?? ""}`}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.hiddenHeader ? undefined : c.header}
                  className={[
                    "p-3 align-middle max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1",
                    "max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-stone-600 max-md:before:content-[attr(data-label)]",
                    c.nowrap ? "whitespace-nowrap tabular-nums" : "[overflow-wrap:break-word]",
                    c.align === "right" ? "text-right" : "",
                    c.hiddenHeader ? "max-md:justify-end" : "",
                    c.className ?? "",
                  ].join(" ")}
                >
                  <div className="min-w-0 max-md:text-right max-md:[overflow-wrap:anywhere]">{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {columns.some((c) => c.total !== undefined) ? (
          <tfoot className="border-t-2 border-stone-300 bg-stone-50 font-semibold max-md:block">
            <tr className="max-md:block max-md:px-4 max-md:py-3">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row" className="p-3 text-left max-md:block max-md:px-0 max-md:py-1">
                    {c.total}
                  </th>
                ) : (
                  <td
                    key={c.header}
                    data-label={c.hiddenHeader ? undefined : c.header}
                    className={[
                      "p-3 whitespace-nowrap tabular-nums max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1",
                      "max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-stone-600 max-md:before:content-[attr(data-label)]",
                      c.total === undefined ? "max-md:hidden" : "",
                      c.align === "right" ? "text-right" : "",
                    ].join(" ")}
                  >
                    {c.total}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
