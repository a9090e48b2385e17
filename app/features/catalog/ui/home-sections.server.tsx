import type { ShippingRule } from "~/features/tax/domain/pricing";
import { formatPaise } from "~/platform/core/money";
import Award from "lucide-react/icons/award";
import Headphones from "lucide-react/icons/headphones";
import ShieldCheck from "lucide-react/icons/shield-check";
import Truck from "lucide-react/icons/truck";
import { CATEGORY_KEYS, type CategoryKey } from "~/features/catalog/domain/categories";
import { CROPS } from "~/features/catalog/domain/crops";
import { categoryLabelIn, cropLabelIn } from "~/features/catalog/server/catalog-labels.server";
import { m } from "~/platform/i18n/i18n.server";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * The home page's sections that have nothing to do in the browser (hero, categories, why us, call
 * to action), as HTML made on the server (`StaticHtml` shows them); only the featured products,
 * with their Add to cart buttons, are components. Links are plain <a>s marked for React Router's
 * route discovery.
 */
export function homeMarkup(counts: Record<CategoryKey, number>, { hours, shipping }: { hours: string; shipping: ShippingRule }) {
  return {
    top: staticMarkup(
      <>
        <Top counts={counts} />
        <ShopByCrop />
      </>,
    ),
    bottom: staticMarkup(<Bottom hours={hours} shipping={shipping} />),
  };
}

/**
 * "Shop by crop" (issue 12): text and emoji only — no pictures to wait for, a fixed height. On a
 * phone the row scrolls sideways; wider screens show every crop.
 */
function ShopByCrop() {
  return (
    <section
      className="lazy-render mx-auto max-w-7xl px-4 pb-12 [--lazy-render-height:220px] sm:[--lazy-render-height:544px]"
      aria-labelledby="crops-heading"
    >
      <div className="flex items-end justify-between gap-4">
        <h2 id="crops-heading" className="text-2xl font-bold text-stone-900">
          {m.store_shop_by_crop()}
        </h2>
        <a
          data-discover="true"
          href={localHref("/crops")}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
        >
          {m.store_all_crops_link()}
        </a>
      </div>
      <ul className="-mx-4 mt-6 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 lg:grid-cols-8">
        {CROPS.map((crop) => (
          <li key={crop.key} className="shrink-0 snap-start">
            <a
              data-discover="true"
              href={localHref(`/crops/${crop.key}`)}
              className="flex h-24 w-28 flex-col items-center justify-center gap-1 rounded-xl border border-stone-200 bg-white px-2 text-center shadow-sm hover:border-brand-600 hover:shadow-md sm:w-auto"
            >
              <span className="text-3xl leading-none" aria-hidden="true">
                {crop.emoji}
              </span>
              <span className="text-sm font-semibold leading-tight text-stone-900">{cropLabelIn(crop.key)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Figures the store can back: counted from the catalogue as the page is made, never written in. */
export const homeStats = (counts: Record<CategoryKey, number>): [value: string, label: string][] => [
  [String(Object.values(counts).reduce((sum, n) => sum + n, 0)), m.store_stat_products()],
  [String(CATEGORY_KEYS.filter((key) => counts[key] > 0).length), m.store_stat_categories()],
  [String(CROPS.length), m.store_stat_crops()],
];

const reasons = (hours: string, shipping: ShippingRule) => [
  { icon: ShieldCheck, title: m.store_reason_quality_title(), text: m.store_reason_quality_text() },
  {
    icon: Truck,
    title: m.store_reason_delivery_title(),
    // The delivery charge the store keeps (General Settings), as the cart charges it.
    text:
      shipping.feePaise === 0
        ? m.store_reason_delivery_text_free()
        : m.store_reason_delivery_text({ threshold: formatPaise(shipping.freeOverPaise) }),
  },
  // The hours the store keeps (General Settings), as the contact page says them.
  { icon: Headphones, title: m.store_reason_support_title(), text: m.store_reason_support_text({ hours }) },
  { icon: Award, title: m.store_reason_prices_title(), text: m.store_reason_prices_text() },
];

function Top({ counts }: { counts: Record<CategoryKey, number> }) {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-emerald-600 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-20">
          <div>
            <p className="inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-medium">{m.store_hero_badge()}</p>
            <h1 className="mt-4 text-3xl font-extrabold leading-tight sm:text-5xl">{m.store_hero_title()}</h1>
            <p className="mt-4 max-w-xl text-lg text-green-50">{m.store_hero_text()}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a
                data-discover="true"
                href={localHref("/products")}
                className="rounded-lg bg-amber-500 px-6 py-3 font-bold text-stone-900 shadow hover:bg-amber-400"
              >
                {m.store_hero_shop_now()}
              </a>
              <a
                data-discover="true"
                href={localHref("/about")}
                className="rounded-lg border-2 border-white/80 px-6 py-3 font-bold text-white hover:bg-white/10"
              >
                {m.store_hero_learn_more()}
              </a>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-3 sm:gap-4">
            {homeStats(counts).map(([value, label]) => (
              <div key={label} className="rounded-xl bg-white/10 p-4 text-center ring-1 ring-white/20 sm:p-6">
                <dt className="order-2 text-sm text-green-50">{label}</dt>
                <dd className="text-3xl font-extrabold sm:text-4xl">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold text-stone-900">
          {m.store_shop_by_category()}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {CATEGORY_KEYS.map((key) => (
            <li key={key}>
              <a
                data-discover="true"
                href={localHref(`/products?category=${key}`)}
                className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm hover:border-brand-600 hover:shadow-md sm:p-4"
              >
                <img
                  src={`/images/categories/${key}.webp`}
                  alt=""
                  width={56}
                  height={56}
                  className="h-12 w-12 shrink-0 rounded-lg sm:h-14 sm:w-14"
                />
                <span>
                  <span className="block font-semibold leading-snug text-stone-900">{categoryLabelIn(key)}</span>
                  <span className="text-sm text-stone-600">
                    {counts[key] === 1
                      ? m.store_product_count_one({ count: counts[key] })
                      : m.store_product_count_other({ count: counts[key] })}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function Bottom({ hours, shipping }: { hours: string; shipping: ShippingRule }) {
  return (
    <>
      <section
        className="lazy-render bg-white py-12 [--lazy-render-height:870px] sm:[--lazy-render-height:540px]"
        aria-labelledby="why-heading"
      >
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="why-heading" className="text-center text-2xl font-bold text-stone-900">
            {m.store_why_heading()}
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {reasons(hours, shipping).map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-stone-200 p-5">
                <Icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-stone-900">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-stone-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="lazy-render mx-auto max-w-7xl px-4 py-12 [--lazy-render-height:440px] sm:[--lazy-render-height:340px]">
        <div className="rounded-2xl bg-amber-50 px-6 py-10 text-center ring-1 ring-amber-200">
          <h2 className="text-2xl font-bold text-stone-900">{m.store_cta_title()}</h2>
          <p className="mx-auto mt-2 max-w-xl text-stone-700">{m.store_cta_text()}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <a
              data-discover="true"
              href={localHref("/products")}
              className="rounded-lg bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
            >
              {m.store_cta_browse()}
            </a>
            <a
              data-discover="true"
              href={localHref("/contact?topic=expert")}
              className="rounded-lg border-2 border-brand-700 px-6 py-3 font-bold text-brand-800 hover:bg-white"
            >
              {m.store_cta_contact()}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
