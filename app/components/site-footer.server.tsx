import Leaf from "lucide-react/icons/leaf";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import type { RootData } from "~/lib/root-data";
import { staticMarkup } from "~/lib/static-markup.server";

const groups = [
  {
    title: "Shop",
    links: [
      ["/products", "All products"],
      ["/cart", "Cart"],
      ["/orders", "My Orders"],
      ["/vendor-login", "Sell on Angle"],
    ],
  },
  {
    title: "Company",
    links: [
      ["/about", "About us"],
      ["/contact", "Contact"],
    ],
  },
  {
    title: "Policies",
    links: [
      ["/terms", "Terms of Service"],
      ["/privacy", "Privacy Policy"],
      ["/refund", "Refund Policy"],
    ],
  },
] as const;

/**
 * The footer as HTML made on the server (the store layout's loader; `StaticHtml` shows it): it has
 * nothing to do in the browser, so its markup is not shipped as JavaScript on every page.
 */
export function footerMarkup(store: RootData["store"]): string {
  return staticMarkup(<SiteFooter store={store} />);
}

function SiteFooter({ store }: { store: RootData["store"] }) {
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Leaf className="h-5 w-5 text-green-400" aria-hidden="true" /> {store.siteTitle}
          </p>
          <p className="mt-2 max-w-sm text-sm leading-relaxed text-stone-400">{store.siteTagline}</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{store.address}</span>
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <a href={`tel:${store.phone.replace(/\s/g, "")}`} className="hover:text-white">
                {store.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${store.email}`} className="hover:text-white">
                {store.email}
              </a>
            </li>
          </ul>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map(([to, label]) => (
                <li key={to}>
                  <a href={to} data-discover="true" className="hover:text-white">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-stone-800 px-4 py-5 text-center text-xs text-stone-400">
        © 2024 {store.siteTitle}. All rights reserved.
      </p>
    </footer>
  );
}
