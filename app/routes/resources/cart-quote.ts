import type { Route } from "./+types/cart-quote";
import { quoteCart } from "~/services/catalog/quote-cart.server";

/** Current prices and stock for the ids in a cart: GET /resources/cart-quote?ids=a,b,c */
export async function loader({ request }: Route.LoaderArgs) {
  const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").slice(0, 50);
  const products = await quoteCart(ids);
  return { products };
}
