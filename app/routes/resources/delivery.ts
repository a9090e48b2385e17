import type { Route } from "./+types/delivery";
import { checkDelivery } from "~/services/delivery/delivery.server";

/**
 * "Check delivery" for the cart and the checkout: GET /resources/delivery?pin=422001 → where, by
 * when, and whether cash on delivery is taken there (the same answer the product page gives).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const pin = (new URL(request.url).searchParams.get("pin") ?? "").slice(0, 20);
  return { check: await checkDelivery(pin) };
}
