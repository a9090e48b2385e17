import Check from "lucide-react/icons/check";
import { formatDateTime } from "~/platform/core/dates";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { describeOrder, type OrderFacts, type StepKey } from "~/features/orders/domain/order-picture";
import { type UiKey, useLocale, useT } from "~/platform/i18n/i18n";

/** Each step's name (done, ahead) and the spec's estimate for a step still ahead. */
const STEPS = {
  payment: ["ui_orders_step_payment_done", "ui_orders_step_payment_due", "ui_orders_when_today"],
  confirmed: ["ui_orders_step_confirmed", "ui_orders_step_confirmed", "ui_orders_when_today"],
  processing: ["ui_orders_step_processing", "ui_orders_step_processing", "ui_orders_when_1_2"],
  shipped: ["ui_orders_step_shipped", "ui_orders_step_shipped", "ui_orders_when_3_5"],
  delivered: ["ui_orders_step_delivered", "ui_orders_step_delivered", "ui_orders_when_5_7"],
} as const satisfies Record<StepKey, readonly [UiKey, UiKey, UiKey]>;

/**
 * Spec §4's four steps, after a first step for the payment when the order is paid before it is
 * confirmed (card, UPI, bank transfer); a step that has happened shows its date and time in India.
 * The same picture as the heading's (describeOrder): an order waiting for its payment ticks nothing.
 */
export function OrderTimeline({ status, progress }: { status: OrderStatus; progress: Omit<OrderFacts, "status"> }) {
  const t = useT();
  const locale = useLocale();
  const steps = describeOrder({ status, ...progress }).timeline ?? [];
  return (
    <ol className={`grid gap-3 ${steps.length === 5 ? "sm:grid-cols-5" : "sm:grid-cols-4"}`} aria-label={t("ui_orders_timeline_title")}>
      {steps.map((step) => {
        const [doneName, aheadName, when] = STEPS[step.key];
        return (
          <li
            key={step.key}
            className="flex items-center gap-3 sm:flex-col sm:text-center"
            data-done={step.done}
            data-step={step.key}
            aria-current={step.current ? "step" : undefined}
          >
            <span
              className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${step.done ? "bg-brand-700 text-white" : step.current ? "border-2 border-orange-500 bg-white" : "border-2 border-stone-300 bg-white text-stone-400"}`}
            >
              {step.done ? (
                <Check className="h-5 w-5" aria-hidden="true" />
              ) : (
                <span className={`h-2 w-2 rounded-full ${step.current ? "bg-orange-500" : "bg-stone-300"}`} />
              )}
            </span>
            <span>
              <span className={`block font-semibold ${step.done ? "text-stone-900" : "text-stone-600"}`}>
                {t(step.done ? doneName : aheadName)}
              </span>
              <span className="block text-sm text-stone-600">
                {step.at ? <time dateTime={step.at}>{formatDateTime(step.at, locale)}</time> : t(when)}
              </span>
              <span className="sr-only">{step.done ? t("ui_orders_step_done") : t("ui_orders_step_not_yet")}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
