import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import type { Route } from "./+types/cart";
import { useCart } from "~/lib/cart";

export const meta: Route.MetaFunction = () => [{ title: "Your cart · Angle" }];

/**
 * The lines, their check against the catalogue and the order summary load only for a cart with
 * something in it: a first visit's cart is empty, and its page carries only the empty cart
 * (docs/decisions/007-first-load-budget.md).
 */
const CartContents = lazy(() => import("~/components/cart-contents"));

const subscribe = () => () => {};

export default function Cart() {
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
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Shopping Cart</h1>
      <p className="mt-6 text-stone-600">Loading your cart...</p>
    </div>
  );
  if (!hydrated || (count > 0 && !filled)) return loading;
  if (filled)
    return (
      <Suspense fallback={loading}>
        <CartContents empty={(notices) => <EmptyCart notices={notices} />} />
      </Suspense>
    );
  return <EmptyCart notices={null} />;
}

function EmptyCart({ notices }: { notices: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[75vh] max-w-xl flex-col items-center px-4 py-20 text-center">
      <ShoppingBag className="h-14 w-14 text-stone-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-stone-900">Your cart is empty</h1>
      {notices}
      <p className="mt-2 text-stone-600">Browse seeds, tools, equipment and fertilizers and add what your farm needs.</p>
      <Link to="/products" className="mt-6 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
        Continue Shopping
      </Link>
    </div>
  );
}
