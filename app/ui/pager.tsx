import { Link, useLocation } from "react-router";
import { groupIndian } from "~/platform/core/money";
import { pageHref } from "~/platform/core/pagination";
import { useLocale, useT } from "~/platform/i18n/i18n";

type PagerProps = {
  page: { rows: readonly unknown[]; total: number; start: number; nextCursor: string | null; prevCursor: string | null };
  /** What the list holds: ["order", "orders"] (on a Hindi page, in Hindi: ["ऑर्डर", "ऑर्डर"]). */
  noun: readonly [one: string, many: string];
  /** For a page with two lists: the second one's URL parameters ("queue" → queueCursor, queueDir). */
  prefix?: string;
  className?: string;
};

const linkStyle = "inline-flex h-10 items-center rounded-lg border border-stone-300 bg-white px-4 font-semibold hover:bg-stone-50";
const offStyle = "inline-flex h-10 items-center rounded-lg border border-stone-200 px-4 font-semibold text-stone-400";

/**
 * "Showing 51–100 of 1,234 orders" with Previous/Next links. They are plain links carrying the
 * cursor and the page's other parameters (filters, search), so they work before JavaScript loads.
 */
export function Pager({ page, noun, prefix = "", className = "" }: PagerProps) {
  const { search } = useLocation();
  // The admin panel is English only and has no page strings: a Hindi page (storefront, vendor area) has.
  const hindi = useLocale() === "hi";
  const t = useT();
  if (page.total === 0 || page.rows.length === 0) return null;
  const end = page.start + page.rows.length - 1;
  const label = noun[1].charAt(0).toUpperCase() + noun[1].slice(1);
  const nouns = page.total === 1 ? noun[0] : noun[1];
  const previous = hindi ? t("ui_store_pager_previous") : "Previous";
  const next = hindi ? t("ui_store_pager_next") : "Next";
  return (
    <nav
      aria-label={hindi ? t("ui_store_pager_label", { noun: noun[1] }) : `${label} pages`}
      className={`flex flex-wrap items-center justify-between gap-3 text-sm ${className}`}
    >
      <p className="text-stone-700" data-testid="pager-status">
        {hindi
          ? t("ui_store_pager_status", {
              start: groupIndian(page.start),
              end: groupIndian(end),
              total: groupIndian(page.total),
              noun: nouns,
            })
          : `Showing ${groupIndian(page.start)}–${groupIndian(end)} of ${groupIndian(page.total)} ${nouns}`}
      </p>
      {page.prevCursor || page.nextCursor ? (
        <div className="flex gap-2">
          {page.prevCursor ? (
            <Link to={pageHref(search, page.prevCursor, "prev", prefix)} rel="prev" className={linkStyle}>
              {previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={offStyle}>
              {previous}
            </span>
          )}
          {page.nextCursor ? (
            <Link to={pageHref(search, page.nextCursor, "next", prefix)} rel="next" className={linkStyle}>
              {next}
            </Link>
          ) : (
            <span aria-disabled="true" className={offStyle}>
              {next}
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
