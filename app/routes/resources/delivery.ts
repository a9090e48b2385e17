import type { Route } from "./+types/delivery";
import { checkDelivery } from "~/features/delivery/server/delivery.server";
import { localizeDeliveryCheck } from "~/features/delivery/server/delivery-text.server";
import { parseCartKeys } from "~/features/catalog/server/quote-cart.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { undeliverableTo } from "~/features/vendor-shops/server/territory.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { currentLocale } from "~/platform/i18n/i18n.server";

/**
 * "Check delivery" for the cart and the checkout: GET /resources/delivery?pin=422001 → where, by
 * when, and whether cash on delivery is taken there (the same answer the product page gives). With
 * the cart's lines (`ids`, as the cart quote takes them), also the products that cannot go there
 * though the store delivers (docs/decisions/057-territory.md), each said as checkout would refuse it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pin = (url.searchParams.get("pin") ?? "").slice(0, 20);
  // Asked under /hi by a Hindi page: the answer is in Hindi.
  const check = localizeDeliveryCheck(await checkDelivery(pin));
  const productIds = parseCartKeys(url.searchParams.get("ids") ?? "").map((k) => k.productId);
  const refused =
    check.kind === "delivers" && productIds.length > 0
      ? (await undeliverableTo(productIds, check.place.state, await getGeneralSettings(), currentLocale())).map((r) => renderRefusal(r))
      : [];
  return { check, refused };
}
