import type { Route } from "./+types/cart-quote";
import { parseCartKeys, quoteCart } from "~/features/catalog/server/quote-cart.server";

/**
 * Current prices and stock for a cart's pack sizes: GET /resources/cart-quote?ids=p~v,p~v,p
 * (a bare product id is a line from before pack sizes: its first size is quoted).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const items = await quoteCart(parseCartKeys(new URL(request.url).searchParams.get("ids") ?? ""));
  return { items };
}
