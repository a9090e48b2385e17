import { Link } from "react-router";
import IndianRupee from "lucide-react/icons/indian-rupee";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Package from "lucide-react/icons/package";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Users from "lucide-react/icons/users";
import type { Route } from "./+types/dashboard";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { formatDate } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { ORDER_STATUSES, STATUS_LABELS, STATUS_STYLES } from "~/features/orders/domain/orders";
import { getDashboard } from "~/features/dashboard/server/get-dashboard.server";
import { formatOrderId } from "~/platform/core/order-id";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return getDashboard();
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  const cards: { label: string; value: string; icon: typeof Package; to: string; testId?: string; caption?: string }[] = [
    { label: "Products", value: d.products.toLocaleString("en-IN"), icon: Package, to: "/admin/products" },
    { label: "Orders", value: d.orders.toLocaleString("en-IN"), icon: ShoppingBag, to: "/admin/orders" },
    { label: "Customers", value: d.customers.toLocaleString("en-IN"), icon: Users, to: "/admin/users" },
    {
      label: "Sales received",
      value: formatPaise(d.sales),
      icon: IndianRupee,
      to: "/admin/orders",
      testId: "card-sales",
      // What the figure counts (issue 15): money in hand, not orders placed.
      caption: "Paid online, bank transfers received and delivered cash on delivery, net of refunds",
    },
    {
      label: "Awaiting approval",
      value: d.pendingListings.toLocaleString("en-IN"),
      icon: ClipboardCheck,
      to: "/admin/vendors#queue",
      testId: "card-pending-listings",
    },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Dashboard</h1>
      <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        {cards.map(({ label, value, icon: Icon, to, testId, caption }) => (
          <li key={label}>
            <Link
              to={to}
              className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
              data-testid={testId ?? `card-${label.toLowerCase()}`}
            >
              <Icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
              <p className="mt-2 text-sm text-stone-600">{label}</p>
              <p className="whitespace-nowrap text-2xl font-bold text-stone-900">{value}</p>
              {caption ? <p className="mt-1 text-xs text-stone-600">{caption}</p> : null}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-6 xl:grid-cols-[1fr_2fr]">
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-bold text-stone-900">Orders by status</h2>
          <ul className="mt-3 space-y-2">
            {ORDER_STATUSES.map((s) => (
              <li key={s} className="flex items-center justify-between">
                <Link to={`/admin/orders?status=${s}`} className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLES[s]}`}>
                  {STATUS_LABELS[s]}
                </Link>
                <span className="font-semibold">{d.statusCounts[s]}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-bold text-stone-900">Latest orders</h2>
          {d.latest.length === 0 ? (
            <p className="mt-3 text-stone-600">No orders yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100">
              {d.latest.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <Link to={`/admin/orders/${o.id}`} className="font-mono font-semibold text-brand-800 hover:underline">
                    #{formatOrderId(o.id)}
                  </Link>
                  <span className="text-stone-700">{o.customer}</span>
                  <span className="text-stone-600">{formatDate(o.createdAt)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[o.status]}`}>
                    {STATUS_LABELS[o.status]}
                  </span>
                  <span className="font-semibold">{formatPaise(o.total)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
