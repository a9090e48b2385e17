import { formatDate } from "~/platform/core/dates";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { rich } from "~/features/orders/ui/order-text";

/**
 * "Pay by 1 December 2026 or the order is cancelled.": the end of a bank transfer's time to pay,
 * after which the payment sweep cancels the order and releases its stock.
 */
export function TransferDeadline({ dueAt, className }: { dueAt: string; className?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className={className} data-testid="transfer-due">
      {rich(t("ui_orders_transfer_due", { date: "{date}" }), {
        date: <time dateTime={dueAt}>{formatDate(dueAt, locale)}</time>,
      })}
    </p>
  );
}
