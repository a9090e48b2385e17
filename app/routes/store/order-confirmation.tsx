import { PlacedOrderSummary, useShownLine } from "~/features/orders/ui/placed-order-summary";
import { useEffect } from "react";
import { data, Link, redirect, useLocation, useNavigate } from "react-router";
import XCircle from "lucide-react/icons/circle-x";
import type { Route } from "./+types/order-confirmation";
import { getSessionUser } from "~/platform/auth/session.server";
import { LoginPrompt } from "~/features/accounts/ui/login-prompt";
import { OrderTimeline } from "~/features/orders/ui/order-timeline";
import { OrderFulfilment } from "~/features/orders/ui/order-fulfilment";
import { OrderHeading } from "~/features/orders/ui/order-heading";
import { shownPaymentStatus } from "~/features/orders/domain/order-picture";
import { getOrderProgress } from "~/features/orders/server/order-progress.server";
import { formatDate } from "~/platform/core/dates";
import { useStateName } from "~/features/delivery/ui/use-state-name";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { renderRefusal, sayRefusal as say } from "~/platform/i18n/render-refusal.server";
import { type UiKey, useLocale, useT } from "~/platform/i18n/i18n";
import { metaTitle } from "~/features/orders/ui/order-text";
import { formatPaise } from "~/platform/core/money";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { DocumentLink } from "~/features/tax/server/documents.server";
import { paymentMethodLabel } from "~/features/payments/domain/payment-settings";
import { clearCart } from "~/features/cart/domain/cart";
import { forgetCheckoutKey } from "~/features/cart/domain/checkout-key";
import { getCustomerOrder, type OrderDetail } from "~/features/orders/server/get-customer-order.server";
import { getPaymentMethodNames } from "~/features/settings/server/payment-settings.server";
import { log } from "~/platform/log.server";
import { PaymentPanel } from "~/features/payments/ui/payment-panel";
import { paymentNotice, type ShownPaymentNotice, shownPaymentNotice } from "~/features/payments/domain/payments";
import { readFields } from "~/platform/http/read-form.server";
import { getOrderPayment } from "~/features/payments/server/order-payment.server";
import { PaymentUnavailable, startPayment } from "~/features/payments/server/start-payment.server";
import { confirmRazorpayCheckout, confirmRazorpayFailure, PaymentNotVerified } from "~/features/payments/server/confirm-payment.server";
// Cancelling, returns and refunds (issue 15).
import { OrderAftercare } from "~/features/orders/ui/order-aftercare";
import { LineLots } from "~/features/lots/ui/line-lots";
import { getOrderAftercare } from "~/features/orders/server/order-aftercare.server";
import { imageSrc } from "~/ui/image-srcset";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "ui_orders_meta_confirmation", "Order confirmation · Angle") },
  { name: "robots", content: "noindex" },
];

/** The store's own payment methods in the page's language; a method the admin added keeps its given name. */
const METHOD_NAMES: Record<string, () => string> = {
  card: () => m.orders_method_card(),
  upi: () => m.orders_method_upi(),
  cod: () => m.orders_method_cod(),
  bank_transfer: () => m.orders_method_bank_transfer(),
};

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!params.orderId) return data({ state: "error" as const, error: say("orders.id_missing") }, { status: 400 });
  const user = await getSessionUser(request);
  if (!user) return { state: "login" as const };
  try {
    const order = await getCustomerOrder(params.orderId, user.id);
    if (!order) return data({ state: "missing" as const }, { status: 404 });
    // Issue 15: the history's dates, the parcels, the money (order-progress.server.ts), paying, and
    // what the customer may still do (cancel, return).
    const [progress, payment, aftercare] = await Promise.all([
      getOrderProgress(user.id, order.id),
      getOrderPayment(order.id, user.id),
      getOrderAftercare(order.id, user.id),
    ]);
    if (!progress) return data({ state: "missing" as const }, { status: 404 });
    return {
      state: "ok" as const,
      order,
      payment,
      paymentLabel:
        METHOD_NAMES[order.paymentMethod]?.() ?? paymentMethodLabel(order.paymentMethod, await getPaymentMethodNames(currentLocale())),
      progress,
      aftercare,
    };
  } catch (error) {
    log.error({ err: error }, "loading an order failed");
    return data({ state: "error" as const, error: say("orders.load_failed") }, { status: 500 });
  }
}

/**
 * Paying for the order (issue 15): "pay" opens an attempt at the gateway (Stripe: its hosted page;
 * Razorpay: Checkout's options for the page), and Razorpay's result comes back here to be verified.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data({ error: say("orders.log_in_pay") }, { status: 401 });
  const orderId = params.orderId ?? "";
  const fields = await readFields(request);
  try {
    if (fields.intent === "pay") {
      const start = await startPayment(orderId, user.id);
      if (start.gateway === "stripe") return redirect(start.url);
      return { razorpay: { checkoutJs: start.checkoutJs, options: start.options } };
    }
    if (fields.intent === "razorpay-verify") {
      const paid = await confirmRazorpayCheckout(fields, user.id);
      return redirect(`/order-confirmation/${paid.orderId}?payment=${paymentNotice(paid.outcome)}`);
    }
    if (fields.intent === "razorpay-failed") {
      await confirmRazorpayFailure(fields, user.id);
      return { error: say("orders.payment_failed") };
    }
  } catch (error) {
    if (error instanceof PaymentUnavailable) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
    if (error instanceof PaymentNotVerified) return data({ error: say("orders.not_verified") }, { status: 400 });
    throw error;
  }
  return data({ error: say("orders.unknown_action") }, { status: 400 });
}

const PAYMENT_NOTICES: Record<ShownPaymentNotice, UiKey> = {
  done: "ui_orders_notice_done",
  checking: "ui_orders_notice_checking",
  cancelled: "ui_orders_notice_cancelled",
  late: "ui_orders_notice_late",
  second: "ui_orders_notice_second",
  review: "ui_orders_notice_review",
};

export default function OrderConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const stateName = useStateName();
  const location = useLocation();
  const navigate = useNavigate();
  const placed = new URLSearchParams(location.search).has("placed");

  // The order is placed: empty the cart and start the next checkout with a new key.
  useEffect(() => {
    if (placed && loaderData.state === "ok") {
      clearCart();
      forgetCheckoutKey();
      navigate(location.pathname, { replace: true, preventScrollReset: true });
    }
  }, [placed, loaderData.state, location.pathname, navigate]);

  if (loaderData.state === "login") return <LoginPrompt title={t("ui_orders_please_log_in")} text={t("ui_orders_log_in_order")} />;
  if (loaderData.state !== "ok") {
    const missing = loaderData.state === "missing";
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <XCircle className="h-14 w-14 text-red-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-stone-900">{missing ? t("ui_orders_not_found") : t("ui_orders_something_wrong")}</h1>
        <p className="mt-2 text-stone-600">{missing ? t("ui_orders_not_found_detail") : loaderData.error}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/orders" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
            {t("ui_orders_view_my_orders")}
          </Link>
          <Link to="/products" className="rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold">
            {t("ui_checkout_continue_shopping")}
          </Link>
        </div>
      </div>
    );
  }

  const { order, progress } = loaderData;
  const shown = shownPaymentNotice(new URLSearchParams(location.search).get("payment"), order.status, loaderData.payment?.strays ?? []);
  const notice = shown ? PAYMENT_NOTICES[shown] : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <OrderHeading order={order} progress={progress} />
      {loaderData.payment ? (
        <PaymentPanel
          {...loaderData.payment}
          // The badge says what the heading says (describeOrder): never "Paid" for money the order did not take.
          status={shownPaymentStatus({
            ...loaderData.payment,
            status: order.status,
            paymentMethod: order.paymentMethod,
            paymentStatus: loaderData.payment.status,
          })}
          razorpay={actionData && "razorpay" in actionData ? actionData.razorpay : null}
          error={actionData && "error" in actionData ? actionData.error : null}
          notice={notice ? t(notice) : null}
        />
      ) : null}
      <OrderFulfilment order={order} progress={progress} />

      <section className="mt-6 rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="mb-4 text-lg font-bold text-stone-900">
          {t("ui_orders_timeline_title")}
        </h2>
        {order.status === "cancelled" ? (
          <p className="font-semibold text-red-700">{t("ui_orders_was_cancelled")}</p>
        ) : (
          <OrderTimeline status={order.status} progress={progress} />
        )}
      </section>

      {loaderData.aftercare ? <OrderAftercare orderId={order.id} view={loaderData.aftercare} /> : null}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="items-title">
          <h2 id="items-title" className="text-lg font-bold text-stone-900">
            {t("ui_orders_items")}
          </h2>
          <ul className="mt-3 divide-y divide-stone-100">
            {order.items.map((item) => (
              <OrderItem key={item.productId} item={item} />
            ))}
          </ul>
        </section>
        <div className="space-y-6">
          <section className="rounded-xl border border-stone-200 bg-white p-5">
            <h2 className="text-lg font-bold text-stone-900">{t("ui_orders_shipping_address")}</h2>
            <address className="mt-2 not-italic text-stone-700">
              {order.address.street}
              <br />
              {order.address.city}, {stateName(order.address.state)} {order.address.pincode}
            </address>
            <h2 className="mt-4 text-lg font-bold text-stone-900">{t("ui_orders_payment_method")}</h2>
            <p className="mt-1 text-stone-700">{loaderData.paymentLabel}</p>
          </section>
          <PlacedOrderSummary order={order} />
          <TaxDocuments documents={order.documents} status={order.status} />
        </div>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/orders" className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          {t("ui_orders_view_my_orders")}
        </Link>
        <Link to="/products" className="rounded-lg border border-stone-300 bg-white px-6 py-3 font-semibold text-stone-800">
          {t("ui_checkout_continue_shopping")}
        </Link>
      </div>
    </div>
  );
}

function OrderItem({ item }: { item: OrderDetail["items"][number] }) {
  const shown = useShownLine(item);
  return (
    <li className="flex items-center gap-3 py-2">
      <img src={imageSrc(item.image)} alt="" width={48} height={48} className="h-12 w-12 rounded-md bg-stone-100" />
      <span className="flex-1 text-sm">
        <span className="font-medium text-stone-900">{item.name}</span>
        <br />
        <span className="text-stone-600">
          {shown.each} × {item.quantity}
        </span>
        <LineLots lots={item.lots} />
      </span>
      <span className="font-semibold">{shown.total}</span>
    </li>
  );
}

/** The order's tax invoices and credit notes as PDF downloads, or when to expect them. */
function TaxDocuments({ documents, status }: { documents: DocumentLink[]; status: OrderStatus }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="documents-title">
      <h2 id="documents-title" className="text-lg font-bold text-stone-900">
        {t("ui_orders_tax_invoices")}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          {status === "cancelled" ? t("ui_orders_cancelled_before_invoice") : t("ui_orders_invoice_soon")}
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {documents.map((d) => (
            <li key={d.id}>
              <a
                href={`/documents/${d.id}`}
                download
                className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 rounded-lg border border-stone-200 px-3 py-2 hover:border-brand-600"
              >
                <span>
                  <span className="font-semibold text-brand-800">
                    {d.kind === "invoice" ? t("ui_orders_tax_invoice") : t("ui_orders_credit_note")} {d.number}
                  </span>
                  <span className="block text-sm text-stone-600">
                    {d.sellerName} · {formatDate(d.issuedAt, locale)}
                  </span>
                </span>
                <span className="text-sm font-medium text-stone-800">PDF · {formatPaise(d.totalPaise)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
