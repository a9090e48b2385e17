import Leaf from "lucide-react/icons/leaf";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import type { RootData } from "~/platform/render/root-data";
import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { localHref } from "~/platform/http/local-href.server";

/** The link groups, in the language of the page being made. */
const groups = (): { title: string; links: [to: string, label: string][] }[] => [
  {
    title: m.store_footer_shop(),
    links: [
      ["/products", m.store_footer_all_products()],
      ["/cart", m.store_footer_cart()],
      ["/orders", m.store_footer_my_orders()],
      ["/vendor-login", m.store_footer_sell()],
    ],
  },
  {
    title: m.store_footer_company(),
    links: [
      ["/about", m.store_footer_about()],
      ["/contact", m.store_footer_contact()],
    ],
  },
  {
    title: m.store_footer_policies(),
    links: [
      ["/terms", m.store_footer_terms()],
      ["/privacy", m.store_footer_privacy()],
      ["/refund", m.store_footer_refund()],
    ],
  },
];

/**
 * The footer's contact details and links as HTML made on the server (the store layout's loader;
 * `StaticHtml` shows it): they have nothing to do in the browser, so their markup is not shipped as
 * JavaScript on every page. The layout puts them in the <footer>, with the language switch (which
 * follows the page the shopper is on, so it is a component) and `copyright`.
 */
export function footerMarkup(store: RootData["store"]): { links: string; copyright: string } {
  return { links: staticMarkup(<SiteFooter store={store} />), copyright: m.store_footer_copyright({ title: store.siteTitle }) };
}

function SiteFooter({ store }: { store: RootData["store"] }) {
  return (
    <div className="lazy-render mx-auto grid max-w-7xl gap-10 px-4 py-12 [--lazy-render-height:900px] sm:grid-cols-2 sm:[--lazy-render-height:540px] lg:grid-cols-5">
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
          <li className="flex items-center gap-2">
            <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
            <a href={`tel:${store.phone.replace(/\s/g, "")}`} className="inline-flex min-h-11 items-center hover:text-white">
              {store.phone}
            </a>
          </li>
          <li className="flex items-center gap-2">
            <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
            <a href={`mailto:${store.email}`} className="inline-flex min-h-11 items-center hover:text-white">
              {store.email}
            </a>
          </li>
        </ul>
      </div>
      {groups().map((group) => (
        <nav key={group.title} aria-label={group.title}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{group.title}</h2>
          <ul className="mt-1 text-sm">
            {group.links.map(([to, label]) => (
              <li key={to}>
                <a href={localHref(to)} data-discover="true" className="inline-flex min-h-11 min-w-11 items-center hover:text-white">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  );
}
