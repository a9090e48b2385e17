import type { Db } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";

/**
 * The sample catalogue's customer group and price list (docs/decisions/054-price-lists.md): "FPO", with a
 * list of 8% off fertilisers and 5% off seeds, active from the catalogue's first day. No members: an admin
 * adds them. Written with the sample catalogue, in its transaction.
 */
export async function seedSamplePriceList(trx: Db, at: string) {
  await trx
    .insertInto("customer_group")
    .values({ id: "samplefpo01", name: "FPO", name_hi: "एफ़पीओ", name_key: "fpo", created_at: at, updated_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const listed = await trx
    .insertInto("price_list")
    .values({
      id: "samplefpolist01",
      group_id: "samplefpo01",
      name: "FPO prices",
      name_hi: "एफ़पीओ कीमतें",
      starts_at: at,
      ends_at: null,
      status: "active",
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(listed.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await trx
    .insertInto("price_list_entry")
    .values([
      { id: newId(), price_list_id: "samplefpolist01", kind: "category", target_id: "fertilizers", price_paise: null, percent_off: 8 },
      { id: newId(), price_list_id: "samplefpolist01", kind: "category", target_id: "seeds", price_paise: null, percent_off: 5 },
    ])
    .execute();
}
