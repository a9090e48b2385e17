import { Link } from "react-router";
import { categoryLabelKey } from "~/features/catalog/domain/catalog-labels";
import { imageSrc, imageSrcSet } from "~/ui/image-srcset";
import type { ProductCard as Product } from "~/features/catalog/domain/product-view";
import { AddToCartButton } from "../../cart/ui/add-to-cart-button";
import { Price } from "../../../ui/price";
import { Rating } from "../../reviews/ui/rating";
import { displayPrice } from "~/features/tax/domain/gst";
import { useRootData } from "~/platform/render/root-data";
import { useT } from "~/platform/i18n/i18n";

/**
 * `eager`: in view on first paint (no lazy loading); `priority`: also likely the page's largest image.
 * Any other card is below the first screen, and is laid out only once it nears the viewport.
 */
export function ProductCard({ product, eager = false, priority = false }: { product: Product; eager?: boolean; priority?: boolean }) {
  const outOfStock = product.stock <= 0;
  const { tax, subsidisedDelivered } = useRootData().store;
  // A subsidised fertiliser the store does not deliver: its page says where to buy it.
  const retailOnly = product.subsidised && !subsidisedDelivered;
  const t = useT();
  return (
    <article
      className={`group flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md${eager || priority ? "" : " lazy-render [--lazy-render-height:394px] sm:[--lazy-render-height:490px] md:[--lazy-render-height:450px]"}`}
      data-testid="product-card"
    >
      <Link
        to={`/products/${product.id}`}
        prefetch="intent"
        className="relative block aspect-square bg-stone-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        <img
          src={imageSrc(product.image)}
          srcSet={imageSrcSet(product.image)}
          sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
          alt=""
          width={400}
          height={400}
          loading={eager || priority ? "eager" : "lazy"}
          // No decoding="async": the likely largest image is drawn with the first paint, not a frame
          // later (decision 028), and the rest are small pictures a phone decodes in no time.
          fetchPriority={priority ? "high" : undefined}
          className="h-full w-full object-cover"
        />
        {outOfStock ? (
          <span className="absolute inset-0 flex items-center justify-center bg-stone-900/55">
            <span className="rounded-md bg-white px-3 py-1 text-sm font-bold text-stone-900">{t("ui_store_out_of_stock")}</span>
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t(categoryLabelKey(product.category))}</p>
        <h3 className="text-[15px] font-semibold leading-snug text-stone-900">
          {/* At least 44 px tall on a phone, a thumb's width (the cards' tap targets). */}
          <Link to={`/products/${product.id}`} prefetch="intent" className="flex min-h-11 items-center hover:text-brand-700">
            <span className="line-clamp-2">{product.name}</span>
          </Link>
        </h3>
        <Rating rating={product.rating} reviews={product.reviews} t={t} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <p className="text-lg font-bold text-stone-900">
            {product.priceVaries ? <span className="text-sm font-medium text-stone-600">{t("ui_store_price_from")} </span> : null}
            <Price paise={displayPrice(product.pricePaise, product.gstRate, tax)} />
          </p>
          {retailOnly ? (
            <Link
              to={`/products/${product.id}`}
              prefetch="intent"
              className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 sm:w-auto"
              aria-label={t("ui_store_where_to_buy_of", { name: product.name })}
            >
              {t("ui_store_where_to_buy")}
            </Link>
          ) : product.sizes > 1 && !outOfStock ? (
            <Link
              to={`/products/${product.id}`}
              prefetch="intent"
              className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 sm:w-auto"
              aria-label={t("ui_store_choose_size_of", { name: product.name })}
            >
              {t("ui_store_choose_size")}
            </Link>
          ) : (
            <AddToCartButton product={product} className="w-full sm:w-auto" />
          )}
        </div>
      </div>
    </article>
  );
}
