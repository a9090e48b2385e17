import Check from "lucide-react/icons/check";
import { formatDateTime } from "~/domain/dates";
import { type OrderEventTime, orderTimeline, type OrderStatus } from "~/domain/orders";

/** Spec §4's four steps; a step that has happened shows its date and time in India (issue 15). */
export function OrderTimeline({ status, events = [] }: { status: OrderStatus; events?: readonly OrderEventTime[] }) {
  const steps = orderTimeline(status, events);
  return (
    <ol className="grid gap-3 sm:grid-cols-4" aria-label="Delivery timeline">
      {steps.map((step) => (
        <li key={step.label} className="flex items-center gap-3 sm:flex-col sm:text-center" data-done={step.done}>
          <span
            className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${step.done ? "bg-brand-700 text-white" : "border-2 border-stone-300 bg-white text-stone-400"}`}
          >
            {step.done ? <Check className="h-5 w-5" aria-hidden="true" /> : <span className="h-2 w-2 rounded-full bg-stone-300" />}
          </span>
          <span>
            <span className={`block font-semibold ${step.done ? "text-stone-900" : "text-stone-600"}`}>{step.label}</span>
            <span className="block text-sm text-stone-600">
              {step.at ? <time dateTime={step.at}>{formatDateTime(step.at)}</time> : step.when}
            </span>
            <span className="sr-only">{step.done ? "(done)" : "(not yet)"}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
