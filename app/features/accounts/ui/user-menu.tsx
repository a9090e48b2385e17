import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import ChevronDown from "lucide-react/icons/chevron-down";
import Heart from "lucide-react/icons/heart";
import LogOut from "lucide-react/icons/log-out";
import User from "lucide-react/icons/user";
import UserCog from "lucide-react/icons/user-cog";
import { useDismissableDetails } from "../../../ui/use-dismissable-details";
import { useT } from "~/platform/i18n/i18n";

/**
 * The signed-in user's name with Logout (spec §2); a <details> menu works without JavaScript.
 * On a phone the summary shows only the icon (the name, kept for screen readers, would push the
 * header past the screen); the open menu shows the name above Logout.
 */
export function UserMenu({ name }: { name: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const t = useT();
  useDismissableDetails(menu, location.pathname + location.search);
  return (
    <details ref={menu} className="relative">
      <summary className="flex h-11 min-w-11 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100">
        <User className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="sr-only max-w-28 truncate sm:not-sr-only">{name}</span>
        <ChevronDown className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      </summary>
      <div className="absolute right-0 top-12 z-40 w-56 max-w-[calc(100vw-1.5rem)] rounded-xl border border-stone-200 bg-white p-1 shadow-lg">
        <p className="truncate border-b border-stone-100 px-3 py-2 text-sm font-semibold text-stone-900" data-testid="user-menu-name">
          {name}
        </p>
        <Link
          to="/account"
          className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100"
        >
          <UserCog className="h-4 w-4" aria-hidden="true" /> {t("ui_store_my_account")}
        </Link>
        <Link
          to="/account/wishlist"
          className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100"
        >
          <Heart className="h-4 w-4" aria-hidden="true" /> {t("ui_wishlist_menu")}
        </Link>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> {t("ui_store_logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
