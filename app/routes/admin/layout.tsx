import { Form, Link, NavLink, Outlet } from "react-router";
import CreditCard from "lucide-react/icons/credit-card";
import Mail from "lucide-react/icons/mail";
import Send from "lucide-react/icons/send";
import SpellCheck from "lucide-react/icons/spell-check";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import Leaf from "lucide-react/icons/leaf";
import LogOut from "lucide-react/icons/log-out";
import Package from "lucide-react/icons/package";
import Boxes from "lucide-react/icons/boxes";
import Layers from "lucide-react/icons/layers";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import ReceiptIndianRupee from "lucide-react/icons/receipt-indian-rupee";
import Undo2 from "lucide-react/icons/undo-2";
import Settings from "lucide-react/icons/settings";
import Star from "lucide-react/icons/star";
import Tag from "lucide-react/icons/tag";
import BadgePercent from "lucide-react/icons/badge-percent";
import UsersRound from "lucide-react/icons/users-round";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Phone from "lucide-react/icons/phone";
import UserCheck from "lucide-react/icons/user-check";
import HandCoins from "lucide-react/icons/hand-coins";
import FilePen from "lucide-react/icons/file-pen";
import Store from "lucide-react/icons/store";
import Truck from "lucide-react/icons/truck";
import Users from "lucide-react/icons/users";
import ShieldCheck from "lucide-react/icons/shield-check";
import ScrollText from "lucide-react/icons/scroll-text";
import Network from "lucide-react/icons/network";
import type { Route } from "./+types/layout";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { may, permissionFor, STAFF_ROLE_LABELS, staffRoleOf } from "~/platform/core/staff-policy";
import { requestState } from "~/platform/request-policy.server";
import { currentLocale, uiMessages } from "~/platform/i18n/i18n.server";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const { maintenanceMode } = await requestState(context).settings();
  // The sidebar shows what the admin's staff role may open (issue 33, staff-policy.ts).
  const role = staffRoleOf(admin.staffRole);
  const open = links.filter((link) => may(role, permissionFor(link.to, "GET"))).map((link) => link.to);
  // Shared components (CSV import, GST report, shipping, returns) take their words from `ui`: English here.
  return {
    admin: { name: admin.name, email: admin.email, role: STAFF_ROLE_LABELS[role] },
    open,
    maintenanceMode,
    locale: currentLocale(),
    ui: uiMessages(currentLocale()),
  };
}

const links = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/products", label: "Manage Products", icon: Package },
  { to: "/admin/users", label: "Manage Users", icon: Users },
  { to: "/admin/orders", label: "Orders", icon: ShoppingBag },
  { to: "/admin/assisted-orders/new", label: "Phone Orders", icon: Phone },
  { to: "/admin/agents", label: "Field Agents", icon: UserCheck },
  { to: "/admin/draft-orders", label: "Draft Orders", icon: FilePen },
  { to: "/admin/returns", label: "Returns", icon: Undo2 },
  { to: "/admin/offers", label: "Offers", icon: Tag },
  { to: "/admin/customer-groups", label: "Customer Groups", icon: UsersRound },
  { to: "/admin/price-lists", label: "Price Lists", icon: BadgePercent },
  { to: "/admin/kits", label: "Kits", icon: Boxes },
  { to: "/admin/lots", label: "Lots", icon: Layers },
  { to: "/admin/stock-alerts", label: "Stock Alerts", icon: TriangleAlert },
  { to: "/admin/lots/import", label: "Receive Lots", icon: Layers },
  { to: "/admin/gst", label: "GST Report", icon: ReceiptIndianRupee },
  { to: "/admin/agent-commission", label: "Agent Commission", icon: HandCoins },
  { to: "/admin/vendors", label: "Vendors", icon: Store },
  { to: "/admin/messages", label: "Messages", icon: Mail },
  { to: "/admin/reviews", label: "Reviews", icon: Star },
  { to: "/admin/outbox", label: "Outbox", icon: Send },
  { to: "/admin/search-synonyms", label: "Search Synonyms", icon: SpellCheck },
  { to: "/admin/delivery", label: "Delivery", icon: Truck },
  { to: "/admin/payment-settings", label: "Payment Settings", icon: CreditCard },
  { to: "/admin/ondc", label: "ONDC", icon: Network },
  { to: "/admin/settings", label: "General Settings", icon: Settings },
  { to: "/admin/staff", label: "Staff", icon: ShieldCheck },
  { to: "/admin/audit", label: "Audit Trail", icon: ScrollText },
];

/** The admin panel: a sidebar on wide screens, a scrolling bar on a phone. No storefront header/footer. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-stone-100 lg:flex">
      <aside className="bg-stone-900 text-stone-200 lg:sticky lg:top-0 lg:h-screen lg:w-64 lg:shrink-0 lg:overflow-y-auto">
        <div className="flex items-center justify-between px-4 py-4">
          <p className="flex items-center gap-2 font-bold text-white">
            <Leaf className="h-5 w-5 text-green-400" aria-hidden="true" /> Angle Admin
          </p>
          <p className="truncate text-xs text-stone-400 lg:hidden">{loaderData.admin.email}</p>
        </div>
        <nav aria-label="Admin" className="flex gap-1 overflow-x-auto px-2 pb-2 lg:flex-col lg:overflow-visible">
          {links
            .filter((link) => loaderData.open.includes(link.to))
            .map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                className={({ isActive }) =>
                  `flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "text-stone-300 hover:bg-stone-800 hover:text-white"}`
                }
              >
                <Icon className="h-4 w-4" aria-hidden="true" /> {label}
              </NavLink>
            ))}
          <Form method="post" action="/logout" className="shrink-0 lg:mt-4">
            <input type="hidden" name="redirectTo" value="/admin/login" />
            <button
              type="submit"
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-stone-300 hover:bg-stone-800 hover:text-white"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
            </button>
          </Form>
        </nav>
        <p className="hidden px-4 py-3 text-xs text-stone-400 lg:block">
          Signed in as {loaderData.admin.email} ({loaderData.admin.role})
        </p>
      </aside>
      <main className="min-w-0 flex-1 p-4 [overflow-wrap:anywhere] lg:p-8">
        {loaderData.maintenanceMode ? (
          <section
            aria-label="Maintenance mode"
            className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <strong className="font-semibold">Maintenance mode is on.</strong> Shoppers, customers and vendors get the maintenance page;
            only admins can use the store.{" "}
            <Link to="/admin/settings" className="font-semibold underline">
              General Settings
            </Link>
          </section>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}
