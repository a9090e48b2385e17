import { data } from "react-router";
import { getSessionUser, type SessionUser } from "./session.server";

/** For actions: the signed-in customer, or a 401 the page shows as a message. */
export async function requireCustomer(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw data({ ok: false as const, error: "Please log in to continue." }, { status: 401 });
  return user;
}
