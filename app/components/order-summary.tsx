import { amountToFreeShipping } from "~/domain/pricing";
import { formatPaise } from "~/domain/money";
import { gstParts, type PricedOrder, type TaxConfig } from "~/domain/gst";

/**
 * Subtotal, shipping, GST and total of a priced cart (the server recomputes them on order).
 * Prices excluding GST (the spec's default): GST is its own line. Including GST: the subtotal and
 * shipping show with their GST, and the GST they include is stated below the total. The total is
 * the same either way. Once the delivery State is known (`split`), the GST shows as CGST + SGST or
 * IGST.
 */
export function OrderSummary({
  priced,
  config,
  split,
  children,
}: {
  priced: PricedOrder;
  config: TaxConfig;
  split: boolean;
  children?: React.ReactNode;
}) {
  const { subtotal, shipping, tax, total, breakdown } = priced;
  const inclusive = config.display === "inclusive";
  const more = amountToFreeShipping(subtotal);
  const gstLabel = config.mode === "flat" ? "GST (18%)" : "GST";
  // With a vendor in another State an order can carry both kinds.
  const parts = split ? gstParts(breakdown) : [];
  const row = "flex justify-between";
  return (
    <section aria-labelledby="summary-title" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="summary-title" className="text-lg font-bold text-stone-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-[15px]">
        <div className={row}>
          <dt className="text-stone-600">{inclusive ? "Subtotal (incl. GST)" : "Subtotal"}</dt>
          <dd className="font-semibold" data-testid="summary-subtotal">
            {formatPaise(inclusive ? subtotal + tax - breakdown.shipping.tax : subtotal)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-stone-600">Shipping</dt>
          <dd className="font-semibold" data-testid="summary-shipping">
            {shipping === 0 ? "Free" : formatPaise(inclusive ? shipping + breakdown.shipping.tax : shipping)}
          </dd>
        </div>
        {inclusive ? null : (
          <div className={row}>
            <dt className="text-stone-600">{gstLabel}</dt>
            <dd className="font-semibold" data-testid="summary-tax">
              {formatPaise(tax)}
            </dd>
          </div>
        )}
        {inclusive ? null : <TaxParts parts={parts} />}
        <div className="flex justify-between border-t border-stone-200 pt-3 text-lg">
          <dt className="font-bold">Total</dt>
          <dd className="font-extrabold" data-testid="summary-total">
            {formatPaise(total)}
          </dd>
        </div>
        {inclusive ? (
          <>
            <div className={`${row} text-sm`}>
              <dt className="text-stone-600">Includes {gstLabel}</dt>
              <dd data-testid="summary-tax">{formatPaise(tax)}</dd>
            </div>
            <TaxParts parts={parts} />
          </>
        ) : null}
      </dl>
      {subtotal > 0 && more > 0 ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-2.5 text-sm text-amber-900">Add {formatPaise(more)} more to get free shipping!</p>
      ) : null}
      {children}
    </section>
  );
}

function TaxParts({ parts }: { parts: readonly (readonly [string, number])[] }) {
  return parts.map(([label, amount]) => (
    <div key={label} className="flex justify-between pl-3 text-sm">
      <dt className="text-stone-600">{label}</dt>
      <dd data-testid={`summary-${label.toLowerCase()}`}>{formatPaise(amount)}</dd>
    </div>
  ));
}
