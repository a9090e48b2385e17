import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import type { Route } from "./+types/cart";
import { useCart } from "~/features/cart/domain/cart";
import { type UiMessages, useT } from "~/platform/i18n/i18n";

/**
 * The title in the page's language, from the messages the store's layout sent; read here, not with
 * metaTitle (order-text.tsx), whose module would be one more file on the cart's first load.
 */
export const meta: Route.MetaFunction = ({ matches }) => {
  const layout = matches.find((match) => match?.id === "routes/store/layout")?.loaderData as { ui?: UiMessages } | undefined;
  return [{ title: layout?.ui?.ui_checkout_cart_meta ?? "Your cart · Angle" }];
};

/**
 * The lines, their check against the catalogue and the order summary load only for a cart with
 * something in it: a first visit's cart is empty, and its page carries only the empty cart
 * (docs/decisions/007-first-load-budget.md).
 */
const CartContents = lazy(() => import("~/features/cart/ui/cart-contents"));

const subscribe = () => () => {};

export default function Cart() {
  const t = useT();
  // The cart lives in local storage: false while the server's markup hydrates (as useHydrated).
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const count = useCart().length;
  // Once shown, the lines stay, even when emptied: they show what the check removed.
  const [filled, setFilled] = useState(false);
  if (hydrated && count > 0 && !filled) setFilled(true);

  const loading = (
    <div className="mx-auto min-h-[75vh] max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t("ui_checkout_cart_title")}</h1>
      <p className="mt-6 text-stone-600">{t("ui_checkout_loading_cart")}</p>
    </div>
  );
  // The server cannot see the cart, so it draws the empty cart, the page a first visit needs: its
  // largest text is then painted with the page, not after the scripts (decision 028). A cart with
  // lines is marked on <html> before the first paint (CART_FLAG, set by offline-head.server.ts;
  // "[html[data-cart-lines]_&]:" is Tailwind's variant for it), which shows "Loading your cart…"
  // instead until React draws the lines. The empty cart stays the second child throughout, so
  // hydrating an empty cart keeps the very element that was painted.
  if (!hydrated)
    return (
      <>
        <div className="hidden [html[data-cart-lines]_&]:block">{loading}</div>
        <EmptyCart notices={null} hideWithLines />
      </>
    );
  if (count > 0 && !filled) return loading;
  if (filled)
    return (
      <Suspense fallback={loading}>
        <CartContents empty={(notices) => <EmptyCart notices={notices} />} />
      </Suspense>
    );
  return (
    <>
      {null}
      <EmptyCart notices={null} />
    </>
  );
}

function EmptyCart({ notices, hideWithLines = false }: { notices: ReactNode; hideWithLines?: boolean }) {
  const t = useT();
  return (
    <div
      className={`mx-auto flex min-h-[75vh] max-w-xl flex-col items-center px-4 py-20 text-center${hideWithLines ? " [html[data-cart-lines]_&]:hidden" : ""}`}
    >
      <ShoppingBag className="h-14 w-14 text-stone-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{t("ui_checkout_empty_title")}</h1>
      {notices}
      <p className="mt-2 text-stone-600">{t("ui_checkout_empty_text")}</p>
      <Link to="/products" prefetch="intent" className="mt-6 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
        {t("ui_checkout_continue_shopping")}
      </Link>
    </div>
  );
}
