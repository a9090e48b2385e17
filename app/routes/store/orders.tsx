import { DocumentLinks } from "~/features/orders/ui/document-links";
import { data, Link, useNavigate, useNavigation } from "react-router";
import Package from "lucide-react/icons/package";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import type { Route } from "./+types/orders";
import { getSessionUser } from "~/platform/auth/session.server";
import { LoginPrompt } from "~/features/accounts/ui/login-prompt";
import { OrderCardProgress } from "~/features/orders/ui/order-card-progress";
import { shownPaymentStatus } from "~/features/orders/domain/order-picture";
import { PaymentStatusBadge } from "~/features/payments/ui/payment-status-badge";
import type { OrderProgressView } from "~/features/orders/ui/order-progress-view";
import { listOrderProgress } from "~/features/orders/server/order-progress.server";
import { Pager } from "~/ui/pager";
import { formatDate } from "~/platform/core/dates";
import { sayRefusal } from "~/platform/i18n/render-refusal.server";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { metaTitle, rich, useStatusNames } from "~/features/orders/ui/order-text";
import { formatPaise } from "~/platform/core/money";
import { STATUS_LABELS, STATUS_STYLES } from "~/features/orders/domain/orders";
import { readPageRequest } from "~/platform/core/pagination";
import { addToCart } from "~/features/cart/domain/cart";
import { listCustomerOrders, type OrderSummary } from "~/features/orders/server/list-customer-orders.server";
import { log } from "~/platform/log.server";
// Cancel and return from the list (issue 15).
import { CancelOrderButton } from "~/features/orders/ui/cancel-order-dialog";
import { listOrderActions, type OrderActions } from "~/features/orders/server/order-aftercare.server";
import { formatOrderId } from "~/platform/core/order-id";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "ui_orders_meta_orders", "My Orders · Angle") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return { state: "login" as const };
  try {
    const page = await listCustomerOrders(user.id, readPageRequest(new URL(request.url).searchParams));
    // Issue 15: parcels and tracking, bank transfer details, refunds (order-progress.server.ts), and
    // what the customer may do (cancel, return).
    const ids = page.rows.map((o) => o.id);
    const [progress, actions] = await Promise.all([listOrderProgress(user.id, ids), listOrderActions(user.id, ids)]);
    return { state: "ok" as const, page, progress, actions: Object.fromEntries(actions) };
  } catch (error) {
    log.error({ err: error }, "listing orders failed");
    return data({ state: "error" as const, error: sayRefusal("orders.list_failed") }, { status: 500 });
  }
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.pathname === "/orders") {
    return <p className="mx-auto max-w-4xl px-4 py-16 text-center text-stone-600">{t("ui_orders_loading")}</p>;
  }
  if (loaderData.state === "login") return <LoginPrompt title={t("ui_orders_please_log_in")} text={t("ui_orders_log_in_orders")} />;
  if (loaderData.state === "error") {
    return (
      <p role="alert" className="mx-auto max-w-4xl px-4 py-16 text-center font-medium text-red-700">
        {loaderData.error}
      </p>
    );
  }
  const { page, progress } = loaderData;
  const orders = page.rows;
  const noun = [t("ui_orders_noun_one"), t("ui_orders_noun_other")] as const;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t("ui_orders_my_orders")}</h1>
        <Link to="/account/wishlist" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline">
          {t("ui_wishlist_menu")}
        </Link>
      </div>
      {orders.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-4 py-16 text-center">
          <Package className="h-12 w-12 text-stone-400" aria-hidden="true" />
          <h2 className="mt-3 text-xl font-semibold">{t("ui_orders_none_title")}</h2>
          <p className="mt-1 text-stone-600">{t("ui_orders_none_text")}</p>
          <Link to="/products" className="mt-5 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
            {t("ui_orders_start_shopping")}
          </Link>
        </div>
      ) : (
        <>
          <Pager page={page} noun={noun} className="mt-4" />
          <ul className="mt-4 space-y-4">
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} progress={progress[order.id]} actions={loaderData.actions[order.id]} />
            ))}
          </ul>
          <Pager page={page} noun={noun} className="mt-4" />
        </>
      )}
    </div>
  );
}

function OrderCard({ order, progress, actions }: { order: OrderSummary; progress: OrderProgressView | undefined; actions?: OrderActions }) {
  const t = useT();
  const locale = useLocale();
  const names = useStatusNames({ order: STATUS_LABELS });
  const navigate = useNavigate();
  const reorderable = order.items.filter((i) => i.current && i.current.stock > 0);
  const reorder = () => {
    for (const item of reorderable) {
      const c = item.current;
      if (!c) continue;
      addToCart(
        {
          id: item.productId,
          variantId: item.variantId ?? undefined,
          variantLabel: c.variantLabel,
          name: c.name,
          pricePaise: c.pricePaise,
          image: c.image,
          category: c.category,
          stock: c.stock,
        },
        Math.min(item.quantity, c.stock),
      );
    }
    navigate("/cart");
  };
  const count = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="order-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link to={`/order-confirmation/${order.id}`} className="font-semibold text-brand-800 hover:underline">
            {rich(t("ui_orders_order_number", { id: "{id}" }), { id: <span className="font-mono">#{formatOrderId(order.id)}</span> })}
          </Link>
          <p className="text-sm text-stone-600">
            {t(count === 1 ? "ui_orders_placed_items_one" : "ui_orders_placed_items_other", {
              date: formatDate(order.createdAt, locale),
              count,
            })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[order.status]}`} data-testid="order-status">
            {names.order(order.status)}
          </span>
          {progress ? (
            <PaymentStatusBadge
              status={shownPaymentStatus({ status: order.status, ...progress })}
              testId="order-payment-status"
              size="md"
            />
          ) : null}
        </div>
      </div>
      <p className="mt-3 text-sm text-stone-700">{order.items.map((i) => `${i.name} × ${i.quantity}`).join(", ")}</p>
      <OrderCardProgress order={order} progress={progress} />
      {order.status === "delivered" ? <ReviewLinks items={order.items} /> : null}
      <DocumentLinks documents={order.documents} label={t("ui_orders_documents_of", { id: formatOrderId(order.id) })} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-3">
        <p className="font-bold">{t("ui_orders_total_amount", { amount: formatPaise(order.total) })}</p>
        <div className="flex flex-wrap gap-2">
          {actions?.canCancel ? <CancelOrderButton orderId={order.id} from="orders" refundPaise={actions.cancelRefundPaise} /> : null}
          {actions?.canReturn ? (
            <Link
              to={`/orders/${order.id}/return`}
              className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t("ui_orders_return_items")}
            </Link>
          ) : null}
          {order.status === "delivered" ? (
            <button
              type="button"
              onClick={reorder}
              disabled={reorderable.length === 0}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
            >
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> {t("ui_orders_reorder")}
            </button>
          ) : null}
          <Link
            to={`/order-confirmation/${order.id}`}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t("ui_orders_view_details")}
          </Link>
        </div>
      </div>
    </li>
  );
}

/** A delivered order's products, each once (sizes of one product share a review), with a link to review it. */
function ReviewLinks({ items }: { items: OrderSummary["items"] }) {
  const t = useT();
  const products = [...new Map(items.map((i) => [i.productId, i])).values()];
  return (
    <ul className="mt-3 space-y-1.5 text-sm" aria-label={t("ui_orders_review_products")}>
      {products.map((item) => (
        <li key={item.productId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="text-stone-700">{item.current?.name ?? item.name}</span>
          <Link
            to={`/orders/review/${item.productId}`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
          >
            {item.reviewed ? t("ui_orders_edit_your_review") : t("ui_orders_write_review")}
            <span className="sr-only">{t("ui_orders_review_sr_of", { name: item.current?.name ?? item.name })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
