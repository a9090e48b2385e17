import { getDb } from "~/platform/db/db.server";
import { type GstSeller, STORE_GST_SELLER, vendorGstSeller } from "~/features/tax/domain/gst-sellers";

/** Whose GST report an admin may open: the store first, then every vendor by business name. */
export async function listGstSellers(): Promise<[GstSeller, ...GstSeller[]]> {
  const vendors = await getDb()
    .selectFrom("vendor")
    .select(["user_id", "business_name"])
    .orderBy("business_name")
    .orderBy("user_id")
    .execute();
  return [STORE_GST_SELLER, ...vendors.map((v) => vendorGstSeller(v.user_id, v.business_name))];
}
