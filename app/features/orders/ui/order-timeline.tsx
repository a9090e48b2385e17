import Check from "lucide-react/icons/check";
import { formatDateTime } from "~/platform/core/dates";
import { type OrderEventTime, orderTimeline, type OrderStatus } from "~/features/orders/domain/orders";
import { useLocale, useT } from "~/platform/i18n/i18n";

const STEP_KEYS = [
  ["ui_orders_step_confirmed", "ui_orders_when_today"],
  ["ui_orders_step_processing", "ui_orders_when_1_2"],
  ["ui_orders_step_shipped", "ui_orders_when_3_5"],
  ["ui_orders_step_delivered", "ui_orders_when_5_7"],
] as const;

/** Spec §4's four steps; a step that has happened shows its date and time in India (issue 15). */
export function OrderTimeline({ status, events = [] }: { status: OrderStatus; events?: readonly OrderEventTime[] }) {
  const t = useT();
  const locale = useLocale();
  const steps = orderTimeline(status, events);
  return (
    <ol className="grid gap-3 sm:grid-cols-4" aria-label={t("ui_orders_timeline_title")}>
      {steps.map((step, i) => (
        <li key={step.label} className="flex items-center gap-3 sm:flex-col sm:text-center" data-done={step.done}>
          <span
            className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${step.done ? "bg-brand-700 text-white" : "border-2 border-stone-300 bg-white text-stone-400"}`}
          >
            {step.done ? <Check className="h-5 w-5" aria-hidden="true" /> : <span className="h-2 w-2 rounded-full bg-stone-300" />}
          </span>
          <span>
            <span className={`block font-semibold ${step.done ? "text-stone-900" : "text-stone-600"}`}>
              {STEP_KEYS[i] ? t(STEP_KEYS[i][0]) : step.label}
            </span>
            <span className="block text-sm text-stone-600">
              {step.at ? <time dateTime={step.at}>{formatDateTime(step.at, locale)}</time> : STEP_KEYS[i] ? t(STEP_KEYS[i][1]) : step.when}
            </span>
            <span className="sr-only">{step.done ? t("ui_orders_step_done") : t("ui_orders_step_not_yet")}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
