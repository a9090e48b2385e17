import { data, Link } from "react-router";
import type { Route } from "./+types/return-request";
import { checkCustomer } from "~/platform/auth/guards.server";
import { LoginPrompt } from "~/features/accounts/ui/login-prompt";
import { ReturnLineForm } from "~/features/orders/ui/return-line-form";
import { formatDate } from "~/platform/core/dates";
import { ReturnRequestSchema } from "~/features/orders/domain/return-forms";
import { RETURN_WINDOW_DAYS, type ReturnLineRefusal } from "~/features/orders/domain/returns";
import { readForm, textFields } from "~/platform/http/read-form.server";
import { isOversizedUpload } from "~/features/catalog/web/oversized-upload.server";
import { discardReturnPhotos, storeReturnPhotos } from "~/features/orders/web/return-photos.server";
import { m } from "~/platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { metaTitle, rich } from "~/features/orders/ui/order-text";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { refusal } from "~/platform/core/refusal";
import { getReturnForm, requestReturn, ReturnRefused } from "~/features/orders/server/request-return.server";
import { formatOrderId } from "~/platform/core/order-id";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "ui_orders_meta_return", "Return items · Angle") },
  { name: "robots", content: "noindex" },
];

/** A customer's returns of a delivered order, one line at a time: plain POST forms, so it works without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const check = await checkCustomer(request);
  if (!check.ok && check.status === 401) return data({ state: "login" as const }, { status: 401 });
  if (!check.ok) return data({ state: "refused" as const, error: renderRefusal(check.refusal) }, { status: check.status });
  const form = await getReturnForm(check.user.id, params.orderId);
  if (!form) return data({ state: "missing" as const }, { status: 404 });
  return { state: "ok" as const, form: { ...form, refusal: form.refusal === null ? null : renderRefusal(form.refusal) } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const check = await checkCustomer(request);
  // A body far over the photo limit arrives without its content (server/app.ts): nothing to read.
  const form = isOversizedUpload(request) ? new FormData() : await readForm(request);
  const fields = textFields(form);
  const lineId = (fields.lineId ?? "").slice(0, 64);
  // What was typed comes back with a refusal, so a page without JavaScript shows it again; never the account number.
  const typed = (name: string, max: number) => (fields[name] ?? "").slice(0, max);
  const values = {
    quantity: typed("quantity", 10),
    reasonCode: typed("reasonCode", 40),
    reason: typed("reason", 600),
    refundTo: typed("refundTo", 10),
    upiId: typed("upiId", 300),
    ifsc: typed("ifsc", 20),
    accountHolder: typed("accountHolder", 200),
  };
  const refuse = (errors: ReturnLineRefusal["errors"], status: number) =>
    data({ lineId: isOversizedUpload(request) ? "" : lineId, errors, values } satisfies ReturnLineRefusal, { status });
  if (!check.ok) return refuse({ form: renderRefusal(check.refusal) }, check.status);
  if (isOversizedUpload(request)) return refuse({ form: renderRefusal(refusal("orders.photo_invalid")) }, 413);
  const parsed = ReturnRequestSchema.safeParse(fields);
  if (!parsed.success) return refuse(formErrors(parsed.error), 400);
  // Only the customer's own order gets its photos decoded and stored (requestReturn checks the rest).
  if (!(await getReturnForm(check.user.id, params.orderId))) return refuse({ form: renderRefusal(refusal("orders.order_missing")) }, 404);
  const stored = await storeReturnPhotos(form.getAll("photos"));
  if (!stored.ok) return refuse({ photos: renderRefusal(stored.refusal) }, stored.status);
  try {
    await requestReturn(check.user, params.orderId, parsed.data, new Date(), stored.photos);
  } catch (error) {
    await discardReturnPhotos(stored.photos);
    if (!(error instanceof ReturnRefused)) throw error;
    const field = error.field === "quantity" || error.field === "reason" || error.field === "refundTo" ? error.field : "form";
    return refuse({ [field]: renderRefusal(error.refusal) }, error.status);
  }
  return redirectWithToast(`/orders/${params.orderId}/return`, { description: m.orders_toast_return_requested() });
}

export default function ReturnRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  if (loaderData.state === "login") return <LoginPrompt title={t("ui_orders_please_log_in")} text={t("ui_orders_log_in_return")} />;
  if (loaderData.state !== "ok") {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-stone-900">
          {loaderData.state === "missing" ? t("ui_orders_not_found") : t("ui_orders_cannot_return")}
        </h1>
        <p className="mt-2 text-stone-600">{loaderData.state === "missing" ? t("ui_orders_not_found_detail") : loaderData.error}</p>
        <Link to="/orders" className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t("ui_orders_view_my_orders")}
        </Link>
      </div>
    );
  }
  const { form } = loaderData;
  const orderLink = `/order-confirmation/${form.orderId}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to={orderLink} className="text-sm text-stone-600 hover:underline">
        ← {t("ui_orders_back_to_your_order")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-stone-900 sm:text-3xl">{t("ui_orders_return_items")}</h1>
      <p className="mt-1 text-stone-700">
        {rich(t("ui_orders_order_number", { id: "{id}" }), {
          id: <span className="font-mono font-semibold">#{formatOrderId(form.orderId)}</span>,
        })}
        {form.lastReturnDay && !form.refusal
          ? t("ui_orders_ask_until", { date: formatDate(`${form.lastReturnDay}T12:00:00+05:30`, locale) })
          : ""}
      </p>
      {form.refusal ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          {form.refusal}
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone-700">
          {rich(t("ui_orders_return_policy", { days: RETURN_WINDOW_DAYS, link: "{link}" }), {
            link: (
              <Link to="/refund" className="text-brand-800 underline">
                {t("ui_orders_return_policy_link")}
              </Link>
            ),
          })}
        </p>
      )}
      {actionData?.errors.form && !form.lines.some((l) => l.id === actionData.lineId) ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {actionData.errors.form}
        </p>
      ) : null}
      <ul className="mt-6 space-y-4">
        {form.lines.map((line) => (
          <li key={line.id}>
            <ReturnLineForm
              line={line}
              open={!form.refusal}
              needsPayout={form.needsPayout}
              refusal={actionData?.lineId === line.id ? actionData : null}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
