import { getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/db.server";
import type { VendorRegisterInput } from "~/domain/vendor";
import { TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { hitRateLimit, LIMITS } from "~/services/security/rate-limit.server";
import { AuthFailure } from "~/services/account/auth-errors.server";
import { startSession } from "~/services/account/sign-in.server";
import { createUserWithPassword, UserRefused } from "~/services/users/create-user.server";
import { assertGstinFree, VendorRefused } from "./vendor-profile.server";

/**
 * Registers a seller: an account with role "vendor" and its business profile, then signs it in.
 * Every limit and check comes before the first write (the sign-in after it counts against no
 * limit), and if the profile cannot be written the account is removed again: a refusal never
 * leaves an account behind.
 */
export async function registerVendor(input: VendorRegisterInput, meta: { ip: string; headers: Headers }) {
  const limit = await hitRateLimit(`vendor-register:ip:${meta.ip}`, LIMITS.register);
  if (!limit.allowed) throw new AuthFailure(TOO_MANY_ATTEMPTS(limit.retryAfterSeconds), 429);
  await assertGstinFree(input.gstNumber);
  let userId: string;
  try {
    userId = (await createUserWithPassword({ name: input.businessName, email: input.email, password: input.password, role: "vendor" })).id;
  } catch (error) {
    if (error instanceof UserRefused) throw new VendorRefused(error.message, error.status);
    throw error;
  }
  try {
    await getDb()
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
  } catch (error) {
    const ctx = await getAuth().$context;
    await ctx.internalAdapter.deleteUser(userId).catch(() => {});
    if (/unique|duplicate/i.test(String((error as Error).message)))
      throw new VendorRefused("A vendor with this GST number is already registered.", 409);
    throw error;
  }
  return startSession({ email: input.email, password: input.password }, meta);
}
