import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/draft-order";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { formatDateTime } from "~/platform/core/dates";
import { firstError } from "~/platform/core/form-errors";
import { formatPaise } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { DISCOUNT_LIMIT_PERCENT, discountLimitPaise, STAFF_ROLE_LABELS, staffRoleOf } from "~/platform/core/staff-policy";
import { adminFormErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatMobile } from "~/features/accounts/domain/mobile";
import { MAX_LINE_QUANTITY } from "~/features/cart/domain/cart-limits";
import { DISCOUNT_REASON_MAX, DraftDiscountSchema } from "~/features/orders/domain/draft-orders";
import { assistedPayments, getFarmer, quoteAssistedCart } from "~/features/orders/server/assisted-orders.server";
import { AssistedPaymentSchema } from "~/features/orders/domain/assisted-orders";
import {
  changeDraftQuantities,
  discardDraft,
  getDraft,
  placeDraft,
  removeDraftDiscount,
  setDraftDiscount,
} from "~/features/orders/server/draft-orders.server";

export const meta: Route.MetaFunction = () => [{ title: "Draft Order · Angle Admin" }];

/**
 * A draft order (docs/decisions/064-draft-orders.md), priced now by the phone desk's functions: change
 * quantities, give or take off a discount with a reason (within the role's limit), discard, or place it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAdminPage(request);
  const draft = await getDraft(params.id);
  if (!draft) throw data("No such draft order.", { status: 404 });
  const farmer = await getFarmer(draft.farmerId);
  const role = staffRoleOf(user.staffRole);
  const [quote, payments] = await Promise.all([
    farmer && draft.status === "open" ? quoteAssistedCart(farmer, draft.lines, draft.discountPaise) : null,
    assistedPayments(),
  ]);
  return {
    draft: {
      id: draft.id,
      status: draft.status,
      orderId: draft.orderId,
      discountPaise: draft.discountPaise,
      discountReason: draft.discountReason,
      createdBy: draft.createdBy,
      updatedBy: draft.updatedBy,
      updatedAt: draft.updatedAt,
    },
    farmer: farmer ? { ...farmer, mobile: formatMobile(farmer.mobile) } : null,
    quote,
    payments,
    limit: {
      role: STAFF_ROLE_LABELS[role],
      percent: DISCOUNT_LIMIT_PERCENT[role],
      paise: quote ? discountLimitPaise(role, quote.goodsPaise) : 0,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdminAction(request);
  const staff = { id: user.id, role: staffRoleOf(user.staffRole) };
  const fields = await readFields(request);
  const here = `/admin/draft-orders/${params.id}`;
  try {
    switch (fields.intent) {
      case "quantities": {
        const quantities = new Map<string, number>();
        for (const [name, value] of Object.entries(fields)) {
          if (!name.startsWith("qty-")) continue;
          const wanted = quantityRefusal(value);
          if (wanted.refused) return data({ error: renderRefusal(wanted.refused) }, { status: 400 });
          quantities.set(name.slice(4), wanted.quantity);
        }
        await changeDraftQuantities(staff, params.id, quantities);
        return redirectWithToast(here, { description: "Quantities saved." });
      }
      case "remove": {
        await changeDraftQuantities(staff, params.id, new Map([[fields.size ?? "", 0]]));
        return redirectWithToast(here, { description: "Line removed." });
      }
      case "discount": {
        const parsed = DraftDiscountSchema.safeParse(fields);
        if (!parsed.success) return data({ error: firstError(adminFormErrors(parsed.error)) }, { status: 400 });
        await setDraftDiscount(staff, params.id, { paise: parsed.data.amount, reason: parsed.data.reason });
        return redirectWithToast(here, { description: `Discount of ${formatPaise(parsed.data.amount)} saved.` });
      }
      case "remove-discount": {
        await removeDraftDiscount(staff, params.id);
        return redirectWithToast(here, { description: "Discount taken off." });
      }
      case "discard": {
        await discardDraft(staff, params.id);
        return redirectWithToast("/admin/draft-orders", { description: "Draft discarded." });
      }
      case "place": {
        const payment = AssistedPaymentSchema.safeParse(fields.payment ?? "cod");
        if (!payment.success) return data({ error: renderRefusal(refusal("checkout.payment_method")) }, { status: 400 });
        const { orderId, payBy } = await placeDraft(staff, params.id, payment.data);
        return redirectWithToast(`/admin/orders/${orderId}`, {
          description:
            payment.data === "link" && payBy
              ? `Order #${formatOrderId(orderId)} placed from the draft; the payment link was sent by SMS, to pay by ${formatDateTime(payBy)}.`
              : `Order #${formatOrderId(orderId)} placed from the draft (cash on delivery); the farmer was told by SMS.`,
        });
      }
      default:
        return data({ error: renderRefusal(refusal("common.unknown_intent")) }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof RefusalError) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
}

/** A quantity typed on the draft: a whole number from 1 to the per-size cap, or why not. */
function quantityRefusal(value: string) {
  const text = value.trim();
  if (!/^-?\d+$/.test(text)) return { refused: refusal("checkout.whole"), quantity: 0 };
  const quantity = Number(text);
  if (quantity < 1) return { refused: refusal("checkout.at_least_one"), quantity };
  if (quantity > MAX_LINE_QUANTITY) return { refused: refusal("checkout.too_many_of_one", { max: MAX_LINE_QUANTITY }), quantity };
  return { refused: null, quantity };
}

export default function DraftOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { draft, farmer, quote, limit } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/draft-orders" className="text-brand-800 underline">
          Draft Orders
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-stone-900">Draft order{farmer ? ` for ${farmer.name}` : ""}</h1>
      <p className="mt-1 text-sm text-stone-600">
        Saved by {draft.createdBy}; last changed by {draft.updatedBy}, {formatDateTime(draft.updatedAt)}.
      </p>
      <FormError message={actionData?.error ?? null} />
      {draft.status === "placed" && draft.orderId ? (
        <p className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-900">
          Placed as{" "}
          <Link to={`/admin/orders/${draft.orderId}`} className="font-semibold underline">
            order #{formatOrderId(draft.orderId)}
          </Link>
          .
        </p>
      ) : draft.status !== "open" || !farmer || !quote ? (
        <p className="mt-4 rounded-lg bg-stone-100 p-3 text-sm text-stone-800">This draft was discarded.</p>
      ) : (
        <OpenDraft draft={draft} farmer={farmer} quote={quote} limit={limit} payments={loaderData.payments} busy={busy} />
      )}
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];

function OpenDraft({
  draft,
  farmer,
  quote,
  limit,
  payments,
  busy,
}: {
  draft: Data["draft"];
  farmer: NonNullable<Data["farmer"]>;
  quote: NonNullable<Data["quote"]>;
  limit: Data["limit"];
  payments: Data["payments"];
  busy: boolean;
}) {
  const overLimit = draft.discountPaise > limit.paise;
  return (
    <div className="mt-4 space-y-4">
      <section aria-labelledby="farmer-h" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="farmer-h" className="font-semibold text-stone-900">
          Farmer: {farmer.name}
        </h2>
        <p className="text-sm text-stone-700">
          {farmer.mobile} · {farmer.locale === "hi" ? "Hindi" : "English"} · {farmer.street}, {farmer.city}, {farmer.state} {farmer.pincode}
        </p>
      </section>
      <section aria-labelledby="lines-h" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="lines-h" className="font-semibold text-stone-900">
          The order, priced now
        </h2>
        {quote.lines.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No products left in this draft.</p>
        ) : (
          <>
            <Form method="post" id="quantities" className="hidden">
              <input type="hidden" name="intent" value="quantities" />
            </Form>
            <ul className="mt-2 divide-y divide-stone-200" aria-label="Lines">
              {quote.lines.map((l) => (
                <li key={l.key} className="py-2 text-sm" data-testid="draft-line">
                  <p>
                    {l.name}
                    {l.unitPaise === null ? null : <span className="text-stone-600"> at {formatPaise(l.unitPaise)}</span>}
                    {l.unitPaise !== null && l.stock < l.quantity ? (
                      <span className="ml-2 font-medium text-red-800">{l.stock > 0 ? `only ${l.stock} left` : "out of stock"}</span>
                    ) : null}
                  </p>
                  <div className="mt-1 flex items-center gap-2">
                    <label htmlFor={`qty-${l.key}`} className="text-stone-700">
                      Quantity<span className="sr-only"> of {l.name}</span>
                    </label>
                    <input
                      id={`qty-${l.key}`}
                      name={`qty-${l.variantId}`}
                      type="number"
                      min={1}
                      max={MAX_LINE_QUANTITY}
                      defaultValue={l.quantity}
                      form="quantities"
                      className="h-10 w-24 rounded-lg border border-stone-300 px-3 text-[15px] text-stone-900 focus:border-brand-600 focus:outline-none"
                    />
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="size" value={l.variantId} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="h-10 rounded-lg border border-stone-300 px-3 text-xs font-semibold"
                        aria-label={`Remove ${l.name}`}
                      >
                        Remove
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
            <button
              type="submit"
              form="quantities"
              disabled={busy}
              className="mt-2 h-10 rounded-lg border border-stone-300 px-4 text-sm font-semibold"
            >
              Save quantities
            </button>
          </>
        )}
        {quote.offers.length ? (
          <ul className="mt-3 text-sm text-green-800">
            {quote.offers.map((o) => (
              <li key={o.offerId}>
                {o.name}: −{formatPaise(o.withGstPaise ?? o.paise)}
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="mt-3 grid max-w-sm grid-cols-2 gap-1 text-sm">
          <dt>{quote.offers.length ? "Goods after discounts" : "Goods"}</dt>
          <dd className="text-right">{formatPaise(quote.totals.subtotal)}</dd>
          <dt>Delivery</dt>
          <dd className="text-right">{formatPaise(quote.totals.shipping)}</dd>
          <dt>GST</dt>
          <dd className="text-right">{formatPaise(quote.totals.tax)}</dd>
          <dt className="font-semibold">Total (cash on delivery)</dt>
          <dd className="text-right font-semibold" data-testid="draft-total">
            {formatPaise(quote.totals.total)}
          </dd>
        </dl>
        <p className="mt-2 text-sm text-stone-700">
          {quote.delivery.ok
            ? `Delivers to ${farmer.pincode} by ${quote.delivery.date}${quote.delivery.cod ? "" : "; cash on delivery is not offered there"}.`
            : quote.delivery.message}
        </p>
      </section>
      <section aria-labelledby="discount-h" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="discount-h" className="font-semibold text-stone-900">
          Discount
        </h2>
        <p className="mt-1 text-sm text-stone-700" data-testid="discount-limit">
          As {limit.role} you may take off at most {limit.percent}% of the goods' value after offers, before GST: {formatPaise(limit.paise)}{" "}
          on this order.
        </p>
        {draft.discountPaise > 0 ? (
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <span>
              {formatPaise(draft.discountPaise)} off: “{draft.discountReason}”
              {draft.discountPaise > quote.staffDiscountPaise || overLimit ? (
                <span className="ml-1 font-medium text-red-800">above what this order allows now; lower it before placing.</span>
              ) : null}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="remove-discount" />
              <button type="submit" disabled={busy} className="rounded-md border border-stone-300 px-2.5 py-1 text-xs font-semibold">
                Take off the discount
              </button>
            </Form>
          </div>
        ) : null}
        {limit.percent > 0 ? (
          // A new form once the discount is saved: its fields empty again.
          <Form
            key={`${draft.discountPaise}-${draft.discountReason}`}
            method="post"
            className="mt-3 grid max-w-xl grid-cols-1 gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
          >
            <input type="hidden" name="intent" value="discount" />
            <TextField label="Amount (₹)" name="amount" inputMode="decimal" required maxLength={12} />
            <TextField label="Reason" name="reason" required maxLength={DISCOUNT_REASON_MAX} />
            <button type="submit" disabled={busy} className="h-10 rounded-lg border border-stone-300 px-4 text-sm font-semibold">
              {draft.discountPaise > 0 ? "Change discount" : "Give discount"}
            </button>
          </Form>
        ) : null}
      </section>
      <div className="flex flex-wrap gap-2">
        <Form method="post" className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <input type="hidden" name="intent" value="place" />
          <fieldset className="flex flex-wrap gap-x-5 gap-y-1">
            <legend className="text-sm font-medium text-stone-700">How the farmer pays</legend>
            {payments.map((p, i) => (
              <label key={p} className="flex min-h-10 items-center gap-2 text-sm">
                <input type="radio" name="payment" value={p} defaultChecked={i === 0} />
                {p === "link" ? "Send payment link (UPI)" : "Cash on delivery"}
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={busy || quote.lines.length === 0 || payments.length === 0}
            className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white disabled:opacity-60"
          >
            Place order
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="discard" />
          <button type="submit" disabled={busy} className="h-10 rounded-lg border border-red-300 px-4 font-semibold text-red-800">
            Discard draft
          </button>
        </Form>
      </div>
    </div>
  );
}
