import { expiryMonth, type LineLot } from "~/features/lots/domain/line-lots";
import { useLocale, useT } from "~/platform/i18n/i18n";

/** Under an order line: the lots its units came from, one a line, in the page's language; nothing for a line without lots. */
export function LineLots({ lots }: { lots: readonly LineLot[] | undefined }) {
  const t = useT();
  const locale = useLocale();
  if (!lots || lots.length === 0) return null;
  return (
    <span className="block text-xs text-stone-600" data-testid="line-lots">
      {lots.map((lot) => (
        <span key={lot.number} className="block">
          {lot.expiresOn
            ? t("ui_orders_line_lot", { number: lot.number, month: expiryMonth(lot.expiresOn, locale), quantity: lot.quantity })
            : t("ui_orders_line_lot_no_expiry", { number: lot.number, quantity: lot.quantity })}
        </span>
      ))}
    </span>
  );
}
