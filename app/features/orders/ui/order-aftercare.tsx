import { Link } from "react-router";
import { formatDate } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";
import type { OrderStatus } from "~/features/orders/domain/orders";
import {
  type RefundView,
  RETURN_STATUS_LABELS,
  RETURN_STATUS_STYLES,
  RETURN_WINDOW_DAYS,
  type ReturnView,
} from "~/features/orders/domain/returns";
import { CancelOrderButton } from "./cancel-order-dialog";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { useStatusNames } from "~/features/orders/ui/order-text";

export type AftercareView = {
  status: OrderStatus;
  canCancel: boolean;
  cancelRefundPaise: number;
  lastReturnDay: string | null;
  returnWindowOpen: boolean;
  canReturn: boolean;
  returns: ReturnView[];
  refunds: RefundView[];
};

const REFUND_FOR = {
  cancelled: "ui_orders_refund_for_cancelled",
  return: "ui_orders_refund_for_return",
  late_payment: "ui_orders_refund_for_late_payment",
  extra_payment: "ui_orders_refund_for_extra_payment",
  mismatched_payment: "ui_orders_refund_for_mismatched_payment",
} as const satisfies Record<RefundView["reason"], string>;

/** A day (YYYY-MM-DD, in India) in the page's language. */
const dayOf = (day: string, locale: "en" | "hi") => formatDate(`${day}T12:00:00+05:30`, locale);

/** The customer's order page: cancel it (until it ships), return items (after delivery), and where each refund stands. */
export function OrderAftercare({ orderId, view }: { orderId: string; view: AftercareView }) {
  const t = useT();
  const locale = useLocale();
  const names = useStatusNames({ returns: RETURN_STATUS_LABELS });
  const { returns, refunds } = view;
  if (!view.canCancel && !view.lastReturnDay && returns.length === 0 && refunds.length === 0) return null;
  return (
    <section className="mt-6 rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="aftercare-title">
      <h2 id="aftercare-title" className="text-lg font-bold text-stone-900">
        {t("ui_orders_aftercare_title")}
      </h2>
      {view.canCancel ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-700">{t("ui_orders_can_cancel")}</p>
          <CancelOrderButton orderId={orderId} from="order" refundPaise={view.cancelRefundPaise} />
        </div>
      ) : null}
      {view.status === "delivered" && view.lastReturnDay ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-700">
            {view.returnWindowOpen
              ? t("ui_orders_return_until", { date: dayOf(view.lastReturnDay, locale), days: RETURN_WINDOW_DAYS })
              : t("ui_orders_returns_closed", { date: dayOf(view.lastReturnDay, locale) })}
          </p>
          {view.canReturn ? (
            <Link
              to={`/orders/${orderId}/return`}
              className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t("ui_orders_return_items")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label={t("ui_orders_refunds")}>
          {refunds.map((r) => (
            <li key={r.id} className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-950" data-testid="refund">
              <span className="font-semibold">
                {r.done
                  ? t("ui_orders_refund_done", { amount: formatPaiseExact(r.amountPaise) })
                  : t("ui_orders_refund_on_way", { amount: formatPaiseExact(r.amountPaise) })}
              </span>
              {t("ui_orders_refund_for", { reason: t(REFUND_FOR[r.reason]) })}
              {r.done ? t("ui_orders_refund_on", { date: formatDate(r.updatedAt, locale) }) : ""}
              {r.failed
                ? t("ui_orders_refund_failed")
                : r.kind === "payout"
                  ? r.payoutReference
                    ? t("ui_orders_refund_payout_ref", { reference: r.payoutReference })
                    : t("ui_orders_refund_payout")
                  : r.done
                    ? t("ui_orders_refund_to_method")
                    : t("ui_orders_refund_pending")}
            </li>
          ))}
        </ul>
      ) : null}
      {returns.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-stone-900">{t("ui_orders_your_returns")}</h3>
          <ul className="mt-2 divide-y divide-stone-100" aria-label={t("ui_orders_your_returns")}>
            {returns.map((r) => (
              <li key={r.id} className="py-2 text-sm" data-testid="customer-return">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-stone-900">
                    {r.quantity} × {r.name} · {formatPaiseExact(r.amountPaise)}
                  </span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${r.stage === "received" ? "bg-sky-100 text-sky-800" : RETURN_STATUS_STYLES[r.status]}`}
                    data-testid="customer-return-stage"
                  >
                    {r.stage === "received" ? t("ui_orders_return_received") : names.returns(r.status)}
                  </span>
                </div>
                {r.status === "requested" ? (
                  <p className="text-stone-600">{t("ui_orders_asked_on", { date: formatDate(r.createdAt, locale) })}</p>
                ) : null}
                {r.receivedAt && r.stage === "received" ? (
                  <p className="text-stone-600">{t("ui_orders_return_received_back", { date: formatDate(r.receivedAt, locale) })}</p>
                ) : null}
                {r.payoutHint && r.stage !== "rejected" ? (
                  <p className="text-stone-600">{t("ui_orders_return_refund_to", { where: r.payoutHint })}</p>
                ) : null}
                {r.status === "rejected" && r.decisionNote ? (
                  <p className="text-stone-700 [overflow-wrap:anywhere]">{t("ui_orders_not_accepted", { note: r.decisionNote })}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
