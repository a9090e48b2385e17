import { useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";
import type { Route } from "./+types/product";
import { AddToCartButton } from "~/features/cart/ui/add-to-cart-button";
import { memberPriceOnPage } from "~/features/price-lists/server/member-prices.server";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { productMarkup } from "~/features/catalog/ui/product-details.server";
import { StaticHtml } from "~/ui/static-html";
import { formatPaise } from "~/platform/core/money";
import { displayPrice } from "~/features/tax/domain/gst";
import { addAllToCart, type CartProduct, MAX_LINE_QUANTITY } from "~/features/cart/domain/cart";
import { DosageCalculator } from "~/features/dosage/ui/dosage-calculator";
import { planMarkup } from "~/features/dosage/ui/dosage-plan.server";
import { amountNeeded, cheapestPacks, type DosageCalculatorView, isAreaUnit, parseArea } from "~/features/dosage/domain/dosage";
import {
  areaUnitOptions,
  bighaOptions,
  conversionNotes,
  needText,
  noPlanText,
  packSizeText,
} from "~/features/dosage/server/dosage-text.server";
import { chooseBigha } from "~/features/dosage/domain/bigha";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { deliveryRefusal, soldForDelivery } from "~/features/vendor-shops/domain/territory";
import { defined } from "~/platform/defined";
import { getProduct, type ProductDetail } from "~/features/catalog/server/get-product.server";
import { checkDelivery } from "~/features/delivery/server/delivery.server";
import { requestState } from "~/platform/request-policy.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { reviewsMarkup } from "~/features/reviews/ui/product-reviews.server";
import { readPageRequest } from "~/platform/core/pagination";
import { listProductReviews, ratingBreakdown } from "~/features/reviews/server/list-product-reviews.server";
import { m } from "~/platform/i18n/i18n.server";
import { localizeDeliveryCheck } from "~/features/delivery/server/delivery-text.server";
import { useT } from "~/platform/i18n/i18n";
import { wishlistControlsMarkup } from "~/features/wishlist/ui/wishlist-controls.server";
import { wishlistState } from "~/features/wishlist/server/wishlist.server";
import { lineName } from "~/features/catalog/domain/pack-label";
import { mayBuy } from "~/platform/auth/doors";
import { getKitParts, kitForCrops } from "~/features/kits/server/save-kit.server";
import { kitOfferMarkup, kitPartsMarkup, kitShownPrice } from "~/features/kits/ui/kit-parts.server";
import { bestBeforeOf } from "~/features/lots/server/lots-of-product.server";
import { bestBeforeMarkup } from "~/features/lots/ui/best-before.server";

export const meta: Route.MetaFunction = ({ loaderData: data, error }) =>
  data?.product
    ? [{ title: data.title }, { name: "description", content: data.product.description }]
    : [{ title: notFoundTitle(error) ?? "Product not found · Angle" }];

/** A missing product's tab title, in the page's language: the body of the loader's 404. */
const notFoundTitle = (error: unknown): string | undefined =>
  isRouteErrorResponse(error) && error.status === 404 && typeof error.data?.title === "string" ? error.data.title : undefined;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await getProduct(params.id);
  if (!product) throw data({ title: m.store_product_not_found_title() }, { status: 404 });
  const url = new URL(request.url);
  // The size asked for (?size=…, a link from the size selector or the cart); an unknown or stale
  // one falls back to the first size in stock, then the first.
  const asked = url.searchParams.get("size");
  const size =
    product.variants.find((v) => v.id === asked) ?? product.variants.find((v) => v.stock > 0) ?? defined(product.variants[0], "a size");
  const { id, name, description, image, category, variants } = product;
  // "Check delivery": the pincode asked (?pin=…), else the signed-in customer's own.
  const customer = await requestState(context).user();
  const pin = url.searchParams.get("pin") ?? customer?.address?.pincode ?? null;
  const keep = Object.fromEntries(
    ["size", "area", "unit", "bigha"].flatMap((k) => (url.searchParams.has(k) ? [[k, url.searchParams.get(k) ?? ""]] : [])),
  );
  const checked = pin ? await checkDelivery(pin.slice(0, 20)) : null;
  const settings = await requestState(context).settings();
  const tax = taxConfig(settings);
  // Its seller's licence may not reach the pincode's State, or the store may not deliver it at all
  // (a subsidised fertiliser): said before the cart (docs/decisions/057-territory.md).
  const refusedHere =
    checked?.kind === "delivers" ? deliveryRefusal({ name: product.name, ...product.regulation }, checked.place.state, settings) : null;
  const delivery = {
    check: checked ? localizeDeliveryCheck(checked) : null,
    keep,
    shipping: tax.shipping,
    refused: refusedHere ? [renderRefusal(refusedHere)] : [],
  };
  const retailOnly = soldForDelivery(product.regulation, settings)
    ? null
    : { title: m.store_subsidised_title(), reason: m.store_subsidised_reason() };
  // A kit's parts (decision 055); a kit has its own price, which price lists leave alone.
  const kitParts = await getKitParts(size.id);
  // A customer group's member sees their price list's price of this size (decision 054).
  const member =
    kitParts.length > 0
      ? null
      : await memberPriceOnPage(
          customer?.role === "user" ? customer.id : null,
          { variantId: size.id, productId: id, category, pricePaise: size.pricePaise },
          currentLocale(),
        );
  return {
    title: m.store_page_title({ page: name }),
    // What the page's script needs; the rest is in `markup`, HTML made here (docs/decisions/007).
    product: {
      id,
      name,
      description,
      image,
      category,
      // As the store shows prices: with GST added when it shows prices including GST.
      variants: variants.map((v) => ({ ...v, shownPaise: displayPrice(v.pricePaise, product.gstRate, tax) })),
    },
    size,
    // A subsidised fertiliser the store does not deliver: no Add to cart, where to buy it and why.
    retailOnly,
    // What the member's cart is charged for this size (the quote and the order decide it again).
    memberPricePaise: member?.pricePaise ?? null,
    markup: {
      ...productMarkup(
        product,
        size,
        delivery,
        tax,
        member,
        kitParts.length > 0
          ? {
              shownPaise: kitShownPrice(size.pricePaise, kitParts, tax),
              withGstPaise: kitShownPrice(size.pricePaise, kitParts, { mode: tax.mode, display: "inclusive" }),
            }
          : null,
      ),
      // A kit's parts and what it saves (docs/decisions/055-kits.md); empty for any other product.
      kit: kitPartsMarkup(size.pricePaise, kitParts, tax),
      // A seed's or a pesticide's "Best before": the expiry of the lot this size ships next (docs/decisions/056-lots.md).
      bestBefore: bestBeforeMarkup(await bestBeforeOf(size.id)),
      reviews: await reviewsOf(product, url),
      // Save, and "Tell me when it's back" for a sold-out size (issue 31): server-drawn POST forms.
      wishlist: customer && !mayBuy(customer.role) ? "" : await wishlistMarkup(product, size, customer?.id ?? null),
    },
    // A bigha is the delivery State's unless the farmer chooses another: the pincode checked, else their address.
    calculator: product.dosage
      ? await withKitOffer(
          planDosage(product, product.dosage, url.searchParams, deliveryState(checked) ?? customer?.address?.state),
          product,
          tax,
        )
      : null,
  };
}

/**
 * The calculator's answer, with the crop's kit offered after it when one is on sale (docs/decisions/055-kits.md):
 * "Or buy the 1 acre tomato kit — ₹X". Read only when there is an answer to add it to.
 */
async function withKitOffer(calculator: DosageCalculatorView, product: ProductDetail, tax: Parameters<typeof kitOfferMarkup>[1]) {
  const plan = calculator.plan;
  if (!plan) return calculator;
  const offer = kitOfferMarkup(await kitForCrops(product.crops, product.id), tax);
  return offer ? { ...calculator, plan: { ...plan, html: plan.html + offer } } : calculator;
}

/** The wishlist controls for a guest (null) or a customer, coming back to this size. */
async function wishlistMarkup(product: ProductDetail, size: ProductDetail["variants"][number], userId: string | null) {
  const several = product.variants.length > 1;
  return wishlistControlsMarkup({
    productId: product.id,
    name: lineName({ name: product.name, variantLabel: several ? size.label : null }, "en"),
    size,
    viewer: userId ? await wishlistState(userId, product.id) : null,
    returnTo: `/products/${product.id}${several ? `?size=${encodeURIComponent(size.id)}` : ""}`,
  });
}

/** The reviews section (newest first, ?reviewsCursor=… pages), as HTML. */
async function reviewsOf(product: ProductDetail, url: URL) {
  const [page, breakdown] = await Promise.all([
    listProductReviews(product.id, readPageRequest(url.searchParams, "reviews")),
    product.reviews > 0 ? ratingBreakdown(product.id) : [],
  ]);
  return reviewsMarkup({ productId: product.id, rating: product.rating, count: product.reviews, breakdown, page, search: url.search });
}

/**
 * The dosage calculator's answer for ?area=…&unit=… (a GET form, so it works without
 * JavaScript): the amount the area needs and the cheapest packs in stock that cover it.
 */
function planDosage(
  product: ProductDetail,
  dosage: NonNullable<ProductDetail["dosage"]>,
  params: URLSearchParams,
  deliveryState: string | null | undefined,
): DosageCalculatorView {
  const area = params.get("area");
  const unit = params.get("unit") ?? "acre";
  const bigha = chooseBigha(params.get("bigha"), deliveryState);
  const form = {
    recommended: packSizeText(dosage.amount, dosage.unit),
    units: areaUnitOptions(),
    notes: conversionNotes(bigha),
    area: area ?? "",
    areaUnit: isAreaUnit(unit) ? unit : "acre",
    bighaStates: bighaOptions(),
    bighaState: bigha,
  };
  if (area === null) return { ...form, error: null, plan: null };
  const parsed = parseArea(area, unit, bigha);
  if (!parsed.ok) return { ...form, error: renderRefusal(parsed.refusal), plan: null };
  const needed = amountNeeded(dosage, parsed.acres);
  const result = cheapestPacks(
    needed,
    product.variants.map((v) => ({ id: v.id, quantity: v.packQuantity, unit: v.packUnit, pricePaise: v.pricePaise, stock: v.stock })),
    MAX_LINE_QUANTITY,
  );
  const summary = needText(area, unit, parsed.acres, needed);
  if ("none" in result) {
    const none = { summary, lines: [], totalPaise: 0, none: noPlanText(result.none) };
    return { ...form, error: null, plan: { ...none, html: planMarkup(none) } };
  }
  const lines = result.lines.map((l) => {
    const v = defined(
      product.variants.find((x) => x.id === l.id),
      "a planned size",
    );
    return { id: v.id, label: v.label, count: l.count, pricePaise: v.pricePaise };
  });
  const plan = { summary, lines, totalPaise: result.totalPaise };
  return { ...form, error: null, plan: { ...plan, html: planMarkup(plan) } };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, size, markup, calculator, memberPricePaise, retailOnly } = loaderData;
  const [addedPlan, setAddedPlan] = useState<unknown>(null);
  const t = useT();
  const plan = calculator?.plan;
  const addPlan = () => {
    if (!plan) return;
    addAllToCart(
      plan.lines.map((line) => {
        const v = product.variants.find((x) => x.id === line.id);
        return {
          product: {
            id: product.id,
            variantId: line.id,
            variantLabel: several ? line.label : null,
            name: product.name,
            pricePaise: line.pricePaise,
            image: product.image,
            category: product.category,
            stock: v?.stock ?? line.count,
          },
          quantity: line.count,
        };
      }),
    );
    setAddedPlan(plan);
  };
  // A new size starts again from one.
  const [picked, setPicked] = useState({ size: size.id, quantity: 1 });
  const quantity = picked.size === size.id ? picked.quantity : 1;
  const setQuantity = (next: (q: number) => number) => setPicked({ size: size.id, quantity: next(quantity) });
  const inStock = size.stock > 0;
  const max = Math.min(size.stock, MAX_LINE_QUANTITY);
  const several = product.variants.length > 1;
  const item: CartProduct = {
    id: product.id,
    variantId: size.id,
    variantLabel: several ? size.label : null,
    name: product.name,
    pricePaise: memberPricePaise ?? size.pricePaise,
    image: product.image,
    category: product.category,
    stock: size.stock,
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <StaticHtml html={markup.breadcrumb} />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <StaticHtml html={markup.gallery} />
        <div>
          <StaticHtml html={markup.intro} />
          {several ? <SizeSelector variants={product.variants} selected={size.id} /> : null}
          <StaticHtml html={markup.offer} />
          {markup.bestBefore ? <StaticHtml html={markup.bestBefore} /> : null}
          {markup.kit ? <StaticHtml html={markup.kit} /> : null}

          {retailOnly ? (
            <div className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200" data-testid="retail-only">
              <p className="font-semibold">{retailOnly.title}</p>
              <p className="mt-1 text-sm">{retailOnly.reason}</p>
            </div>
          ) : inStock ? (
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <fieldset className="flex items-center rounded-lg border border-stone-300 bg-white" aria-label={t("ui_store_quantity")}>
                <button
                  type="button"
                  className="flex h-11 w-11 items-center justify-center disabled:text-stone-300"
                  onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                  disabled={quantity <= 1}
                  aria-label={t("ui_store_decrease_quantity")}
                >
                  <Minus className="h-4 w-4" aria-hidden="true" />
                </button>
                <span className="w-10 text-center font-semibold" aria-live="polite" data-testid="quantity">
                  {quantity}
                </span>
                <button
                  type="button"
                  className="flex h-11 w-11 items-center justify-center disabled:text-stone-300"
                  onClick={() => setQuantity((q) => Math.min(max, q + 1))}
                  disabled={quantity >= max}
                  aria-label={t("ui_store_increase_quantity")}
                >
                  <Plus className="h-4 w-4" aria-hidden="true" />
                </button>
              </fieldset>
              <AddToCartButton product={item} quantity={quantity} className="h-11 flex-1 sm:flex-none sm:px-8" />
            </div>
          ) : (
            <AddToCartButton product={item} className="mt-6 h-11 w-full sm:w-auto" />
          )}
          {markup.wishlist ? <StaticHtml html={markup.wishlist} /> : null}
          <StaticHtml html={markup.facts} />
          {calculator ? (
            <DosageCalculator
              productName={product.name}
              {...calculator}
              selectedSize={several ? size.id : undefined}
              onAddAll={plan?.lines.length && !retailOnly ? addPlan : undefined}
              added={addedPlan !== null && addedPlan === plan}
            />
          ) : null}
        </div>
      </div>
      <StaticHtml html={markup.reviews} />
    </div>
  );
}

/**
 * The sizes as links (?size=…), so choosing one works without JavaScript; the page keeps its
 * scroll. A sold-out size is shown, never a link.
 */
function SizeSelector({
  variants,
  selected,
}: {
  variants: (ProductDetail["variants"][number] & { shownPaise: number })[];
  selected: string;
}) {
  const t = useT();
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold text-stone-800">{t("ui_store_pack_size")}</legend>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="sizes">
        {variants.map((v) => {
          const current = v.id === selected;
          const soldOut = v.stock <= 0;
          const box = "flex min-h-11 min-w-20 flex-col items-center justify-center rounded-lg border px-3 py-1.5 text-sm";
          return (
            <li key={v.id}>
              {soldOut ? (
                <span aria-disabled="true" className={`${box} border-dashed border-stone-300 bg-stone-50 text-stone-500`}>
                  <span className="font-semibold line-through">{v.label}</span>
                  <span className="text-xs">{t("ui_store_sold_out")}</span>
                </span>
              ) : (
                <Link
                  to={`?size=${v.id}`}
                  replace
                  preventScrollReset
                  aria-current={current ? "true" : undefined}
                  className={`${box} ${current ? "border-brand-700 bg-brand-50 ring-2 ring-brand-700" : "border-stone-300 bg-white hover:border-brand-600"}`}
                >
                  <span className="font-semibold text-stone-900">{v.label}</span>
                  <span className="text-xs text-stone-700">{formatPaise(v.shownPaise)}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** A missing product keeps the store's header and footer, with a way back to the catalogue. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl" aria-hidden="true">
        🌾
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">
        {missing ? t("ui_store_product_not_found") : t("ui_store_something_wrong")}
      </h1>
      <p className="mt-2 text-stone-600">{missing ? t("ui_store_product_not_found_text") : t("ui_store_product_load_failed")}</p>
      <Link to="/products" className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        {t("ui_store_browse_products")}
      </Link>
    </div>
  );
}

/** The State of the pincode checked on the page, when the store knows it. */
function deliveryState(check: { kind: string; place?: { state: string } } | null): string | null {
  return check && "place" in check && check.place ? check.place.state : null;
}
