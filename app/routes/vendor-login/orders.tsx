import { DocumentLinks } from "~/features/orders/ui/document-links";
import type { Route } from "./+types/orders";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { useNavigation } from "react-router";
import { VendorOrderShipping } from "~/features/vendor-shops/ui/vendor-order-shipping";
import { listShipments } from "~/features/orders/server/list-shipments.server";
import { vendorShipAction } from "../../features/vendor-shops/server/vendor-ship.server";
import { formatDate } from "~/platform/core/dates";
import { Pager } from "~/ui/pager";
import { formatPaise } from "~/platform/core/money";
import { readPageRequest } from "~/platform/core/pagination";
import { STATUS_STYLES, type OrderStatus } from "~/features/orders/domain/orders";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { listVendorOrderLines } from "~/features/vendor-shops/server/vendor-orders.server";
// Returns of the vendor's own lines (issue 15): they approve or reject them here.
import { ReturnDecisions } from "~/features/orders/ui/return-decisions";
import { decideReturnFromForm, isReturnDecision } from "~/features/orders/server/return-decision.server";
import { readFields } from "~/platform/http/read-form.server";
import { samePage } from "~/platform/toast/toast.server";
import { listReturnsOfOrders } from "~/features/orders/server/list-returns.server";
import { formatOrderId } from "~/platform/core/order-id";
import { LineLots } from "~/features/lots/ui/line-lots";
import { PackingSlipLinks, PackingSlipsForm } from "~/features/orders/ui/packing-slips";
import { indiaToday } from "~/platform/core/india-day";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_orders");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const orders = await listVendorOrderLines(vendor.id, readPageRequest(new URL(request.url).searchParams));
  // Issue 15: the vendor's own parcels of these orders, and returns of their own lines.
  const orderIds = orders.rows.map((o) => o.orderId);
  const [shipments, returns] = await Promise.all([
    listShipments(orderIds, { vendorId: vendor.id }),
    listReturnsOfOrders(orderIds, { vendorId: vendor.id }),
  ]);
  return { orders, shipments, returns: Object.fromEntries(returns), today: indiaToday() };
}

/**
 * Issue 15: the vendor ships their own lines of an order (vendor-ship.server.ts), or approves or
 * rejects a return of one of their own lines (the services check they are theirs).
 */
export async function action({ request, url }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  const fields = await readFields(request);
  if (isReturnDecision(fields)) return decideReturnFromForm(fields, { role: "vendor", id: vendor.id }, samePage(url));
  return vendorShipAction(vendor.id, fields, request.url);
}

export default function VendorOrders({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const shipping = navigation.state === "submitting" ? navigation.formData?.get("orderId") : null;
  const t = useT();
  const locale = useLocale();
  const noun = [t("ui_orders_noun_one"), t("ui_orders_noun_other")] as const;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_orders_title")}</h1>
      <Pager page={loaderData.orders} noun={noun} className="mt-4" />
      {loaderData.orders.rows.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">{t("ui_vendor_no_orders")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {loaderData.orders.rows.map((o) => (
            <li key={o.orderId} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="vendor-order">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-mono font-semibold">
                  #{formatOrderId(o.orderId)}
                  {o.ondc ? (
                    // ONDC is the network's name, the same in Hindi.
                    <span
                      className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 font-sans text-xs font-semibold text-indigo-900"
                      data-testid="ondc-badge"
                    >
                      ONDC
                    </span>
                  ) : null}
                </p>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[o.status as OrderStatus]}`}>
                  {t(`ui_vendor_order_status_${o.status as OrderStatus}`)}
                </span>
              </div>
              <p className="text-sm text-stone-600">
                {formatDate(o.createdAt, locale)} · {t("ui_vendor_ship_to", { name: o.customerName, phone: o.customerPhone })} · {o.address}
              </p>
              <ul className="mt-2 divide-y divide-stone-100 text-sm">
                {o.lines.map((l) => (
                  <li key={l.id} className="flex justify-between py-1.5">
                    <span>
                      {l.name} × {l.quantity}
                      {l.sku ? <span className="ml-1 font-mono text-xs text-stone-600">({l.sku})</span> : null}
                      <LineLots lots={l.lots} />
                    </span>
                    <span className="whitespace-nowrap font-semibold">{formatPaise(l.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <PackingSlipLinks action="/vendor-login/packing-slips" orderId={o.orderId} />
              <VendorOrderShipping
                order={o}
                shipments={loaderData.shipments.filter((s) => s.orderId === o.orderId)}
                refused={actionData && "orderId" in actionData && actionData.orderId === o.orderId ? actionData : undefined}
                busy={shipping === o.orderId}
              />
              <DocumentLinks documents={o.documents} label={t("ui_vendor_order_invoices", { id: formatOrderId(o.orderId) })} />
              <ReturnDecisions
                returns={loaderData.returns[o.orderId] ?? []}
                error={actionData && "returnError" in actionData ? actionData.returnError : undefined}
                label={t("ui_vendor_order_returns", { id: formatOrderId(o.orderId) })}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.orders} noun={noun} className="mt-3" />
      <PackingSlipsForm action="/vendor-login/packing-slips" today={loaderData.today} />
    </div>
  );
}
