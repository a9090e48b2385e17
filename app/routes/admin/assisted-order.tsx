import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/assisted-order";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { firstError } from "~/platform/core/form-errors";
import { formatPaise } from "~/platform/core/money";
import { INDIAN_STATE_NAMES } from "~/platform/core/indian-states";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { newId } from "~/platform/ids";
import { adminFormErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { formatMobile } from "~/features/accounts/domain/mobile";
import { type CookieLine, parseCartCookie } from "~/features/cart/domain/cart-cookie";
import { MAX_LINE_QUANTITY } from "~/features/cart/domain/cart-limits";
import { AssistedPaymentSchema, FarmerMobileSchema, NewFarmerSchema } from "~/features/orders/domain/assisted-orders";
import {
  addFarmer,
  assistedPayments,
  findFarmerByMobile,
  getFarmer,
  placeAssistedOrder,
  quoteAssistedCart,
  searchSizes,
} from "~/features/orders/server/assisted-orders.server";
import { OrderRefused } from "~/features/orders/server/place-order.server";
import { formatOrderId } from "~/platform/core/order-id";
import { formatDateTime } from "~/platform/core/dates";

export const meta: Route.MetaFunction = () => [{ title: "Phone Orders · Angle Admin" }];

/** The cart's lines in the address: `p~v.3|p~v.1`, as the storefront's cart cookie writes them. */
const linesText = (lines: readonly CookieLine[]) =>
  lines.map((l) => `${l.variantId ? `${l.productId}~${l.variantId}` : l.productId}.${l.quantity}`).join("|");

function pageUrl(farmerId: string, lines: readonly CookieLine[], q = "") {
  const params = new URLSearchParams({ farmer: farmerId });
  if (lines.length) params.set("lines", linesText(lines));
  if (q) params.set("q", q);
  return `/admin/assisted-orders/new?${params}`;
}

/**
 * The phone desk (docs/decisions/062-assisted-orders.md): find the farmer by mobile number (or add
 * them), build the cart in the address (farmer, lines, search), see it priced as the storefront
 * prices it, and place it as cash on delivery or with a UPI payment link sent by SMS
 * (docs/decisions/063-phone-order-pay-link.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const farmer = await getFarmer(params.get("farmer"));
  if (!farmer) {
    const asked = params.get("mobile");
    if (asked === null) return { step: "find" as const, mobile: "", found: null, error: null };
    const mobile = FarmerMobileSchema.safeParse(asked);
    if (!mobile.success)
      return data({ step: "find" as const, mobile: asked, found: null, error: firstError(adminFormErrors(mobile.error)) }, { status: 400 });
    const found = await findFarmerByMobile(mobile.data);
    if (found) throw redirect(pageUrl(found.id, []));
    return { step: "add" as const, mobile: formatMobile(mobile.data), found: null, error: null };
  }
  let lines = parseCartCookie(params.get("lines") ?? "") ?? [];
  // A size added from the search: its quantity replaces the line's, if it was in the cart.
  const add = /^([a-z0-9]{6,40})~([a-z0-9]{6,40})$/.exec(params.get("add") ?? "");
  const remove = params.get("remove");
  if (add || remove) {
    const quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(Number(params.get("quantity")) || 1)));
    if (remove) lines = lines.filter((l) => l.variantId !== remove);
    if (add?.[1] && add[2]) lines = [...lines.filter((l) => l.variantId !== add[2]), { productId: add[1], variantId: add[2], quantity }];
    throw redirect(pageUrl(farmer.id, lines, params.get("q") ?? ""));
  }
  const q = params.get("q") ?? "";
  const [found, cart, payments] = await Promise.all([searchSizes(q), quoteAssistedCart(farmer, lines), assistedPayments()]);
  return {
    step: "cart" as const,
    farmer: { ...farmer, mobile: formatMobile(farmer.mobile) },
    linesText: linesText(lines),
    q,
    found: found.map((s) => ({ ...s, stock: Number(s.stock) })),
    cart,
    payments,
    // One key per page drawn: a second click on "Place order" is the first order.
    checkoutKey: `assist-${newId(24)}`,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireAdminAction(request);
  const fields = await readFields(request);
  if (fields.intent === "add-farmer") {
    const parsed = NewFarmerSchema.safeParse(fields);
    if (!parsed.success) return data({ error: firstError(adminFormErrors(parsed.error)) }, { status: 400 });
    try {
      const { farmer, created } = await addFarmer(parsed.data);
      return redirectWithToast(pageUrl(farmer.id, []), {
        description: created ? `Account made for ${farmer.name}; they were told by SMS.` : `${farmer.name} already has an account.`,
      });
    } catch (error) {
      if (error instanceof RefusalError) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
      throw error;
    }
  }
  if (fields.intent === "place") {
    const farmer = await getFarmer(typeof fields.farmer === "string" ? fields.farmer : null);
    if (!farmer) return data({ error: renderRefusal(refusal("orders.assisted_no_farmer")) }, { status: 400 });
    const lines = parseCartCookie(typeof fields.lines === "string" ? fields.lines : "") ?? [];
    const key = typeof fields.checkoutKey === "string" && /^[A-Za-z0-9-]{16,64}$/.test(fields.checkoutKey) ? fields.checkoutKey : null;
    if (lines.length === 0 || key === null || lines.some((l) => !l.variantId)) {
      return data({ error: renderRefusal(refusal("checkout.cart_empty")) }, { status: 400 });
    }
    const payment = AssistedPaymentSchema.safeParse(fields.payment ?? "cod");
    if (!payment.success) return data({ error: renderRefusal(refusal("checkout.payment_method")) }, { status: 400 });
    try {
      const { orderId, payBy } = await placeAssistedOrder(staff, farmer, {
        items: lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? "", quantity: l.quantity })),
        checkoutKey: key,
        payment: payment.data,
      });
      return redirectWithToast(`/admin/orders/${orderId}`, {
        description:
          payment.data === "link" && payBy
            ? `Order #${formatOrderId(orderId)} placed for ${farmer.name}; the payment link was sent by SMS, to pay by ${formatDateTime(payBy)}.`
            : `Order #${formatOrderId(orderId)} placed for ${farmer.name} (cash on delivery); they were told by SMS.`,
      });
    } catch (error) {
      if (error instanceof OrderRefused) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
      throw error;
    }
  }
  return data({ error: renderRefusal(refusal("common.unknown_intent")) }, { status: 400 });
}

export default function AssistedOrder({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Phone Orders</h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">
        Take an order for a farmer on the phone: find them by mobile number (or add them), build the cart, and place it as cash on delivery
        or send a link to pay by UPI. Prices, offers, stock and delivery are the storefront's. The farmer is told by SMS, with a link to
        cancel an order they did not ask for.
      </p>
      <FormError message={actionData?.error ?? (loaderData.step === "find" ? loaderData.error : null)} />
      {loaderData.step === "cart" ? (
        <CartStep data={loaderData} busy={busy} />
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Form method="get" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
            <h2 className="font-semibold text-stone-900">Find the farmer</h2>
            <fieldset disabled={busy} className="mt-2 space-y-2">
              <TextField label="Mobile number" name="mobile" inputMode="tel" required maxLength={20} defaultValue={loaderData.mobile} />
              <button type="submit" className="h-10 w-full rounded-lg bg-brand-700 font-semibold text-white">
                Find
              </button>
            </fieldset>
          </Form>
          {loaderData.step === "add" ? (
            <Form method="post" noValidate className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
              <h2 className="font-semibold text-stone-900">No account on {loaderData.mobile}: add the farmer</h2>
              <input type="hidden" name="intent" value="add-farmer" />
              <input type="hidden" name="mobile" value={loaderData.mobile} />
              <fieldset disabled={busy} className="mt-2 space-y-2">
                <TextField label="Name" name="name" required maxLength={FIELD_MAX.name} />
                <div>
                  <label htmlFor="farmer-locale" className="text-sm font-medium text-stone-700">
                    Language of their messages
                  </label>
                  <select
                    id="farmer-locale"
                    name="locale"
                    defaultValue="hi"
                    className="mt-1 h-10 w-full rounded-lg border border-stone-300 bg-white px-2"
                  >
                    <option value="hi">Hindi</option>
                    <option value="en">English</option>
                  </select>
                </div>
                <TextField label="Street / village" name="street" required maxLength={FIELD_MAX.street} />
                <TextField label="Town / district" name="city" required maxLength={FIELD_MAX.city} />
                <div>
                  <label htmlFor="farmer-state" className="text-sm font-medium text-stone-700">
                    State
                  </label>
                  <select
                    id="farmer-state"
                    name="state"
                    required
                    className="mt-1 h-10 w-full rounded-lg border border-stone-300 bg-white px-2"
                  >
                    <option value="">Choose…</option>
                    {INDIAN_STATE_NAMES.map((state) => (
                      <option key={state} value={state}>
                        {state}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField label="Pincode" name="pincode" inputMode="numeric" required maxLength={6} />
                <button type="submit" className="h-10 w-full rounded-lg bg-brand-700 font-semibold text-white">
                  Add farmer and tell them by SMS
                </button>
              </fieldset>
            </Form>
          ) : null}
        </div>
      )}
    </div>
  );
}

type CartData = Extract<Route.ComponentProps["loaderData"], { step: "cart" }>;

function CartStep({ data: page, busy }: { data: CartData; busy: boolean }) {
  const { farmer, cart } = page;
  const placeable = cart.lines.length > 0;
  return (
    <div className="mt-4 space-y-4">
      <section aria-labelledby="farmer-h" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="farmer-h" className="font-semibold text-stone-900">
          Farmer: {farmer.name}
        </h2>
        <p className="text-sm text-stone-700">
          {farmer.mobile} · {farmer.locale === "hi" ? "Hindi" : "English"} · {farmer.street}, {farmer.city}, {farmer.state} {farmer.pincode}
        </p>
        <Link to="/admin/assisted-orders/new" className="text-sm text-brand-800 underline">
          Another farmer
        </Link>
      </section>
      <section aria-labelledby="search-h" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="search-h" className="font-semibold text-stone-900">
          Add products
        </h2>
        <Form method="get" className="mt-2 flex items-end gap-2">
          <input type="hidden" name="farmer" value={farmer.id} />
          {page.linesText ? <input type="hidden" name="lines" value={page.linesText} /> : null}
          <TextField label="Product name or SKU" name="q" defaultValue={page.q} maxLength={60} className="grow" />
          <button type="submit" className="h-10 rounded-lg border border-stone-300 px-4 font-semibold">
            Search
          </button>
        </Form>
        {page.found.length ? (
          <ul className="mt-3 divide-y divide-stone-200">
            {page.found.map((s) => (
              <li key={s.variantId} className="flex flex-wrap items-end justify-between gap-2 py-2" data-testid="assist-result">
                <span className="text-sm">
                  <span className="font-medium text-stone-900">{s.name}</span> {s.label ? `(${s.label})` : ""}{" "}
                  <span className="text-stone-600">
                    SKU {s.sku} · {s.stock > 0 ? `${s.stock} in stock` : "out of stock"}
                  </span>
                </span>
                <Form method="get" className="flex items-end gap-1">
                  <input type="hidden" name="farmer" value={farmer.id} />
                  {page.linesText ? <input type="hidden" name="lines" value={page.linesText} /> : null}
                  <input type="hidden" name="q" value={page.q} />
                  <input type="hidden" name="add" value={`${s.productId}~${s.variantId}`} />
                  <TextField
                    label={`Quantity of ${s.name}${s.label ? ` (${s.label})` : ""}`}
                    name="quantity"
                    type="number"
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    defaultValue="1"
                    className="w-28"
                  />
                  <button type="submit" className="h-10 rounded-lg border border-stone-300 px-3 text-sm font-semibold">
                    Add
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : page.q ? (
          <p className="mt-2 text-sm text-stone-600">Nothing on sale matches “{page.q}”.</p>
        ) : null}
      </section>
      <section aria-labelledby="cart-h" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="cart-h" className="font-semibold text-stone-900">
          The order
        </h2>
        {cart.lines.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No products yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200" aria-label="Lines">
            {cart.lines.map((l) => (
              <li key={l.key} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="assist-line">
                <span>
                  {l.name} × {l.quantity}
                  {l.unitPaise === null ? null : <span className="text-stone-600"> at {formatPaise(l.unitPaise)}</span>}
                  {l.unitPaise !== null && l.stock < l.quantity ? (
                    <span className="ml-2 font-medium text-red-800">{l.stock > 0 ? `only ${l.stock} left` : "out of stock"}</span>
                  ) : null}
                </span>
                <Form method="get">
                  <input type="hidden" name="farmer" value={farmer.id} />
                  <input type="hidden" name="lines" value={page.linesText} />
                  <input type="hidden" name="remove" value={l.variantId} />
                  <button
                    type="submit"
                    className="rounded-md border border-stone-300 px-2.5 py-1 text-xs font-semibold"
                    aria-label={`Remove ${l.name}`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {cart.offers.length ? (
          <ul className="mt-2 text-sm text-green-800">
            {cart.offers.map((o) => (
              <li key={o.offerId}>
                {o.name}: −{formatPaise(o.withGstPaise ?? o.paise)}
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="mt-3 grid max-w-sm grid-cols-2 gap-1 text-sm">
          <dt>Goods</dt>
          <dd className="text-right">{formatPaise(cart.totals.subtotal)}</dd>
          <dt>Delivery</dt>
          <dd className="text-right">{formatPaise(cart.totals.shipping)}</dd>
          <dt>GST</dt>
          <dd className="text-right">{formatPaise(cart.totals.tax)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold" data-testid="assist-total">
            {formatPaise(cart.totals.total)}
          </dd>
        </dl>
        <p className="mt-2 text-sm text-stone-700">
          {cart.delivery.ok
            ? `Delivers to ${farmer.pincode} by ${cart.delivery.date}${cart.delivery.cod ? "" : "; cash on delivery is not offered there"}.`
            : cart.delivery.message}
        </p>
        <PlaceForm page={page} busy={busy} placeable={placeable} />
        {/* Kept for the farmer to agree later (docs/decisions/064-draft-orders.md). */}
        <Form method="post" action="/admin/draft-orders" className="mt-2">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="farmer" value={farmer.id} />
          <input type="hidden" name="lines" value={page.linesText} />
          <button
            type="submit"
            disabled={busy || !placeable}
            className="h-10 rounded-lg border border-stone-300 px-5 font-semibold disabled:opacity-60"
          >
            Save as draft
          </button>
        </Form>
      </section>
    </div>
  );
}

const PAYMENT_CHOICES = {
  cod: { label: "Cash on delivery", button: "Place order (cash on delivery)" },
  link: { label: "Send payment link (UPI)", button: "Place order and send payment link" },
} as const;

/** How the farmer pays (the methods the store's checkout offers now), and the button that places it. */
function PlaceForm({ page, busy, placeable }: { page: CartData; busy: boolean; placeable: boolean }) {
  const [first] = page.payments;
  const [payment, setPayment] = useState(first ?? "cod");
  if (!first)
    return <p className="mt-3 text-sm font-medium text-red-800">Neither cash on delivery nor UPI is switched on in Payment Settings.</p>;
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="place" />
      <input type="hidden" name="farmer" value={page.farmer.id} />
      <input type="hidden" name="lines" value={page.linesText} />
      <input type="hidden" name="checkoutKey" value={page.checkoutKey} />
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="text-sm font-medium text-stone-700">How the farmer pays</legend>
        {page.payments.map((p) => (
          <label key={p} className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" name="payment" value={p} checked={payment === p} onChange={() => setPayment(p)} />
            {PAYMENT_CHOICES[p].label}
          </label>
        ))}
      </fieldset>
      {payment === "link" ? (
        <p className="mt-1 text-sm text-stone-600">
          The farmer gets an SMS with a link to pay by UPI; the items are kept for them until the time to pay runs out.
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || !placeable}
        className="mt-2 h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white disabled:opacity-60"
      >
        {PAYMENT_CHOICES[payment].button}
      </button>
    </Form>
  );
}
