import { DocumentLinks } from "~/components/document-links";
import type { Route } from "./+types/orders";
import { requireVendorAction, requireVendorPage } from "~/auth/guards.server";
import { useNavigation } from "react-router";
import { VendorOrderShipping } from "~/components/seller/vendor-order-shipping";
import { listShipments } from "~/services/orders/list-shipments.server";
import { vendorShipAction } from "./vendor-ship.server";
import { formatDate } from "~/domain/dates";
import { Pager } from "~/components/pager";
import { formatPaise } from "~/domain/money";
import { readPageRequest } from "~/domain/pagination";
import { STATUS_LABELS, STATUS_STYLES, type OrderStatus } from "~/domain/orders";
import { listVendorOrderLines } from "~/services/sellers/vendor-orders.server";

export const meta: Route.MetaFunction = () => [{ title: "Orders · Angle Vendor" }];

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const orders = await listVendorOrderLines(vendor.id, readPageRequest(new URL(request.url).searchParams));
  // Issue 15: the vendor's own parcels of these orders.
  const shipments = await listShipments(
    orders.rows.map((o) => o.orderId),
    { vendorId: vendor.id },
  );
  return { orders, shipments };
}

/** Issue 15: the vendor ships their own lines of an order (vendor-ship.server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  return vendorShipAction(vendor.id, request);
}

export default function VendorOrders({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const shipping = navigation.state === "submitting" ? navigation.formData?.get("orderId") : null;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Orders for your products</h1>
      <Pager page={loaderData.orders} noun={["order", "orders"]} className="mt-4" />
      {loaderData.orders.rows.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">No orders yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {loaderData.orders.rows.map((o) => (
            <li key={o.orderId} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="vendor-order">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-mono font-semibold">#{o.orderId}</p>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[o.status as OrderStatus]}`}>
                  {STATUS_LABELS[o.status as OrderStatus]}
                </span>
              </div>
              <p className="text-sm text-stone-600">
                {formatDate(o.createdAt)} · Ship to {o.customerName}, {o.customerPhone} · {o.address}
              </p>
              <ul className="mt-2 divide-y divide-stone-100 text-sm">
                {o.lines.map((l) => (
                  <li key={l.id} className="flex justify-between py-1.5">
                    <span>
                      {l.name} × {l.quantity}
                      {l.sku ? <span className="ml-1 font-mono text-xs text-stone-600">({l.sku})</span> : null}
                    </span>
                    <span className="whitespace-nowrap font-semibold">{formatPaise(l.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <VendorOrderShipping
                order={o}
                shipments={loaderData.shipments.filter((s) => s.orderId === o.orderId)}
                refused={actionData?.orderId === o.orderId ? actionData : undefined}
                busy={shipping === o.orderId}
              />
              <DocumentLinks documents={o.documents} label={`Your tax invoices for order ${o.orderId}`} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.orders} noun={["order", "orders"]} className="mt-3" />
    </div>
  );
}
