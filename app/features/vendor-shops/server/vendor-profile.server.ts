import { getDb } from "~/platform/db/db.server";
import type { VendorProfileInput } from "~/features/vendor-shops/domain/vendor";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";

export type VendorProfile = {
  userId: string;
  email: string;
  businessName: string;
  phone: string;
  gstNumber: string;
  address: { street: string; city: string; state: string; pincode: string };
};

export async function getVendorProfile(userId: string): Promise<VendorProfile | null> {
  const row = await getDb()
    .selectFrom("vendor")
    .innerJoin("user", "user.id", "vendor.user_id")
    .select([
      "vendor.user_id",
      "user.email",
      "vendor.business_name",
      "vendor.phone",
      "vendor.gst_number",
      "vendor.street",
      "vendor.city",
      "vendor.state",
      "vendor.pincode",
    ])
    .where("vendor.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    email: row.email,
    businessName: row.business_name,
    phone: row.phone,
    gstNumber: row.gst_number,
    address: { street: row.street, city: row.city, state: row.state, pincode: row.pincode },
  };
}

export class VendorRefused extends RefusalError {
  constructor(refused: Refusal, status = 400) {
    super(refused, { status, english: english(refused) });
  }
}

/** Another vendor has this GSTIN. */
export const gstinTaken = () => new VendorRefused(refusal("vendor.gst_taken"), 409);

export async function assertGstinFree(gstin: string, exceptUserId?: string) {
  let q = getDb().selectFrom("vendor").select("user_id").where("gst_number", "=", gstin);
  if (exceptUserId) q = q.where("user_id", "!=", exceptUserId);
  if (await q.executeTakeFirst()) throw gstinTaken();
}

export async function updateVendorProfile(userId: string, input: VendorProfileInput) {
  await assertGstinFree(input.gstNumber, userId);
  // Two vendors saving one GSTIN at the same moment both pass the check above; the unique index
  // then refuses the second, which gets the same answer.
  await updateProfileRow(userId, input).catch((error: unknown) => {
    if (/unique|duplicate/i.test(String((error as Error).message))) throw gstinTaken();
    throw error;
  });
}

function updateProfileRow(userId: string, input: VendorProfileInput) {
  return getDb()
    .updateTable("vendor")
    .set({
      business_name: input.businessName,
      phone: input.phone,
      gst_number: input.gstNumber,
      street: input.street,
      city: input.city,
      state: input.state,
      pincode: input.pincode,
    })
    .where("user_id", "=", userId)
    .execute();
}
