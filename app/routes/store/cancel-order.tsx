import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/cancel-order";
import { checkCustomer } from "~/platform/auth/guards.server";
import { useCancelConsequences } from "~/features/orders/ui/cancel-order-dialog";
import { LoginPrompt } from "~/features/accounts/ui/login-prompt";
import { formatPaise, formatPaiseExact } from "~/platform/core/money";
import { CancelOrderSchema } from "~/features/orders/domain/return-forms";
import { CANCEL_FROM, type CancelFrom } from "~/features/orders/domain/returns";
import { readFields } from "~/platform/http/read-form.server";
import { m } from "~/platform/i18n/i18n.server";
import { firstRefusal, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { useT } from "~/platform/i18n/i18n";
import { metaTitle, rich } from "~/features/orders/ui/order-text";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { CancelRefused, cancelOrder } from "~/features/orders/server/cancel-order.server";
import { getCustomerOrder } from "~/features/orders/server/get-customer-order.server";
import { listOrderActions } from "~/features/orders/server/order-aftercare.server";
import { formatOrderId } from "~/platform/core/order-id";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "ui_orders_meta_cancel", "Cancel order · Angle") },
  { name: "robots", content: "noindex" },
];

const backTo = (from: CancelFrom, orderId: string) => (from === "orders" ? "/orders" : `/order-confirmation/${orderId}`);

/** The cancel's confirmation step for a page without JavaScript (the dialog posts to the same action). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const check = await checkCustomer(request);
  if (!check.ok && check.status === 401) return data({ state: "login" as const }, { status: 401 });
  if (!check.ok) return data({ state: "refused" as const, error: renderRefusal(check.refusal) }, { status: check.status });
  const order = await getCustomerOrder(params.orderId, check.user.id);
  const actions = order ? (await listOrderActions(check.user.id, [order.id])).get(order.id) : undefined;
  if (!order || !actions) return data({ state: "missing" as const }, { status: 404 });
  const asked = new URL(request.url).searchParams.get("from");
  const from: CancelFrom = CANCEL_FROM.find((f) => f === asked) ?? "order";
  return {
    state: "ok" as const,
    order: { id: order.id, total: order.total, items: order.items.map((i) => ({ name: i.name, quantity: i.quantity })) },
    canCancel: actions.canCancel,
    refusal: actions.cancelRefusal === null ? null : renderRefusal(actions.cancelRefusal),
    refundPaise: actions.cancelRefundPaise,
    from,
    back: backTo(from, order.id),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const check = await checkCustomer(request);
  if (!check.ok) return data({ error: renderRefusal(check.refusal) }, { status: check.status });
  const parsed = CancelOrderSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: renderRefusal(firstRefusal(parsed.error)) }, { status: 400 });
  try {
    const outcome = await cancelOrder({ orderId: params.orderId, actor: { role: "customer", id: check.user.id } });
    return redirectWithToast(backTo(parsed.data.from, params.orderId), {
      description:
        outcome.refundPaise > 0
          ? m.orders_toast_cancelled_refund({ amount: formatPaiseExact(outcome.refundPaise) })
          : m.orders_toast_cancelled(),
    });
  } catch (error) {
    if (error instanceof CancelRefused) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
}

export default function CancelOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const consequences = useCancelConsequences();
  const submitting = useNavigation().state === "submitting";
  if (loaderData.state === "login") return <LoginPrompt title={t("ui_orders_please_log_in")} text={t("ui_orders_log_in_cancel")} />;
  if (loaderData.state !== "ok") {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-stone-900">
          {loaderData.state === "missing" ? t("ui_orders_not_found") : t("ui_orders_cannot_cancel")}
        </h1>
        <p className="mt-2 text-stone-600">{loaderData.state === "missing" ? t("ui_orders_not_found_detail") : loaderData.error}</p>
        <Link to="/orders" className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t("ui_orders_view_my_orders")}
        </Link>
      </div>
    );
  }
  const { order, canCancel, refusal, back } = loaderData;
  const message = actionData?.error ?? (canCancel ? null : refusal);
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Link to={back} className="text-sm text-stone-600 hover:underline">
        ← {loaderData.from === "orders" ? t("ui_orders_my_orders") : t("ui_orders_back_to_your_order")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">
        {rich(t("ui_orders_cancel_question", { id: "{id}" }), { id: <span className="font-mono">#{formatOrderId(order.id)}</span> })}
      </h1>
      {message ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {message}
        </p>
      ) : null}
      <section className="mt-4 rounded-xl border border-stone-200 bg-white p-5" aria-label={t("ui_orders_the_order")}>
        <ul className="space-y-1 text-stone-800">
          {order.items.map((i) => (
            <li key={i.name}>
              {i.quantity} × {i.name}
            </li>
          ))}
        </ul>
        <p className="mt-3 font-bold">{t("ui_orders_total_amount", { amount: formatPaise(order.total) })}</p>
      </section>
      {canCancel ? (
        <>
          <p className="mt-4 text-stone-700">{consequences(loaderData.refundPaise)}</p>
          <Form method="post" className="mt-5 flex flex-wrap gap-3">
            <input type="hidden" name="confirm" value="yes" />
            <input type="hidden" name="from" value={loaderData.from} />
            <button
              type="submit"
              disabled={submitting}
              className="min-h-11 rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {submitting ? t("ui_orders_cancelling") : t("ui_orders_yes_cancel")}
            </button>
            <Link to={back} className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-5 font-semibold">
              {t("ui_orders_keep_order")}
            </Link>
          </Form>
        </>
      ) : (
        <Link to={back} className="mt-5 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white">
          {t("ui_orders_back_to_the_order")}
        </Link>
      )}
    </div>
  );
}
