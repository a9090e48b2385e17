import { useState } from "react";
import Check from "lucide-react/icons/check";
import ShoppingCart from "lucide-react/icons/shopping-cart";
import { addToCart, type CartProduct } from "~/features/cart/domain/cart";
import { useT } from "~/platform/i18n/i18n";

/** `product`: the pack size to add (a product card is one: its only size). */
type Props = { product: CartProduct; quantity?: number; className?: string; label?: string };

export function AddToCartButton({ product, quantity = 1, className = "", label }: Props) {
  const t = useT();
  const [added, setAdded] = useState(false);
  const outOfStock = product.stock <= 0;
  return (
    <button
      type="button"
      disabled={outOfStock}
      onClick={() => {
        addToCart(
          {
            id: product.id,
            ...(product.variantId ? { variantId: product.variantId, variantLabel: product.variantLabel ?? null } : {}),
            name: product.name,
            pricePaise: product.pricePaise,
            image: product.image,
            category: product.category,
            stock: product.stock,
          },
          quantity,
        );
        setAdded(true);
        window.setTimeout(() => setAdded(false), 1500);
      }}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 ${
        added ? "bg-brand-800 text-white" : "bg-brand-700 text-white hover:bg-brand-800"
      } ${className}`}
    >
      {added ? <Check className="h-4 w-4" aria-hidden="true" /> : <ShoppingCart className="h-4 w-4" aria-hidden="true" />}
      <span aria-live="polite">
        {outOfStock ? t("ui_store_out_of_stock") : added ? t("ui_store_added") : (label ?? t("ui_store_add_to_cart"))}
      </span>
    </button>
  );
}
