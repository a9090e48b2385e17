import type { Route } from "./+types/cart-quote";
import { MAX_CART_LINES } from "~/domain/cart-limits";
import { quoteCart } from "~/services/catalog/quote-cart.server";

/** Current prices and stock for the ids in a cart: GET /resources/cart-quote?ids=a,b,c (each product once). */
export async function loader({ request }: Route.LoaderArgs) {
  const ids = [...new Set((new URL(request.url).searchParams.get("ids") ?? "").split(","))].slice(0, MAX_CART_LINES);
  const products = await quoteCart(ids);
  return { products };
}
