import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import type { VendorRegisterInput } from "~/features/vendor-shops/domain/vendor";
import { refusal } from "~/platform/core/refusal";
import { hitRateLimit, LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { signUpQuietly } from "~/features/accounts/server/register-customer.server";
import { AuthFailure } from "~/features/accounts/server/auth-errors.server";
import { assertGstinFree, gstinTaken } from "./vendor-profile.server";

/**
 * Registers a seller: an unconfirmed account with role "vendor" and its business profile. Nobody is
 * signed in: the confirmation link does that, and listings can be submitted once it is opened.
 * A taken email answers the same as a new one (its owner is told by email). Every limit and check
 * comes before the first write, and if the profile cannot be written the account is removed again:
 * a refusal never leaves an account behind. Returns the new account's id (null: the email was taken).
 */
export async function registerVendor(input: VendorRegisterInput, meta: { ip: string; headers: Headers }): Promise<string | null> {
  const limit = await hitRateLimit(`vendor-register:ip:${meta.ip}`, LIMITS.register);
  if (!limit.allowed) throw new AuthFailure(refusal("common.too_many_attempts", { seconds: limit.retryAfterSeconds }), 429);
  await assertGstinFree(input.gstNumber);
  const userId = await signUpQuietly({ name: input.businessName, email: input.email, password: input.password }, meta);
  if (userId === null) return null;
  try {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("user").set({ role: "vendor" }).where("id", "=", userId).execute();
        await trx
          .insertInto("vendor")
          .values({
            user_id: userId,
            business_name: input.businessName,
            phone: input.phone,
            gst_number: input.gstNumber,
            street: input.street,
            city: input.city,
            state: input.state,
            pincode: input.pincode,
            created_at: new Date().toISOString(),
          })
          .execute();
      });
  } catch (error) {
    const ctx = await getAuth().$context;
    await ctx.internalAdapter.deleteUser(userId).catch(() => {});
    if (/unique|duplicate/i.test(String((error as Error).message))) throw gstinTaken();
    throw error;
  }
  return userId;
}
