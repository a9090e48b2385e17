import { getAuth } from "~/auth/auth.server";
import type { RegisterInput } from "~/domain/account";
import { TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { hitRateLimit, LIMITS } from "~/services/security/rate-limit.server";
import { AuthFailure, authErrorMessage } from "./auth-errors.server";

/** Creates a customer (role "user" — registration never makes anything else) and signs them in. */
export async function registerCustomer(input: RegisterInput, meta: { ip: string; headers: Headers }) {
  const limit = await hitRateLimit(`register:ip:${meta.ip}`, LIMITS.register);
  if (!limit.allowed) throw new AuthFailure(TOO_MANY_ATTEMPTS(limit.retryAfterSeconds), 429);
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: {
        name: input.name,
        email: input.email,
        password: input.password,
        phone: input.phone,
        street: input.street,
        city: input.city,
        state: input.state,
        pincode: input.pincode,
      },
      headers: meta.headers,
      returnHeaders: true,
    });
    return { headers, userId: (response.user as { id: string }).id };
  } catch (error) {
    const message = authErrorMessage(error);
    if (message === null) throw error;
    throw new AuthFailure(message, 400);
  }
}
