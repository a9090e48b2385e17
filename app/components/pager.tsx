import { Link, useLocation } from "react-router";
import { pageHref } from "~/domain/pagination";

type PagerProps = {
  page: { rows: readonly unknown[]; total: number; start: number; nextCursor: string | null; prevCursor: string | null };
  /** What the list holds: ["order", "orders"]. */
  noun: readonly [one: string, many: string];
  /** For a page with two lists: the second one's URL parameters ("queue" → queueCursor, queueDir). */
  prefix?: string;
  className?: string;
};

const count = (n: number) => n.toLocaleString("en-IN");
const linkStyle = "inline-flex h-10 items-center rounded-lg border border-stone-300 bg-white px-4 font-semibold hover:bg-stone-50";
const offStyle = "inline-flex h-10 items-center rounded-lg border border-stone-200 px-4 font-semibold text-stone-400";

/**
 * "Showing 51–100 of 1,234 orders" with Previous/Next links. They are plain links carrying the
 * cursor and the page's other parameters (filters, search), so they work before JavaScript loads.
 */
export function Pager({ page, noun, prefix = "", className = "" }: PagerProps) {
  const { search } = useLocation();
  if (page.total === 0 || page.rows.length === 0) return null;
  const end = page.start + page.rows.length - 1;
  const label = noun[1].charAt(0).toUpperCase() + noun[1].slice(1);
  return (
    <nav aria-label={`${label} pages`} className={`flex flex-wrap items-center justify-between gap-3 text-sm ${className}`}>
      <p className="text-stone-700" data-testid="pager-status">
        Showing {count(page.start)}–{count(end)} of {count(page.total)} {page.total === 1 ? noun[0] : noun[1]}
      </p>
      {page.prevCursor || page.nextCursor ? (
        <div className="flex gap-2">
          {page.prevCursor ? (
            <Link to={pageHref(search, page.prevCursor, "prev", prefix)} rel="prev" className={linkStyle}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={offStyle}>
              Previous
            </span>
          )}
          {page.nextCursor ? (
            <Link to={pageHref(search, page.nextCursor, "next", prefix)} rel="next" className={linkStyle}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={offStyle}>
              Next
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
