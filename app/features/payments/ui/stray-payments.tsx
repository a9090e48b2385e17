import { Form } from "react-router";
import { TextField } from "~/ui/text-field";
import { formatDateTime } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { STRAY_REASON_LABELS, STRAY_STATE_LABELS, type StrayPaymentView } from "~/features/payments/domain/payments";

const STATE_STYLES: Record<StrayPaymentView["state"], string> = {
  waiting: "bg-orange-100 text-orange-800",
  refunding: "bg-blue-100 text-blue-800",
  refunded: "bg-blue-100 text-blue-800",
  refund_failed: "bg-red-100 text-red-800",
  settled: "bg-stone-200 text-stone-700",
};

/**
 * The admin's view of an order's payments it did not take (docs/decisions/023-payments.md): a
 * second or late payment and its automatic refund, and a payment of another amount or currency
 * waiting for a decision: refund it (through the gateway, once) or mark it settled with a note.
 */
export function StrayPayments({ strays, busy }: { strays: readonly StrayPaymentView[]; busy: boolean }) {
  if (strays.length === 0) return null;
  return (
    <section className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200" aria-labelledby="stray-title">
      <h2 id="stray-title" className="font-bold">
        Payments not applied to this order
      </h2>
      <ul className="mt-2 divide-y divide-stone-100">
        {strays.map((s) => (
          <li key={s.id} className="py-3 text-sm" data-testid="admin-stray-payment">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">
                {!s.amountKnown
                  ? "Amount not stated"
                  : s.currency === "INR"
                    ? formatPaise(s.amountPaise)
                    : `${s.amountPaise} (${s.currency || "no currency"})`}
              </span>
              <span>{STRAY_REASON_LABELS[s.reason]}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLES[s.state]}`}>
                {STRAY_STATE_LABELS[s.state]}
              </span>
            </div>
            <p className="text-stone-600">
              <span className="capitalize">{s.gateway}</span> payment{" "}
              <span className="font-mono [overflow-wrap:anywhere]">{s.gatewayPaymentId}</span> · {formatDateTime(s.createdAt)}
            </p>
            {s.note ? <p className="text-stone-700 [overflow-wrap:anywhere]">Note: {s.note}</p> : null}
            {s.state === "refund_failed" ? <p className="text-stone-700">Try its refund again under Refunds below.</p> : null}
            {s.state === "waiting" && !s.amountKnown ? (
              <p className="text-stone-700">
                The gateway's message gave no amount we could read. Refunding asks the gateway what it received and refunds exactly that.
              </p>
            ) : null}
            {s.state === "waiting" ? (
              <div className="mt-2 flex flex-wrap items-end gap-3">
                <Form method="post">
                  <input type="hidden" name="intent" value="stray-refund" />
                  <input type="hidden" name="strayId" value={s.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                  >
                    {s.amountKnown ? `Refund ${formatPaise(s.amountPaise)}` : "Refund what the gateway received"}
                  </button>
                </Form>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="stray-settle" />
                  <input type="hidden" name="strayId" value={s.id} />
                  <TextField
                    label="How it was settled"
                    name="note"
                    required
                    minLength={3}
                    maxLength={500}
                    hint="Kept for the record, e.g. refunded from the gateway's dashboard."
                    className="min-w-64"
                  />
                  <button
                    type="submit"
                    disabled={busy}
                    className="h-10 rounded-lg border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60"
                  >
                    Mark settled
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
