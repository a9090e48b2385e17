import { data, redirect } from "react-router";
import { getSessionUser, type SessionUser } from "./session.server";

/** For actions: the signed-in customer, or a 401 the page shows as a message. */
export async function requireCustomer(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw data({ ok: false as const, error: "Please log in to continue." }, { status: 401 });
  if (user.role === "vendor")
    throw data({ ok: false as const, error: "Vendor accounts cannot place orders. Please use a customer account." }, { status: 403 });
  return user;
}

/** For admin pages: the signed-in admin, or a redirect to /admin/login. */
export async function requireAdminPage(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user || user.role !== "admin") throw redirect("/admin/login");
  return user;
}

/** For admin actions: the signed-in admin, or 403. */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user || user.role !== "admin") throw data({ ok: false as const, error: "Only admins can do this." }, { status: 403 });
  return user;
}

/** For vendor pages: the signed-in vendor, or back to /vendor-login. */
export async function requireVendorPage(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user || user.role !== "vendor") throw redirect("/vendor-login");
  return user;
}

/** For vendor actions: the signed-in vendor, or 403. */
export async function requireVendorAction(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user || user.role !== "vendor") throw data({ ok: false as const, error: "Only vendors can do this." }, { status: 403 });
  return user;
}
