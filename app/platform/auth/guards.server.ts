import { data, redirect, type RouterContextProvider } from "react-router";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { mayBuy } from "./doors";
import { requestUser } from "~/platform/request-policy.server";
import { getSessionUser, type SessionUser } from "./session.server";
import { may, permissionFor, staffRoleOf } from "~/platform/core/staff-policy";
import { keepActingPerson } from "./acting-person.server";

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

/**
 * For admin pages: the signed-in admin whose staff role may read this address (staff-policy.ts), a
 * redirect to /admin/login for anyone else, or 403 for a member of staff whose role does not cover it.
 */
export async function requireAdminPage(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role !== "admin") throw redirect("/admin/login");
  const needed = permissionFor(new URL(request.url).pathname, "GET");
  if (!may(staffRoleOf(user.staffRole), needed)) throw data({ ok: false as const, error: NOT_YOUR_ROLE }, { status: 403 });
  return user;
}

/**
 * For admin actions: the signed-in admin whose staff role may post this form (its `intent`) to this
 * address, or 403. The form is read from a copy of the request, which the action then reads itself.
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role !== "admin") throw data({ ok: false as const, error: "Only admins can do this." }, { status: 403 });
  const role = staffRoleOf(user.staffRole);
  const needed = permissionFor(new URL(request.url).pathname, request.method, await intentOf(request));
  if (!may(role, needed)) throw data({ ok: false as const, error: NOT_YOUR_ROLE }, { status: 403 });
  keepActingPerson(request, { id: user.id, name: user.name, role });
  return user;
}

const NOT_YOUR_ROLE = "Your role on the store's team does not include this. Ask an owner if you need it.";

/** The form's `intent`, if it is a form that says one. */
async function intentOf(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return null;
  try {
    const intent = (await request.clone().formData()).get("intent");
    return typeof intent === "string" ? intent : null;
  } catch {
    return null;
  }
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
  keepActingPerson(request, { id: user.id, name: user.name, role: "vendor" });
  return user;
}
