import { useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";
import Truck from "lucide-react/icons/truck";
import type { Route } from "./+types/product";
import { AddToCartButton } from "~/components/add-to-cart-button";
import { Price } from "~/components/price";
import { Rating } from "~/components/rating";
import { CATEGORY_LABELS } from "~/domain/categories";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { imageSrcSet } from "~/lib/image-srcset";
import { getProduct } from "~/services/catalog/get-product.server";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data?.product
    ? [{ title: `${data.product.name} · Angle` }, { name: "description", content: data.product.description }]
    : [{ title: "Product not found · Angle" }];

export async function loader({ params }: Route.LoaderArgs) {
  const product = await getProduct(params.id);
  if (!product) throw data("Product not found", { status: 404 });
  return { product };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [quantity, setQuantity] = useState(1);
  const inStock = product.stock > 0;
  const max = Math.min(product.stock, MAX_LINE_QUANTITY);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <Link to="/products" className="hover:underline">
          Products
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={`/products?category=${product.category}`} className="hover:underline">
          {CATEGORY_LABELS[product.category]}
        </Link>
      </nav>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
          <img
            src={product.image}
            srcSet={imageSrcSet(product.image)}
            sizes="(min-width: 1024px) 50vw, 100vw"
            alt={product.name}
            width={400}
            height={400}
            fetchPriority="high"
            className="aspect-square w-full object-cover"
          />
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{CATEGORY_LABELS[product.category]}</p>
          <h1 className="mt-1 text-2xl font-bold leading-tight text-stone-900 sm:text-3xl">{product.name}</h1>
          <div className="mt-2">
            <Rating rating={product.rating} reviews={product.reviews} />
          </div>
          <Price paise={product.pricePaise} className="mt-4 block text-3xl font-extrabold text-stone-900" />
          <p className="text-sm text-stone-600">+ 18% GST at checkout</p>
          <p className={`mt-3 font-semibold ${inStock ? "text-brand-700" : "text-red-700"}`} data-testid="stock-state">
            {inStock ? (product.stock <= 10 ? `Only ${product.stock} left in stock` : "In stock") : "Out of stock"}
          </p>
          <Description text={product.description} />

          {inStock ? (
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <fieldset className="flex items-center rounded-lg border border-stone-300 bg-white" aria-label="Quantity">
                <button
                  type="button"
                  className="flex h-11 w-11 items-center justify-center disabled:text-stone-300"
                  onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                  disabled={quantity <= 1}
                  aria-label="Decrease quantity"
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
                  aria-label="Increase quantity"
                >
                  <Plus className="h-4 w-4" aria-hidden="true" />
                </button>
              </fieldset>
              <AddToCartButton product={product} quantity={quantity} className="h-11 flex-1 sm:flex-none sm:px-8" />
            </div>
          ) : (
            <AddToCartButton product={product} className="mt-6 h-11 w-full sm:w-auto" />
          )}
          <p className="mt-6 flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            <Truck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            Flat ₹500 shipping, free on orders above ₹50,000. Delivered across India in 5–7 days.
          </p>
        </div>
      </div>
    </div>
  );
}

/** A missing product keeps the store's header and footer, with a way back to the catalogue. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl" aria-hidden="true">
        🌾
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{missing ? "Product not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-stone-600">
        {missing
          ? "This product is no longer in our catalogue, or the link is wrong."
          : "We could not load this product. Please try again in a moment."}
      </p>
      <Link to="/products" className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Browse products
      </Link>
    </div>
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
