import { lazy, type ReactNode, Suspense, useMemo, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import type { Route } from "./+types/cart";
import { useCart } from "~/features/cart/domain/cart";
import { CART_COOKIE } from "~/features/cart/domain/cart-cookie";
import { requestUser } from "~/platform/request-policy.server";
import { drawnCart } from "~/features/cart/server/drawn-cart.server";
import { cookieValue } from "~/platform/http/cookies";
import { type UiMessages, useT } from "~/platform/i18n/i18n";
import { awaitPart } from "~/platform/render/hydration";

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

/**
 * The cart's lines, when the cookie that mirrors the browser's cart names them and the server's quote
 * changes nothing (decision 046): the page is then drawn with them and waits for the person's intent.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A member of a customer group is drawn their price list's prices (decision 054).
  const user = await requestUser(context, request);
  return { cart: await drawnCart(cookieValue(request.headers.get("cookie"), CART_COOKIE), user?.id) };
}

const subscribe = () => () => {};

export default function Cart({ loaderData }: Route.ComponentProps) {
  const drawn = loaderData.cart;
  // The lines the server drew hydrate once their code has come (lazy): the page counts as hydrated,
  // and a tap held before then is applied, only once they have (hydration.ts).
  const [linesHydrated] = useState(() => (drawn ? awaitPart() : undefined));
  // The cart lives in local storage: false while the server's markup hydrates (as useHydrated).
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const count = useCart(drawn?.lines).length;
  // Once shown, the lines stay, even when emptied: they show what the check removed.
  const [filled, setFilled] = useState(!!drawn);
  if (hydrated && count > 0 && !filled) setFilled(true);

  const loading = <LoadingCart />;
  // The same element on every render: lines the server drew wait, not hydrated, for their code, and a
  // new element (new props) for them then would make React throw their markup away and draw them
  // afresh, taps held on it lost (the page renders again as soon as it hydrates: the stored cart).
  const lines = useMemo(
    () => (
      <Suspense fallback={<LoadingCart />}>
        <CartContents drawn={drawn} onHydrated={linesHydrated} empty={(notices) => <EmptyCart notices={notices} />} />
      </Suspense>
    ),
    [drawn, linesHydrated],
  );
  // The server cannot see the cart, so it draws the empty cart, the page a first visit needs: its
  // largest text is then painted with the page, not after the scripts (decision 028). A cart with
  // lines is marked on <html> before the first paint (CART_FLAG, set by offline-head.server.ts;
  // "[html[data-cart-lines]_&]:" is Tailwind's variant for it), which shows "Loading your cart…"
  // instead until React draws the lines. The empty cart stays the second child throughout, so
  // hydrating an empty cart keeps the very element that was painted.
  if (!hydrated && !drawn)
    return (
      <>
        <div className="hidden [html[data-cart-lines]_&]:block">{loading}</div>
        <EmptyCart notices={null} hideWithLines />
      </>
    );
  if (count > 0 && !filled) return loading;
  if (filled) return lines;
  return (
    <>
      {null}
      <EmptyCart notices={null} />
    </>
  );
}

function LoadingCart() {
  const t = useT();
  return (
    <div className="mx-auto min-h-[75vh] max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t("ui_checkout_cart_title")}</h1>
      <p className="mt-6 text-stone-600">{t("ui_checkout_loading_cart")}</p>
    </div>
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
