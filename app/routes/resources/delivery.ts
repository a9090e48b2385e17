import type { Route } from "./+types/delivery";
import { checkDelivery } from "~/features/delivery/server/delivery.server";
import { localizeDeliveryCheck } from "~/features/delivery/server/delivery-text.server";

/**
 * "Check delivery" for the cart and the checkout: GET /resources/delivery?pin=422001 → where, by
 * when, and whether cash on delivery is taken there (the same answer the product page gives).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const pin = (new URL(request.url).searchParams.get("pin") ?? "").slice(0, 20);
  // Asked under /hi by a Hindi page: the answer is in Hindi.
  return { check: localizeDeliveryCheck(await checkDelivery(pin)) };
}
