import type { CategoryKey } from "~/domain/categories";

/** What the storefront needs of a product: client-safe, money in paise. */
export type ProductCard = {
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  pricePaise: number;
  stock: number;
  rating: number;
  reviews: number;
  image: string;
};
