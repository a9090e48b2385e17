import { data, redirect, type RouterContextProvider } from "react-router";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { mayBuy } from "./doors";
import { requestUser } from "~/platform/request-policy.server";
import { getSessionUser, type SessionUser } from "./session.server";

export type CustomerCheck = { ok: true; user: SessionUser } | { ok: false; status: 401 | 403; refusal: Refusal };

/**
 * Who may act as a customer (checkout and every customer action): signed in, and not a vendor. Given
 * the route's context, the user the request policy already read for this request (requestUser).
 */
export async function checkCustomer(request: Request, context?: Readonly<RouterContextProvider>): Promise<CustomerCheck> {
  const user = await requestUser(context, request);
  if (!user) return { ok: false, status: 401, refusal: refusal("account.login_required") };
  if (!mayBuy(user.role)) return { ok: false, status: 403, refusal: refusal("checkout.vendor") };
  return { ok: true, user };
}

/** For admin pages: the signed-in admin, or a redirect to /admin/login. */
export async function requireAdminPage(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role !== "admin") throw redirect("/admin/login");
  return user;
}

/** For admin actions: the signed-in admin, or 403. */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role !== "admin") throw data({ ok: false as const, error: "Only admins can do this." }, { status: 403 });
  return user;
}

/** For vendor pages: the signed-in vendor, or back to /vendor-login. */
export async function requireVendorPage(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role !== "vendor") throw redirect("/vendor-login");
  return user;
}

/** For vendor actions: the signed-in vendor, or 403. */
export async function requireVendorAction(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role !== "vendor") throw data({ ok: false as const, error: "Only vendors can do this." }, { status: 403 });
  return user;
}
