import { amountToFreeShipping } from "~/features/tax/domain/pricing";
import { formatPaise } from "~/platform/core/money";
import type { TaxConfig } from "~/features/tax/domain/gst";
import { gstParts, type PricedOrder } from "~/features/tax/domain/gst-order";
import { useT } from "~/platform/i18n/i18n";

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
  const t = useT();
  const { subtotal, shipping, tax, total, breakdown } = priced;
  const inclusive = config.display === "inclusive";
  const more = amountToFreeShipping(subtotal);
  const gstLabel = config.mode === "flat" ? t("ui_checkout_gst_flat") : t("ui_checkout_gst");
  // With a vendor in another State an order can carry both kinds.
  const parts = split ? gstParts(breakdown) : [];
  const row = "flex justify-between";
  return (
    <section aria-labelledby="summary-title" className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="summary-title" className="text-lg font-bold text-stone-900">
        {t("ui_checkout_summary_title")}
      </h2>
      <dl className="mt-4 space-y-2 text-[15px]">
        <div className={row}>
          <dt className="text-stone-600">{inclusive ? t("ui_checkout_subtotal_incl") : t("ui_checkout_subtotal")}</dt>
          <dd className="font-semibold" data-testid="summary-subtotal">
            {formatPaise(inclusive ? subtotal + tax - breakdown.shipping.tax : subtotal)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-stone-600">{t("ui_checkout_shipping")}</dt>
          <dd className="font-semibold" data-testid="summary-shipping">
            {shipping === 0 ? t("ui_checkout_free") : formatPaise(inclusive ? shipping + breakdown.shipping.tax : shipping)}
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
          <dt className="font-bold">{t("ui_checkout_total")}</dt>
          <dd className="font-extrabold" data-testid="summary-total">
            {formatPaise(total)}
          </dd>
        </div>
        {inclusive ? (
          <>
            <div className={`${row} text-sm`}>
              <dt className="text-stone-600">{t("ui_checkout_includes", { gst: gstLabel })}</dt>
              <dd data-testid="summary-tax">{formatPaise(tax)}</dd>
            </div>
            <TaxParts parts={parts} />
          </>
        ) : null}
      </dl>
      {subtotal > 0 && more > 0 ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-2.5 text-sm text-amber-900">
          {t("ui_checkout_free_shipping_more", { amount: formatPaise(more) })}
        </p>
      ) : null}
      {children}
    </section>
  );
}

const GST_PART_KEYS = { CGST: "ui_checkout_gst_cgst", SGST: "ui_checkout_gst_sgst", IGST: "ui_checkout_gst_igst" } as const;

/** CGST, SGST or IGST in the page's language (the test ids keep the English names). */
export function useGstPartName() {
  const t = useT();
  return (label: string) => (label in GST_PART_KEYS ? t(GST_PART_KEYS[label as keyof typeof GST_PART_KEYS]) : label);
}

function TaxParts({ parts }: { parts: readonly (readonly [string, number])[] }) {
  const partName = useGstPartName();
  return parts.map(([label, amount]) => (
    <div key={label} className="flex justify-between pl-3 text-sm">
      <dt className="text-stone-600">{partName(label)}</dt>
      <dd data-testid={`summary-${label.toLowerCase()}`}>{formatPaise(amount)}</dd>
    </div>
  ));
}
