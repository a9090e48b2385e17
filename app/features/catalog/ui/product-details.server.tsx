import { DeliveryCheckSection } from "~/features/delivery/ui/delivery-check.server";
import { Price } from "~/ui/price";
import { Rating } from "~/features/reviews/ui/rating";
import { formatPaise } from "~/platform/core/money";
import { displayPrice, FLAT_GST_PERCENT, type TaxConfig } from "~/features/tax/domain/gst";
import { saving } from "~/features/catalog/domain/variants";
import type { PackUnit } from "~/features/catalog/domain/pack-units";
import { imageSrc, imageSrcSet } from "~/ui/image-srcset";
import { categoryLabelIn, cropLabelIn, seasonLabelIn } from "~/features/catalog/server/catalog-labels.server";
import { m } from "~/platform/i18n/i18n.server";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { serverT } from "~/platform/i18n/ui-text.server";
import type { ProductDetail } from "~/features/catalog/server/get-product.server";

/**
 * The parts of a product page that do not change with the size or quantity chosen, as HTML made
 * on the server (shown by `StaticHtml`): the page's script then carries none of their markup, nor
 * the crop and season tables. Links are plain <a>s marked for React Router's route discovery.
 */
export function productMarkup(
  product: ProductDetail,
  size: ProductDetail["variants"][number],
  delivery: DeliveryProps,
  tax: Pick<TaxConfig, "mode" | "display">,
  /** A signed-in member's price list price of this size, before GST (docs/decisions/054-price-lists.md). */
  member: MemberPrice | null = null,
  /** A kit's price as shown and with GST: its parts' shares, each at its own rate (docs/decisions/055-kits.md). */
  kit: KitPrice | null = null,
) {
  return {
    breadcrumb: staticMarkup(<Breadcrumb product={product} />),
    gallery: staticMarkup(<Gallery images={product.images} name={product.name} />),
    intro: staticMarkup(<Intro product={product} />),
    offer: staticMarkup(
      <Offer size={size} description={product.description} gstRate={product.gstRate} tax={tax} member={member} kit={kit} />,
    ),
    facts: staticMarkup(<Facts product={product} delivery={delivery} />),
  };
}

export type MemberPrice = { groupName: string; pricePaise: number };
export type KitPrice = { shownPaise: number; withGstPaise: number };

function Breadcrumb({ product }: { product: ProductDetail }) {
  return (
    <nav aria-label={m.store_breadcrumb()} className="text-sm text-stone-600">
      <a href={localHref("/products")} data-discover="true" className="hover:underline">
        {m.store_products()}
      </a>
      <span aria-hidden="true"> / </span>
      <a href={localHref(`/products?category=${product.category}`)} data-discover="true" className="hover:underline">
        {categoryLabelIn(product.category)}
      </a>
    </nav>
  );
}

/** Category, name, rating, brand and seller. */
function Intro({ product }: { product: ProductDetail }) {
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{categoryLabelIn(product.category)}</p>
      <h1 className="mt-1 text-2xl font-bold leading-tight text-stone-900 sm:text-3xl">{product.name}</h1>
      <div className="mt-2">
        {product.reviews > 0 ? (
          <a href="#reviews" className="inline-flex min-h-11 items-center hover:underline" data-testid="rating-link">
            <Rating rating={product.rating} reviews={product.reviews} t={serverT} />
          </a>
        ) : (
          <Rating rating={product.rating} reviews={product.reviews} t={serverT} />
        )}
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {product.brand ? (
          <>
            {m.store_brand_label()} <span className="font-semibold">{product.brand}</span>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        {m.store_sold_by()}{" "}
        <span className="font-semibold" data-testid="sold-by">
          {product.soldBy ?? "Angle"}
        </span>
      </p>
    </>
  );
}

/** The cover, then the other pictures: a row that scrolls by picture (no JavaScript), thumbnails jump to one. */
function Gallery({ images, name }: { images: string[]; name: string }) {
  if (images.length <= 1) {
    return (
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
        <Picture src={images[0] ?? ""} alt={name} first />
      </div>
    );
  }
  return (
    <div>
      <ul
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl border border-stone-200 bg-white"
        aria-label={m.store_pictures_of({ name })}
        // A row that scrolls: reachable by keyboard too (arrow keys scroll it once focused).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (WCAG 2.1.1).
        tabIndex={0}
      >
        {images.map((src, i) => (
          <li key={src} id={`picture-${i + 1}`} className="w-full shrink-0 snap-start">
            <Picture src={src} alt={i === 0 ? name : m.store_picture_view({ name, view: i + 1, count: images.length })} first={i === 0} />
          </li>
        ))}
      </ul>
      <ul className="mt-2 flex gap-2">
        {images.map((src, i) => (
          <li key={src}>
            <a
              href={`#picture-${i + 1}`}
              aria-label={m.store_show_view({ view: i + 1, count: images.length })}
              className="block h-16 w-16 overflow-hidden rounded-lg border border-stone-300"
            >
              <img src={imageSrc(src)} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-cover" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Picture({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  return (
    <img
      src={imageSrc(src)}
      srcSet={imageSrcSet(src)}
      sizes="(min-width: 1024px) 50vw, 100vw"
      alt={alt}
      width={400}
      height={400}
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : undefined}
      className="aspect-square w-full object-cover"
    />
  );
}

/** The chosen size's price, saving and stock, then the description. */
function Offer({
  size,
  description,
  gstRate,
  tax,
  member,
  kit,
}: {
  size: ProductDetail["variants"][number];
  description: string;
  gstRate: number;
  tax: Pick<TaxConfig, "mode" | "display">;
  member: MemberPrice | null;
  kit: KitPrice | null;
}) {
  const inStock = size.stock > 0;
  const rate = tax.mode === "flat" ? FLAT_GST_PERCENT : gstRate;
  // A kit is charged its parts' GST, each at its own rate: its price is theirs, not its product's rate's.
  const shown = kit?.shownPaise ?? displayPrice(size.pricePaise, gstRate, tax);
  // The MRP includes every tax: the saving is against what the farmer pays (with GST), never the price before it.
  const off = saving(size.mrpPaise, kit?.withGstPaise ?? displayPrice(size.pricePaise, gstRate, { mode: tax.mode, display: "inclusive" }));
  return (
    <>
      <div className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span data-testid="price">
          <Price paise={shown} className="text-3xl font-extrabold text-stone-900" />
        </span>
        {off ? (
          <>
            <span className="text-stone-600">
              {m.store_mrp()} <s data-testid="mrp">{formatPaise(size.mrpPaise)}</s>
            </span>
            <span className="rounded bg-brand-100 px-1.5 py-0.5 text-sm font-semibold text-brand-900" data-testid="saving">
              {m.store_save({ amount: formatPaise(off.paise), percent: off.percent })}
            </span>
          </>
        ) : null}
      </div>
      {member ? (
        // A customer group's price (decision 054), as the store shows prices; the cart and the order charge it.
        <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-900" data-testid="member-price">
          {m.store_member_price({ group: member.groupName, price: formatPaise(displayPrice(member.pricePaise, gstRate, tax)) })}
        </p>
      ) : null}
      <p className="text-sm text-stone-600" data-testid="gst-note">
        {kit && tax.mode !== "flat"
          ? tax.display === "inclusive"
            ? m.store_gst_kit_inclusive()
            : m.store_gst_kit_at_checkout()
          : rate === 0
            ? m.store_gst_nil()
            : tax.display === "inclusive"
              ? m.store_gst_inclusive({ rate })
              : m.store_gst_at_checkout({ rate })}
      </p>
      {size.priceBreaks?.length ? (
        // Quantity prices (issue 31), as the store shows prices; the cart and the order charge them.
        <div className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3" data-testid="price-breaks">
          <p className="text-sm font-semibold text-stone-900">{m.store_price_breaks()}</p>
          <ul className="mt-1 space-y-0.5 text-sm text-stone-800">
            {size.priceBreaks.map((b) => (
              <li key={b.minQuantity}>
                {m.store_price_break({ price: formatPaise(displayPrice(b.pricePaise, gstRate, tax)), quantity: b.minQuantity })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className={`mt-3 font-semibold ${inStock ? "text-brand-700" : "text-red-700"}`} data-testid="stock-state">
        {inStock ? (size.stock <= 10 ? m.store_only_left({ count: size.stock }) : m.store_in_stock()) : m.store_out_of_stock()}
      </p>
      <Description text={description} />
    </>
  );
}

/** The seller's paragraphs and line breaks, as text (React escapes it), never as HTML. */
function Description({ text }: { text: string }) {
  let offset = 0;
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => {
    const at = offset;
    offset += paragraph.length + 2;
    return { at, text: paragraph.trim() };
  });
  return (
    <div className="mt-4 space-y-3 leading-relaxed whitespace-pre-line text-stone-700" data-testid="product-description">
      {paragraphs
        .filter((p) => p.text)
        .map((p) => (
          <p key={p.at}>{p.text}</p>
        ))}
    </div>
  );
}

type DeliveryProps = Parameters<typeof DeliveryCheckSection>[0];

/** Delivery, then the brand-independent facts a farmer looks for: crops, season, dosage, how to use. */
function Facts({ product, delivery }: { product: ProductDetail; delivery: DeliveryProps }) {
  return (
    <>
      <DeliveryCheckSection {...delivery} />
      <FarmFacts product={product} />
    </>
  );
}

function FarmFacts({ product }: { product: ProductDetail }) {
  if (!product.crops.length && !product.season && !product.dosage && !product.howToUse) return null;
  return (
    <section className="mt-6 rounded-xl border border-stone-200 bg-white p-4" aria-labelledby="farm-facts">
      <h2 id="farm-facts" className="text-lg font-bold text-stone-900">
        {m.store_for_your_farm()}
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {product.crops.length ? (
          <>
            <dt className="font-semibold text-stone-700">{m.store_crops()}</dt>
            <dd className="flex flex-wrap gap-1.5">
              {product.crops.map((crop) => (
                <a
                  key={crop}
                  href={localHref(`/crops/${crop}`)}
                  data-discover="true"
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full bg-brand-50 px-3 text-brand-900 hover:underline"
                >
                  {cropLabelIn(crop)}
                </a>
              ))}
            </dd>
          </>
        ) : null}
        {product.season ? (
          <>
            <dt className="font-semibold text-stone-700">{m.store_season()}</dt>
            <dd>{seasonLabelIn(product.season)}</dd>
          </>
        ) : null}
        {product.dosage ? (
          <>
            <dt className="font-semibold text-stone-700">{m.store_dosage()}</dt>
            <dd data-testid="dosage">{dosagePerAcre(product.dosage)}</dd>
          </>
        ) : null}
      </dl>
      {product.howToUse ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-stone-700">{m.store_how_to_use()}</h3>
          <p className="mt-1 whitespace-pre-line text-sm leading-relaxed text-stone-700">{product.howToUse}</p>
        </>
      ) : null}
    </section>
  );
}

/** "2 kg per acre": the amount to 2 decimals, with the pack unit's label. */
function dosagePerAcre({ amount, unit }: NonNullable<ProductDetail["dosage"]>) {
  return m.store_dosage_per_acre({ amount: amount.toLocaleString("en-IN", { maximumFractionDigits: 2 }), unit: packUnitLabel(unit) });
}

/** "kg", "किलो": a pack unit's short name in the page's language. */
export function packUnitLabel(unit: PackUnit): string {
  const labels: Record<PackUnit, () => string> = {
    g: m.store_unit_g,
    kg: m.store_unit_kg,
    ml: m.store_unit_ml,
    l: m.store_unit_l,
    piece: m.store_unit_piece,
  };
  return labels[unit]();
}
