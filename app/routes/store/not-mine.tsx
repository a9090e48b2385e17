import { readFields } from "~/platform/http/read-form.server";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/not-mine";
import { m } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { formatOrderId } from "~/platform/core/order-id";
import { CancelRefused } from "~/features/orders/server/cancel-order.server";
import { notMineOrder, refuseAssistedOrder } from "~/features/orders/server/assisted-orders.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Cancel an order placed for you"} · Angle` },
  { name: "robots", content: "noindex" },
];

// The link's signature is in the address: no copy of the page may be kept.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

/**
 * The link in the SMS that tells a farmer an order was placed for them by the phone desk
 * (docs/decisions/062-assisted-orders.md): no sign-in, the link's signature is the proof. Reading it
 * changes nothing; the button posts, and the order is cancelled as its customer would cancel it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  const order = await notMineOrder(params.orderId, token);
  const title = m.orders_not_mine_title();
  if (!order) return data({ state: "refused" as const, title, message: renderRefusal(refusal("orders.not_mine_link")) }, { status: 400 });
  if (order.status === "cancelled") {
    return data({ state: "refused" as const, title, message: renderRefusal(refusal("orders.already_cancelled")) }, { status: 409 });
  }
  return {
    state: "open" as const,
    title,
    message: m.orders_not_mine_intro({ id: formatOrderId(order.id) }),
    button: m.orders_not_mine_button(),
    token: token ?? "",
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  // A body that is not a form is a 400 (readFields), never a 500.
  const token = (await readFields(request)).t;
  const title = m.orders_not_mine_title();
  try {
    await refuseAssistedOrder(params.orderId, token ?? null);
    return { state: "done" as const, title, message: m.orders_not_mine_done() };
  } catch (error) {
    if (error instanceof CancelRefused) {
      return data(
        { state: "refused" as const, title: m.orders_not_mine_refused(), message: renderRefusal(error.refusal) },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function NotMine({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const shown = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-stone-900">{shown.title}</h1>
      <p role={shown.state === "refused" ? "alert" : undefined} className="mt-3 text-stone-700">
        {shown.message}
      </p>
      {shown.state === "open" && "token" in shown ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="t" value={shown.token} />
          <button
            type="submit"
            disabled={submitting}
            className="rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {shown.button}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
