import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { OrderSummary } from "~/features/orders/ui/order-summary";
import { CartDeliveryCheck } from "~/features/cart/ui/cart-delivery-check";
import { useRootData } from "~/platform/render/root-data";
import { nextBreakShown, shownAmounts, useCartPricing } from "~/features/cart/domain/order-pricing";
import { formatPaise } from "~/platform/core/money";
import { lineKey, lineName, MAX_LINE_QUANTITY, removeFromCart, setCartQuantity } from "~/features/cart/domain/cart";
import { quoteIds, useCartQuote, type QuotedLine } from "~/features/cart/ui/use-cart-quote";
import type { DrawnCart } from "~/features/cart/domain/cart-cookie";
import { useT } from "~/platform/i18n/i18n";
import { type CartOfferHint, useCartOffers } from "~/features/cart/ui/use-cart-offers";
import { imageSrc } from "~/ui/image-srcset";

/**
 * The cart's lines, checked against the catalogue, and its summary: loaded by the cart page
 * only once the cart has something in it (app/routes/store/cart.tsx). `empty` draws the empty cart,
 * with the notices of what the check removed; `drawn`, the cart the server drew the page with.
 */
type Props = {
  empty: (notices: ReactNode) => ReactNode;
  /** The cart the server drew the page with, and what to call once these lines have hydrated. */
  drawn?: DrawnCart | null;
  onHydrated?: (() => void) | undefined;
};

export default function CartContents({ empty, drawn, onHydrated }: Props) {
  const t = useT();
  useEffect(() => onHydrated?.(), [onHydrated]);
  const { lines, notices } = useCartQuote(drawn);
  const blocked = lines.some((l) => l.outOfStock);
  const { user } = useRootData();
  // Automatic offers (issue 31); a coupon is entered at checkout.
  // The saved address's pincode is the delivery pincode the customer has given (a pincode offer).
  const { offers, hints } = useCartOffers(lines, user?.address.state, "", user?.address.pincode ?? "");
  const { priced, shownOffers, config, known } = useCartPricing(lines, user?.address.state, offers);

  if (lines.length === 0) return empty(notices.length ? <Notices notices={notices} /> : null);
  return (
    <div className="mx-auto min-h-[75vh] max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t("ui_checkout_cart_title")}</h1>
      {notices.length ? <Notices notices={notices} /> : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="space-y-3" aria-label={t("ui_checkout_cart_items")}>
          {lines.map((line, i) => (
            <CartRow
              key={lineKey(line.product)}
              line={line}
              shown={shownAmounts(line, priced.breakdown.lines[i], config)}
              next={nextBreakShown(line, priced.breakdown.lines[i], config)}
            />
          ))}
        </ul>
        <div className="space-y-3">
          <OrderSummary priced={priced} config={config} split={known} offers={shownOffers}>
            <OfferHints hints={hints} />
            {blocked ? (
              <p className="mt-4 rounded-lg bg-red-50 p-2.5 text-sm font-medium text-red-800">{t("ui_checkout_remove_out_of_stock")}</p>
            ) : null}
            {blocked ? (
              <span aria-disabled="true" className="mt-4 block rounded-lg bg-stone-300 py-3 text-center font-semibold text-stone-600">
                {t("ui_checkout_proceed")}
              </span>
            ) : (
              <Link
                to="/checkout"
                className="mt-4 block rounded-lg bg-brand-700 py-3 text-center font-semibold text-white hover:bg-brand-800"
              >
                {t("ui_checkout_proceed")}
              </Link>
            )}
            <Link
              to="/products"
              prefetch="intent"
              className="mt-2 flex min-h-11 items-center justify-center text-center text-sm font-semibold text-brand-700 hover:underline"
            >
              {t("ui_checkout_continue_shopping")}
            </Link>
          </OrderSummary>
          <CartDeliveryCheck defaultPincode={user?.address.pincode} ids={quoteIds(lines)} />
        </div>
      </div>
    </div>
  );
}

/** Buy X get Y (issue 31): what to add to get the free (or cheaper) units, as the server judged the cart. */
function OfferHints({ hints }: { hints: readonly CartOfferHint[] }) {
  const t = useT();
  if (hints.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm text-green-900">
      {hints.map((h) => (
        <li key={h.offerId} className="rounded-lg bg-green-50 p-2.5" data-testid="cart-offer-hint">
          {h.percent >= 100
            ? t("ui_checkout_offer_add_free", { quantity: h.more, name: h.name })
            : t("ui_checkout_offer_add_percent", { quantity: h.more, name: h.name, percent: h.percent })}
        </li>
      ))}
    </ul>
  );
}

function Notices({ notices }: { notices: string[] }) {
  return (
    <ul role="status" className="mt-4 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900">
      {notices.map((n) => (
        <li key={n} className="flex gap-2">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {n}
        </li>
      ))}
    </ul>
  );
}

function CartRow({
  line,
  shown,
  next,
}: {
  line: QuotedLine;
  shown: { each: number; total: number };
  /** The next quantity price within reach (issue 31). */
  next: { more: number; each: number } | null;
}) {
  const t = useT();
  const { product, quantity } = line;
  const max = Math.min(product.stock, MAX_LINE_QUANTITY);
  const key = lineKey(product);
  const name = lineName(product);
  return (
    <li className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:gap-4 sm:p-4" data-testid="cart-line">
      <img
        src={imageSrc(product.image)}
        alt=""
        width={96}
        height={96}
        className="h-20 w-20 shrink-0 rounded-lg bg-stone-100 sm:h-24 sm:w-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={product.variantId ? `/products/${product.id}?size=${product.variantId}` : `/products/${product.id}`}
            prefetch="intent"
            className="font-semibold leading-snug text-stone-900 hover:text-brand-700"
          >
            {product.name}
          </Link>
          <button
            type="button"
            onClick={() => removeFromCart(key)}
            className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-stone-500 hover:bg-red-50 hover:text-red-700"
            aria-label={t("ui_checkout_remove", { name })}
          >
            <Trash2 className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        {product.variantLabel ? (
          <p className="text-sm text-stone-700" data-testid="line-size">
            {t("ui_checkout_size")} <span className="font-semibold">{product.variantLabel}</span>
          </p>
        ) : null}
        <p className="text-sm text-stone-600">
          {t("ui_checkout_each", { price: formatPaise(shown.each) })}
          {line.priceChangedFrom !== null ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
              {t("ui_checkout_price_changed", { price: formatPaise(line.priceChangedFrom) })}
            </span>
          ) : null}
        </p>
        {next && !line.outOfStock ? (
          <p className="text-sm font-medium text-brand-800" data-testid="line-next-break">
            {t("ui_checkout_add_more_for", { count: next.more, price: formatPaise(next.each) })}
          </p>
        ) : null}
        {line.outOfStock ? <p className="text-sm font-semibold text-red-700">{t("ui_checkout_out_of_stock")}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <fieldset className="flex items-center rounded-lg border border-stone-300" aria-label={t("ui_checkout_quantity_of", { name })}>
            <button
              type="button"
              className="flex h-11 w-11 items-center justify-center disabled:text-stone-300"
              disabled={quantity <= 1}
              onClick={() => setCartQuantity(key, quantity - 1)}
              aria-label={t("ui_checkout_decrease", { name })}
            >
              <Minus className="h-4 w-4" aria-hidden="true" />
            </button>
            <label className="sr-only" htmlFor={`qty-${key}`}>
              {t("ui_checkout_quantity_of", { name })}
            </label>
            <input
              id={`qty-${key}`}
              key={quantity}
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              defaultValue={quantity}
              data-testid="line-quantity"
              onBlur={(e) => {
                const value = Math.trunc(Number(e.currentTarget.value));
                if (!Number.isFinite(value)) return;
                setCartQuantity(key, value <= 0 ? 0 : Math.min(value, Math.max(max, 1)));
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") e.currentTarget.blur();
              }}
              className="h-11 w-12 border-x border-stone-300 text-center font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              className="flex h-11 w-11 items-center justify-center disabled:text-stone-300"
              disabled={quantity >= max}
              onClick={() => setCartQuantity(key, quantity + 1)}
              aria-label={t("ui_checkout_increase", { name })}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
          </fieldset>
          <p className="font-bold text-stone-900" data-testid="line-subtotal">
            {formatPaise(shown.total)}
          </p>
        </div>
      </div>
    </li>
  );
}
