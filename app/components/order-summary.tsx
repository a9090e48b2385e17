import { amountToFreeShipping, computeTotals } from "~/domain/pricing";
import { formatPaise } from "~/domain/money";

/** Subtotal, shipping, GST and total for a subtotal in paise (the server recomputes them on order). */
export function OrderSummary({ subtotal, children }: { subtotal: number; children?: React.ReactNode }) {
  const totals = computeTotals(subtotal);
  const more = amountToFreeShipping(subtotal);
  return (
    <section aria-labelledby="summary-title" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="summary-title" className="text-lg font-bold text-stone-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-[15px]">
        <div className="flex justify-between">
          <dt className="text-stone-600">Subtotal</dt>
          <dd className="font-semibold" data-testid="summary-subtotal">
            {formatPaise(totals.subtotal)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-600">Shipping</dt>
          <dd className="font-semibold" data-testid="summary-shipping">
            {totals.shipping === 0 ? "Free" : formatPaise(totals.shipping)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-600">GST (18%)</dt>
          <dd className="font-semibold" data-testid="summary-tax">
            {formatPaise(totals.tax)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-3 text-lg">
          <dt className="font-bold">Total</dt>
          <dd className="font-extrabold" data-testid="summary-total">
            {formatPaise(totals.total)}
          </dd>
        </div>
      </dl>
      {subtotal > 0 && more > 0 ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-2.5 text-sm text-amber-900">Add {formatPaise(more)} more to get free shipping!</p>
      ) : null}
      {children}
    </section>
  );
}
