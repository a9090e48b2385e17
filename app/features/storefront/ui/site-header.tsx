import { Form, Link, NavLink, useLocation } from "react-router";
import { lazy, Suspense, useRef } from "react";
import Menu from "lucide-react/icons/menu";
import Search from "lucide-react/icons/search";
import ShoppingCart from "lucide-react/icons/shopping-cart";
import X from "lucide-react/icons/x";
import { cartItemCount, useCart } from "~/features/cart/domain/cart";
import type { RootData } from "~/platform/render/root-data";
import { StaticHtml } from "../../../ui/static-html";
import { useDismissableDetails } from "../../../ui/use-dismissable-details";
import { authDialogHref } from "../../accounts/ui/auth-dialog-link";
import { useT } from "~/platform/i18n/i18n";

/**
 * The signed-in user's menu loads only for someone signed in: a guest's page (most first visits)
 * does not carry it. On a signed-in page it hydrates once loaded, the server's markup shown meanwhile.
 */
const UserMenu = lazy(() => import("../../accounts/ui/user-menu").then((m) => ({ default: m.UserMenu })));

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 py-2 text-[15px] font-medium ${
    isActive ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-100 hover:text-stone-900"
  }`;

/**
 * `brand`: the logo link and tagline, and `languageSwitch`, as HTML from the store layout's loader
 * (site-header.server.tsx, language-switch.server.tsx).
 */
export function SiteHeader({ brand, languageSwitch, user }: { brand: string; languageSwitch: string; user: RootData["user"] }) {
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const count = cartItemCount(useCart());
  const t = useT();
  const q = location.pathname === "/products" ? (new URLSearchParams(location.search).get("q") ?? "") : "";

  useDismissableDetails(menu, location.pathname + location.search);

  const links = (
    <>
      <NavLink to="/" end prefetch="intent" className={navClass}>
        {t("ui_store_nav_home")}
      </NavLink>
      <NavLink to="/products" prefetch="intent" className={navClass}>
        {t("ui_store_nav_products")}
      </NavLink>
      <NavLink to="/vendor-login" className={navClass}>
        {t("ui_store_nav_become_vendor")}
      </NavLink>
      {user ? (
        <NavLink to="/orders" className={navClass}>
          {t("ui_store_nav_my_orders")}
        </NavLink>
      ) : null}
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-3 sm:gap-3 sm:px-4">
        <details ref={menu} className="group relative shrink-0 lg:hidden">
          <summary
            className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
            aria-label={t("ui_store_toggle_menu")}
          >
            <Menu className="h-6 w-6 group-open:hidden" aria-hidden="true" />
            <X className="hidden h-6 w-6 group-open:block" aria-hidden="true" />
          </summary>
          <nav
            aria-label={t("ui_store_nav_main")}
            className="absolute left-0 top-12 z-40 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-lg"
          >
            {links}
            {user ? null : (
              <div className="mt-2 grid grid-cols-2 gap-2 border-t border-stone-100 pt-2">
                <Link
                  preventScrollReset
                  to={authDialogHref(location, "login")}
                  className="flex min-h-11 items-center justify-center rounded-md border border-stone-300 px-3 py-2 text-center text-sm font-semibold text-stone-800"
                >
                  {t("ui_store_login")}
                </Link>
                <Link
                  preventScrollReset
                  to={authDialogHref(location, "register")}
                  className="flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-center text-sm font-semibold text-white"
                >
                  {t("ui_store_register")}
                </Link>
              </div>
            )}
          </nav>
        </details>

        <StaticHtml html={brand} className="flex min-w-0 items-center gap-3" />

        <nav aria-label={t("ui_store_nav_primary")} className="ml-4 hidden items-center gap-1 lg:flex">
          {links}
        </nav>

        <Form method="get" action="/products" role="search" className="ml-auto hidden max-w-md flex-1 md:block">
          <SearchField defaultValue={q} id="header-search" />
        </Form>

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2 md:ml-2">
          <StaticHtml html={languageSwitch} />
          <Link
            to="/cart"
            className="relative flex h-11 w-11 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
            aria-label={
              count > 0 ? t(count === 1 ? "ui_store_cart_items_one" : "ui_store_cart_items_other", { count }) : t("ui_store_cart")
            }
          >
            <ShoppingCart className="h-6 w-6" aria-hidden="true" />
            {count > 0 ? (
              <span data-testid="cart-count" className={BADGE}>
                {count > 99 ? "99+" : count}
              </span>
            ) : (
              // Before the page hydrates (decision 044) the count comes from the head's script, as CSS.
              <span
                aria-hidden="true"
                className={`${BADGE} hidden after:content-(--cart-n) [html[data-cart-n]:not([data-hydrated])_&]:block`}
              />
            )}
          </Link>
          {user ? (
            <Suspense fallback={<span className="h-11 w-11" />}>
              <UserMenu name={user.name} />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Link
                preventScrollReset
                to={authDialogHref(location, "login")}
                className="flex min-h-11 items-center rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50"
              >
                {t("ui_store_login")}
              </Link>
              <Link
                preventScrollReset
                to={authDialogHref(location, "register")}
                className="flex min-h-11 items-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {t("ui_store_register")}
              </Link>
            </div>
          )}
        </div>
      </div>
      <Form method="get" action="/products" role="search" className="px-4 pb-3 md:hidden">
        <SearchField defaultValue={q} id="header-search-mobile" />
      </Form>
    </header>
  );
}

function SearchField({ defaultValue, id }: { defaultValue: string; id: string }) {
  const t = useT();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {t("ui_store_search_label")}
      </label>
      <input
        id={id}
        key={defaultValue}
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={100}
        placeholder={t("ui_store_search_placeholder")}
        className="h-11 w-full rounded-lg border border-stone-300 bg-stone-50 pl-3 pr-12 text-[15px] text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:bg-white focus:outline-none"
      />
      <button
        type="submit"
        aria-label={t("ui_store_search")}
        className="absolute right-0 top-0 flex h-11 w-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-200"
      >
        <Search className="h-5 w-5" aria-hidden="true" />
      </button>
    </div>
  );
}

const BADGE = "absolute -right-1 -top-1 min-w-5 rounded-full bg-amber-600 px-1.5 text-center text-xs font-bold leading-5 text-white";
