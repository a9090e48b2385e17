import type { Route } from "./+types/cart-quote";
import { requestUser } from "~/platform/request-policy.server";
import { parseCartKeys, quoteCart } from "~/features/catalog/server/quote-cart.server";

/**
 * Current prices and stock for a cart's pack sizes: GET /resources/cart-quote?ids=p~v,p~v,p
 * (a bare product id is a line from before pack sizes: its first size is quoted).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in member of a customer group is quoted their price list's prices (decision 054).
  const user = await requestUser(context, request);
  const items = await quoteCart(parseCartKeys(new URL(request.url).searchParams.get("ids") ?? ""), user?.id);
  return { items };
}
