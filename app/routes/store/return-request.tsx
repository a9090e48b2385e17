import { data, Link } from "react-router";
import type { Route } from "./+types/return-request";
import { checkCustomer } from "~/auth/guards.server";
import { LoginPrompt } from "~/components/login-prompt";
import { ReturnLineForm } from "~/components/return-line-form";
import { fieldErrors } from "~/domain/form-errors";
import { formatIsoDay } from "~/domain/india-day";
import { ORDER_NOT_FOUND, ORDER_NOT_FOUND_DETAIL } from "~/domain/messages";
import { ReturnRequestSchema } from "~/domain/return-forms";
import { RETURN_REQUESTED, RETURN_WINDOW_DAYS, type ReturnLineRefusal } from "~/domain/returns";
import { readFields } from "~/lib/read-form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getReturnForm, requestReturn, ReturnRefused } from "~/services/returns/request-return.server";

export const meta: Route.MetaFunction = () => [{ title: "Return items · Angle" }, { name: "robots", content: "noindex" }];

/** A customer's returns of a delivered order, one line at a time: plain POST forms, so it works without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const check = await checkCustomer(request);
  if (!check.ok && check.status === 401) return data({ state: "login" as const }, { status: 401 });
  if (!check.ok) return data({ state: "refused" as const, error: check.error }, { status: check.status });
  const form = await getReturnForm(check.user.id, params.orderId);
  if (!form) return data({ state: "missing" as const }, { status: 404 });
  return { state: "ok" as const, form };
}

export async function action({ request, params }: Route.ActionArgs) {
  const fields = await readFields(request);
  const lineId = (fields.lineId ?? "").slice(0, 64);
  // What was typed comes back with a refusal, so a page without JavaScript shows it again.
  const values = { quantity: (fields.quantity ?? "").slice(0, 10), reason: (fields.reason ?? "").slice(0, 600) };
  const refuse = (errors: ReturnLineRefusal["errors"], status: number) =>
    data({ lineId, errors, values } satisfies ReturnLineRefusal, { status });
  const check = await checkCustomer(request);
  if (!check.ok) return refuse({ form: check.error }, check.status);
  const parsed = ReturnRequestSchema.safeParse(fields);
  if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
  try {
    await requestReturn(check.user, params.orderId, parsed.data);
  } catch (error) {
    if (!(error instanceof ReturnRefused)) throw error;
    const field = error.field === "quantity" || error.field === "reason" ? error.field : "form";
    return refuse({ [field]: error.message }, error.status);
  }
  return redirectWithToast(`/orders/${params.orderId}/return`, { description: RETURN_REQUESTED });
}

export default function ReturnRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "login") return <LoginPrompt title="Please log in" text="Log in to return items from your order." />;
  if (loaderData.state !== "ok") {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-stone-900">
          {loaderData.state === "missing" ? ORDER_NOT_FOUND : "You cannot return items"}
        </h1>
        <p className="mt-2 text-stone-600">{loaderData.state === "missing" ? ORDER_NOT_FOUND_DETAIL : loaderData.error}</p>
        <Link to="/orders" className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          View My Orders
        </Link>
      </div>
    );
  }
  const { form } = loaderData;
  const orderLink = `/order-confirmation/${form.orderId}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to={orderLink} className="text-sm text-stone-600 hover:underline">
        ← Back to your order
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-stone-900 sm:text-3xl">Return items</h1>
      <p className="mt-1 text-stone-700">
        Order <span className="font-mono font-semibold">#{form.orderId}</span>
        {form.lastReturnDay && !form.refusal ? ` · you can ask until ${formatIsoDay(form.lastReturnDay)}` : ""}
      </p>
      {form.refusal ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          {form.refusal}
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone-700">
          Ask within {RETURN_WINDOW_DAYS} days of delivery, one request per item. We refund the price you paid with its GST for the quantity
          you return, once the return is approved; the delivery charge is not refunded. See our{" "}
          <Link to="/refund" className="text-brand-800 underline">
            Refund &amp; Returns Policy
          </Link>{" "}
          for what can be returned.
        </p>
      )}
      <ul className="mt-6 space-y-4">
        {form.lines.map((line) => (
          <li key={line.id}>
            <ReturnLineForm line={line} open={!form.refusal} refusal={actionData?.lineId === line.id ? actionData : null} />
          </li>
        ))}
      </ul>
    </div>
  );
}
