import { data, redirect } from "react-router";
import type { Route } from "./+types/pay-link";
import { readFields } from "~/platform/http/read-form.server";
import { m } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { formatOrderId } from "~/platform/core/order-id";
import { type UiKey, useT } from "~/platform/i18n/i18n";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { paymentNotice, type ShownPaymentNotice, shownPaymentNotice } from "~/features/payments/domain/payments";
import { PaymentNotVerified } from "~/features/payments/server/confirm-payment.server";
import { PaymentUnavailable } from "~/features/payments/server/start-payment.server";
import { confirmLinkPayment, PayLinkRefused, payLinkPath, readPayLink, startLinkPayment } from "~/features/orders/server/pay-link.server";
import { PaymentPanel } from "~/features/payments/ui/payment-panel";
import { PlacedOrderSummary, useShownLine } from "~/features/orders/ui/placed-order-summary";
import { useStateName } from "~/features/delivery/ui/use-state-name";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Pay for an order"} · Angle` },
  { name: "robots", content: "noindex" },
];

// The link's signature is in the address: no copy of the page may be kept, nor the address passed on.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

const badLink = () => renderRefusal(refusal("orders.pay_link"));

/**
 * The payment link in the SMS of a phone order (docs/decisions/063-phone-order-pay-link.md): no
 * sign-in, the link's signature is the proof. It shows the order and, while it waits for its payment,
 * pays it through the gateway as the order's own page does. Reading it changes nothing.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  const view = await readPayLink(params.orderId, token);
  if (!view) return data({ state: "refused" as const, title: m.orders_pay_link_title_bad(), message: badLink() }, { status: 400 });
  const { order, payment, state } = view;
  const { siteTitle } = await getGeneralSettings();
  const notice = shownPaymentNotice(url.searchParams.get("payment"), order.status, payment.strays);
  return {
    state,
    title: m.orders_pay_link_title({ id: formatOrderId(order.id) }),
    intro: m.orders_pay_link_intro({ store: siteTitle }),
    message:
      state === "paid"
        ? m.orders_pay_link_paid()
        : state === "expired"
          ? m.orders_pay_link_expired()
          : state === "cancelled"
            ? m.orders_pay_link_cancelled()
            : null,
    notice,
    // Its amounts as its own page shows them (PlacedOrderSummary), and where it goes without the
    // street: the link may be read over someone's shoulder.
    order: {
      subtotal: order.subtotal,
      tax: order.tax,
      total: order.total,
      taxMode: order.taxMode,
      gst: order.gst,
      shippingTax: order.shippingTax,
      offers: order.offers,
      items: order.items.map(({ productId, name, unitPrice, quantity, lineTotal, tax, gstRate }) => ({
        productId,
        name,
        unitPrice,
        quantity,
        lineTotal,
        tax,
        gstRate,
      })),
      deliverTo: { city: order.address.city, state: order.address.state, pincode: order.address.pincode },
    },
    payment: state === "open" || state === "paid" ? payment : null,
    notMineLink: view.notMineLink,
    labels: {
      items: m.orders_pay_link_items(),
      deliverTo: m.orders_pay_link_deliver_to(),
      notMine: m.orders_pay_link_not_mine(),
    },
  };
}

/**
 * "pay" opens an attempt at the gateway for the order's customer; Razorpay Checkout's answer comes
 * back here to be verified for this order only. A bad link is a 400, an order past paying the
 * gateway's refusal (409), and nothing is written.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const fields = await readFields(request);
  const token = new URL(request.url).searchParams.get("t") ?? fields.t ?? null;
  try {
    if (fields.intent === "pay") {
      const start = await startLinkPayment(params.orderId, token);
      if (start.gateway === "stripe") return redirect(start.url);
      return { razorpay: { checkoutJs: start.checkoutJs, options: start.options } };
    }
    if (fields.intent === "razorpay-verify" || fields.intent === "razorpay-failed") {
      const paid = await confirmLinkPayment(params.orderId, token, fields, fields.intent === "razorpay-failed");
      // The path without /hi: a Hindi page's redirect is put in Hindi by the server (document) or the router's basename.
      return redirect(payLinkPath(params.orderId, "en", paymentNotice(paid.outcome)));
    }
  } catch (error) {
    if (error instanceof PayLinkRefused) return data({ error: badLink() }, { status: 400 });
    if (error instanceof PaymentUnavailable) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
    if (error instanceof PaymentNotVerified) return data({ error: renderRefusal(refusal("orders.not_verified")) }, { status: 400 });
    throw error;
  }
  return data({ error: renderRefusal(refusal("common.unknown_intent")) }, { status: 400 });
}

const NOTICES: Record<ShownPaymentNotice, UiKey> = {
  done: "ui_orders_notice_done",
  checking: "ui_orders_notice_checking",
  cancelled: "ui_orders_notice_cancelled",
  late: "ui_orders_notice_late",
  second: "ui_orders_notice_second",
  review: "ui_orders_notice_review",
};

export default function PayLink({ loaderData: page, actionData }: Route.ComponentProps) {
  const t = useT();
  const stateName = useStateName();
  if (page.state === "refused") {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <h1 className="text-2xl font-bold text-stone-900">{page.title}</h1>
        <p role="alert" className="mt-3 text-stone-700">
          {page.message}
        </p>
      </div>
    );
  }
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">{page.title}</h1>
      <p className="mt-2 text-stone-700">{page.intro}</p>
      {page.message ? (
        <p role="status" data-testid="pay-link-state" className="mt-4 rounded-lg bg-stone-100 p-3 font-medium text-stone-900">
          {page.message}
        </p>
      ) : null}
      {page.payment ? (
        <PaymentPanel
          {...page.payment}
          razorpay={actionData && "razorpay" in actionData ? actionData.razorpay : null}
          error={error}
          notice={page.notice ? t(NOTICES[page.notice]) : null}
        />
      ) : error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <section aria-labelledby="pay-items" className="mt-6 rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="pay-items" className="text-lg font-bold text-stone-900">
          {page.labels.items}
        </h2>
        <ul className="mt-2 divide-y divide-stone-100">
          {page.order.items.map((item) => (
            <PayLine key={item.productId} item={item} />
          ))}
        </ul>
        <h2 className="mt-4 font-bold text-stone-900">{page.labels.deliverTo}</h2>
        <p className="text-stone-700">
          {page.order.deliverTo.city}, {stateName(page.order.deliverTo.state)} {page.order.deliverTo.pincode}
        </p>
      </section>
      <div className="mt-6">
        <PlacedOrderSummary order={page.order} />
      </div>
      {page.notMineLink ? (
        <p className="mt-6 text-center">
          <a href={page.notMineLink} className="text-sm font-medium text-red-800 underline">
            {page.labels.notMine}
          </a>
        </p>
      ) : null}
    </div>
  );
}

function PayLine({
  item,
}: {
  item: { name: string; quantity: number; unitPrice: number; lineTotal: number; tax: number; gstRate: number };
}) {
  const shown = useShownLine(item);
  return (
    <li className="flex justify-between gap-3 py-2 text-sm">
      <span>
        {item.name} × {item.quantity}
      </span>
      <span className="font-semibold">{shown.total}</span>
    </li>
  );
}
