import Landmark from "lucide-react/icons/landmark";
import {
  type BankTransferDetails,
  bankDetailRows,
  PAY_BY_TRANSFER_HEADING,
  transferInstructions,
  transferReferenceHint,
} from "~/features/payments/domain/bank-transfer";
import { type UiKey, useLocale } from "~/platform/i18n/i18n";
import { useTOr } from "~/features/orders/ui/order-text";

const ROW_KEYS: Record<string, UiKey> = {
  "Account name": "ui_orders_bank_account_name",
  "Account number": "ui_orders_bank_account_number",
  Bank: "ui_orders_bank_bank",
  IFSC: "ui_orders_bank_ifsc",
};
import { formatPaise } from "~/platform/core/money";
import { formatOrderId, transferRemark } from "~/platform/core/order-id";

/**
 * The store's account and instructions (Payment Settings), shown with an order that waits for the
 * customer's bank transfer (issue 15), until an admin records the transfer.
 */
export function BankTransferPanel({
  details,
  orderId,
  totalPaise,
  headingLevel = 2,
}: {
  details: BankTransferDetails;
  orderId: string;
  totalPaise: number;
  headingLevel?: 2 | 3;
}) {
  const t = useTOr();
  const instructions = transferInstructions(details, useLocale());
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const heading = t("ui_orders_pay_by_transfer", PAY_BY_TRANSFER_HEADING);
  const rows: [string, string][] = [
    [t("ui_orders_amount_to_pay", "Amount to pay"), formatPaise(totalPaise)],
    ...bankDetailRows(details).map(([label, value]): [string, string] => [ROW_KEYS[label] ? t(ROW_KEYS[label], label) : label, value]),
  ];
  return (
    <section
      className="rounded-xl border border-orange-200 bg-orange-50 p-4 sm:p-5"
      aria-label={t("ui_orders_pay_by_transfer_order", `${PAY_BY_TRANSFER_HEADING}, order {id}`, { id: formatOrderId(orderId) })}
      data-testid="bank-transfer"
    >
      <Heading className="flex items-center gap-2 font-bold text-stone-900">
        <Landmark className="h-5 w-5 text-orange-800" aria-hidden="true" />
        {heading}
      </Heading>
      {instructions ? <p className="mt-2 text-sm text-stone-800">{instructions}</p> : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-700">{label}</dt>
            <dd className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-stone-800">
        {t("ui_orders_transfer_hint", transferReferenceHint("{id}"), { id: transferRemark(orderId) })}
      </p>
    </section>
  );
}
