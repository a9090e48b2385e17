import { getDb } from "~/platform/db/db.server";
import type { Refusal } from "~/platform/core/refusal";
import { productText } from "~/features/catalog/domain/product-view";
import type { Locale } from "~/platform/i18n/locale";
import { deliveryRefusal, type TerritorySettings } from "~/features/vendor-shops/domain/territory";
import { licenceStatesOf } from "./licensed-listings.server";

/**
 * Why each of these products cannot be delivered to `state` though the store delivers there: its
 * seller's licence is not valid in that State, or it is a subsidised fertiliser the store does not
 * deliver (docs/decisions/057-territory.md). What "Check delivery" says in the cart and at checkout,
 * before placeOrder refuses the same. One read of the regulated ones among them.
 */
export async function undeliverableTo(
  productIds: readonly string[],
  state: string,
  settings: TerritorySettings,
  locale: Locale,
): Promise<Refusal[]> {
  if (productIds.length === 0) return [];
  const rows = await getDb()
    .selectFrom("product as p")
    .select(["p.id", "p.name", "p.name_hi", "p.vendor_id", "p.regulated_as", "p.subsidised", licenceStatesOf("p").as("licence_states")])
    .where("p.id", "in", [...new Set(productIds)])
    .where("p.regulated_as", "is not", null)
    .orderBy("p.id")
    .execute();
  return rows.flatMap((r) => {
    const refused = deliveryRefusal(
      {
        name: productText(r.name, r.name_hi, locale),
        regulatedAs: r.regulated_as,
        vendorId: r.vendor_id,
        licenceStates: r.licence_states,
        subsidised: Number(r.subsidised) === 1,
      },
      state,
      settings,
    );
    return refused ? [refused] : [];
  });
}
