import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import type { RegisterInput } from "~/features/accounts/domain/account";
import { refusal } from "~/platform/core/refusal";
import { hitRateLimit, LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { AuthFailure, authRefusal } from "./auth-errors.server";

/**
 * No registration answers sooner than this: with a taken email Better Auth hashes the password and
 * writes nothing, with a new one it also writes the account and queues a link, so the floor hides
 * the difference in time (the answer itself is the same, and sets no cookie either way).
 */
export const REGISTRATION_FLOOR_MS = 600;

type SignUpFields = { name: string; email: string; password: string } & Record<string, string>;

/**
 * Signs up through Better Auth without revealing whether the email has an account: a new email
 * gets an unconfirmed account and a confirmation link by email; a taken one gets nothing but an
 * email to its owner (`onExistingUserSignUp`). Returns the new account's id, or null when the
 * email was taken — for the caller's own follow-up only, never for the answer.
 */
export async function signUpQuietly(fields: SignUpFields, meta: { headers: Headers }): Promise<string | null> {
  const started = Date.now();
  try {
    const { response } = await getAuth().api.signUpEmail({ body: fields, headers: meta.headers, returnHeaders: true });
    // Better Auth answers a taken email with a made-up account that was never written.
    const id = (response.user as { id: string }).id;
    const written = await getDb().selectFrom("user").select("id").where("id", "=", id).executeTakeFirst();
    return written ? id : null;
  } catch (error) {
    const refused = authRefusal(error);
    if (refused === null) throw error;
    throw new AuthFailure(refused, 400);
  } finally {
    const rest = REGISTRATION_FLOOR_MS - (Date.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
}

/**
 * Registers a customer (role "user": registration never makes anything else). Nobody is signed in:
 * the link in the confirmation email does that. Returns the new account's id, or null for a taken
 * email — never for the answer, which is the same either way.
 */
export async function registerCustomer(
  input: RegisterInput,
  meta: { ip: string; headers: Headers; next?: string },
): Promise<string | null> {
  const limit = await hitRateLimit(`register:ip:${meta.ip}`, LIMITS.register);
  if (!limit.allowed) throw new AuthFailure(refusal("common.too_many_attempts", { seconds: limit.retryAfterSeconds }), 429);
  return signUpQuietly(
    {
      name: input.name,
      email: input.email,
      password: input.password,
      phone: input.phone,
      street: input.street,
      city: input.city,
      state: input.state,
      pincode: input.pincode,
      // The confirmation link comes back to the page of registration (auth.server.ts reads it).
      ...(meta.next ? { callbackURL: meta.next } : {}),
    },
    meta,
  );
}
