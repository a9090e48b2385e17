import { data, Form, Link, NavLink, Outlet } from "react-router";
import Leaf from "lucide-react/icons/leaf";
import LogOut from "lucide-react/icons/log-out";
import type { Route } from "./+types/layout";
import { getSessionUser } from "~/auth/session.server";
import { VerifyEmailBanner } from "~/components/verify-email-banner";
import { getVendorProfile } from "~/services/sellers/vendor-profile.server";
import { log } from "~/lib/log.server";

export const meta: Route.MetaFunction = () => [{ title: "Sell on Angle · Vendor" }];

/** /vendor-login and below: the seller's own area, without the storefront header and footer (spec §2). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user?.role !== "vendor") return { vendor: null, verified: false, error: null };
  try {
    const vendor = await getVendorProfile(user.id);
    if (!vendor) return data({ vendor: null, verified: false, error: "Failed to load vendor profile." }, { status: 500 });
    return { vendor, verified: user.verified, error: null };
  } catch (error) {
    log.error({ err: error }, "vendor profile failed");
    return data({ vendor: null, verified: false, error: "Failed to load vendor profile." }, { status: 500 });
  }
}

const links = [
  { to: "/vendor-login", label: "Dashboard", end: true },
  { to: "/vendor-login/products", label: "My Products" },
  { to: "/vendor-login/orders", label: "Orders" },
  { to: "/vendor-login/analytics", label: "Sales Analytics" },
  { to: "/vendor-login/gst", label: "GST Report" },
  { to: "/vendor-login/profile", label: "Profile" },
];

export default function VendorLayout({ loaderData }: Route.ComponentProps) {
  const { vendor } = loaderData;
  return (
    <div className="min-h-screen bg-stone-100">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <Leaf className="h-5 w-5" aria-hidden="true" /> Angle <span className="font-normal text-green-100">for Sellers</span>
          </Link>
          {vendor ? (
            <Form method="post" action="/logout">
              <input type="hidden" name="redirectTo" value="/vendor-login" />
              <button type="submit" className="flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold hover:bg-white/10">
                <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
              </button>
            </Form>
          ) : (
            <Link to="/" className="text-sm font-semibold underline">
              Back to the store
            </Link>
          )}
        </div>
        {vendor ? (
          <nav aria-label="Vendor" className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-3 pb-2">
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.end}
                className={({ isActive }) =>
                  `shrink-0 rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-white text-brand-800" : "text-green-50 hover:bg-white/10"}`
                }
              >
                {l.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 [overflow-wrap:anywhere]">
        {loaderData.error ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {loaderData.error}
          </p>
        ) : null}
        {vendor && !loaderData.verified ? (
          <div className="mb-4">
            <VerifyEmailBanner email={vendor.email} reason="Listings can be submitted for approval once it is confirmed." />
          </div>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}
