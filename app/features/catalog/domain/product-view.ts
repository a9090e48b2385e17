import type { CategoryKey } from "~/features/catalog/domain/categories";
import type { PriceBreak } from "~/features/catalog/domain/price-breaks";

/** What the storefront needs of a product: client-safe, money in paise. */
export type ProductCard = {
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  /** The lowest price among sizes in stock (of all sizes when none is), and that size's MRP. */
  pricePaise: number;
  mrpPaise: number;
  /** Sizes differ in price: the card says "from ₹X". */
  priceVaries: boolean;
  /** How many pack sizes: with several, a card links to the page to choose one. */
  sizes: number;
  /** Stock of all sizes together. */
  stock: number;
  rating: number;
  reviews: number;
  image: string;
  /** Its GST rate (issue 14): prices shown including GST add it. */
  gstRate: number;
  /** A subsidised fertiliser (docs/decisions/057-territory.md): sold for delivery only where the store allows it. */
  subsidised?: boolean;
};

/** A cart line's pack size as sold now. `key` is what the cart asked by: the size's id, or the product's for a line from before sizes. */
export type QuotedItem = {
  key: string;
  productId: string;
  variantId: string;
  /** null for a product with one size (its page and the cart name no size). */
  variantLabel: string | null;
  name: string;
  pricePaise: number;
  mrpPaise: number;
  image: string;
  category: CategoryKey;
  /** Stock of this size. */
  stock: number;
  /** GST (issue 14): the product's rate, and its seller's State code (null: the store). */
  gstRate: number;
  sellerStateCode: string | null;
  /** Quantity prices (issue 31), before GST; absent when the size has none. */
  priceBreaks?: PriceBreak[];
  /** A kit's parts as its GST is charged (docs/decisions/055-kits.md); absent for any other size. */
  kitTax?: KitTaxPart[];
};

/**
 * One part of a kit as the cart prices the kit's GST, as its order will: the kit's price shared over the
 * parts by `weight` (the part's price × its quantity in one kit), each share taxed at the part's rate
 * for `quantity` units per kit, invoiced by its seller (null: the store).
 */
export type KitTaxPart = { weight: number; quantity: number; rate: number; sellerStateCode: string | null };

/**
 * A product's text in a page's language (issue 16): its Hindi where the page is Hindi and the
 * product has it (name_hi, description_hi, how_to_use_hi), else its English.
 */
export function productText(english: string, hindi: string | null | undefined, locale: "en" | "hi"): string {
  return locale === "hi" && hindi?.trim() ? hindi : english;
}
