import { amountToFreeShipping } from "~/features/tax/domain/pricing";
import { formatPaise } from "~/platform/core/money";
import type { TaxConfig } from "~/features/tax/domain/gst";
import { goodsValue, gstParts, type PricedOrder } from "~/features/tax/domain/gst-order";
import { useT } from "~/platform/i18n/i18n";
import { summaryAmounts } from "~/features/offers/domain/shown-savings";

/**
 * Subtotal, shipping, GST and total of a priced cart (the server recomputes them on order).
 * Prices including GST (the store's default, issue 29): the subtotal and shipping show with their
 * GST, and one line below the total says how much GST they include. Prices excluding GST (the
 * specification's arithmetic): GST is its own line above the total. Either way the GST is one line:
 * once the delivery State is known (`split`), that line names its kinds (CGST + SGST, or IGST) and
 * their amounts beside it, never as lines of their own that would read as more tax.
 */
export function OrderSummary({
  priced,
  config,
  split,
  placed,
  offers,
  children,
}: {
  priced: PricedOrder;
  config: TaxConfig;
  split: boolean;
  /** An order already placed (its page): headed "Payment Summary", without the free-delivery nudge; test ids "order-…". */
  placed?: boolean;
  /** The discounts the server granted (issue 31): each offer's name and what it saved (`priced`'s subtotal is after them). */
  offers?: readonly ShownOffer[];
  children?: React.ReactNode;
}) {
  const t = useT();
  const id = placed ? "order" : "summary";
  const { subtotal, shipping, tax, total, breakdown } = priced;
  const inclusive = config.display === "inclusive";
  // Each discount in the prices shown (issue 31): with GST when prices are shown with it (what the
  // total fell by), else before it; the subtotal is the goods before them, so the lines add up.
  const shown = summaryAmounts(priced, config.display, offers ?? []);
  const more = placed ? 0 : amountToFreeShipping(goodsValue(priced, config.display), config.shipping);
  const gstLabel = config.mode === "flat" ? t("ui_checkout_gst_flat") : t("ui_checkout_gst");
  // With a vendor in another State an order can carry both kinds.
  const parts = split ? gstParts(breakdown) : [];
  const row = "flex justify-between gap-3";
  const gstRow = (
    <div className={inclusive ? `${row} text-sm` : row}>
      <dt className="text-stone-600">
        {inclusive ? t("ui_checkout_includes", { gst: gstLabel }) : gstLabel}
        <TaxParts parts={parts} id={id} />
      </dt>
      <dd className={inclusive ? undefined : "font-semibold"} data-testid={`${id}-tax`}>
        {formatPaise(tax)}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby={`${id}-summary-title`} className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id={`${id}-summary-title`} className="text-lg font-bold text-stone-900">
        {placed ? t("ui_orders_payment_summary") : t("ui_checkout_summary_title")}
      </h2>
      <dl className="mt-4 space-y-2 text-[15px]">
        <div className={row}>
          <dt className="text-stone-600">{inclusive ? t("ui_checkout_subtotal_incl") : t("ui_checkout_subtotal")}</dt>
          <dd className="font-semibold" data-testid={`${id}-subtotal`}>
            {formatPaise(shown.goods)}
          </dd>
        </div>
        {shown.offers.map((o) => (
          <div key={o.offerId} className={`${row} text-sm text-green-800`} data-testid={`${id}-offer`}>
            <dt>{o.name}</dt>
            <dd className="font-semibold">
              {o.saved > 0 ? t("ui_checkout_offer_saved", { amount: formatPaise(o.saved) }) : null}
              {o.saved > 0 && o.freeShipping ? " · " : null}
              {o.freeShipping ? t("ui_checkout_offer_free_delivery") : null}
            </dd>
          </div>
        ))}
        <div className={row}>
          <dt className="text-stone-600">{t("ui_checkout_shipping")}</dt>
          <dd className="font-semibold" data-testid={`${id}-shipping`}>
            {shipping === 0 ? t("ui_checkout_free") : formatPaise(shown.delivery)}
          </dd>
        </div>
        {inclusive ? null : gstRow}
        <div className="flex justify-between border-t border-stone-200 pt-3 text-lg">
          <dt className="font-bold">{t("ui_checkout_total")}</dt>
          <dd className="font-extrabold" data-testid={`${id}-total`}>
            {formatPaise(total)}
          </dd>
        </div>
        {inclusive ? gstRow : null}
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

/**
 * A discount as a summary shows it: the offer's name in the page's language, what it saved before GST
 * (`paise`) and with GST (`withGstPaise`: what the total fell by; offers/domain/shown-savings.ts).
 */
export type ShownOffer = { offerId: string; name: string; paise: number; withGstPaise?: number; freeShipping: boolean };

const GST_PART_KEYS = { CGST: "ui_checkout_gst_cgst", SGST: "ui_checkout_gst_sgst", IGST: "ui_checkout_gst_igst" } as const;

/** CGST, SGST or IGST in the page's language (the test ids keep the English names). */
export function useGstPartName() {
  const t = useT();
  return (label: string) => (label in GST_PART_KEYS ? t(GST_PART_KEYS[label as keyof typeof GST_PART_KEYS]) : label);
}

/** The GST's kinds within its one line: "as IGST", or "CGST ₹9 + SGST ₹9" (with both kinds, each amount). */
function TaxParts({ parts, id }: { parts: readonly (readonly [string, number])[]; id: string }) {
  const t = useT();
  const partName = useGstPartName();
  if (parts.length === 0) return null;
  const only = parts.length === 1 ? parts[0] : undefined;
  return (
    <span className="block text-xs text-stone-500">
      {only ? (
        <span data-testid={`${id}-${only[0].toLowerCase()}`} data-amount={only[1]}>
          {t("ui_checkout_gst_as", { kind: partName(only[0]) })}
        </span>
      ) : (
        parts.map(([label, amount], i) => (
          <span key={label} data-testid={`${id}-${label.toLowerCase()}`} data-amount={amount}>
            {i > 0 ? " + " : ""}
            {partName(label)} {formatPaise(amount)}
          </span>
        ))
      )}
    </span>
  );
}
