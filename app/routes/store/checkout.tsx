import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import Lock from "lucide-react/icons/lock";
import type { Route } from "./+types/checkout";
import { checkCustomer } from "~/platform/auth/guards.server";
import { AddressFields } from "~/features/delivery/ui/address-fields";
import { DeliveryAnswer } from "~/features/delivery/ui/delivery-answer";
import type { DeliveryCheck } from "~/features/delivery/domain/delivery";
import { shownAmounts, useCartPricing } from "~/features/cart/domain/order-pricing";
import { authDialogHref } from "~/features/accounts/ui/auth-dialog-link";
import { OrderSummary } from "~/features/orders/ui/order-summary";
import { VerifyEmailBanner } from "~/features/accounts/ui/verify-email-banner";
import { TextField } from "~/ui/text-field";
import { hasOwnName, shownContact } from "~/features/accounts/domain/contact";
import { giveNameIfMissing } from "~/features/accounts/server/give-name.server";
import { type Address, listAddresses, rememberAddress } from "~/features/accounts/server/saved-addresses.server";
import { addressLine } from "~/features/accounts/domain/address-line";
import { fillFromPincode } from "~/features/delivery/ui/pincode-fill";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { CheckoutSchema } from "~/features/cart/domain/checkout";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { formatPaise } from "~/platform/core/money";
import { lineKey, lineName } from "~/features/cart/domain/cart";
import { CART_COOKIE } from "~/features/cart/domain/cart-cookie";
import { drawnCart } from "~/features/cart/server/drawn-cart.server";
import { quoteIds, useCartQuote } from "~/features/cart/ui/use-cart-quote";
import { undeliverableTo } from "~/features/vendor-shops/server/territory.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { useCartOffers } from "~/features/cart/ui/use-cart-offers";
import { checkDelivery } from "~/features/delivery/server/delivery.server";
import { localizeDeliveryCheck } from "~/features/delivery/server/delivery-text.server";
import { cookieValue } from "~/platform/http/cookies";
import { useCheckoutKey } from "~/features/cart/domain/checkout-key";
import { useHydrated } from "~/ui/use-hydrated";
import { useOnline } from "~/ui/use-online";
import { useRootData } from "~/platform/render/root-data";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { getCheckoutMethods } from "~/features/settings/server/payment-settings.server";
import { mayOrder } from "~/features/accounts/server/email-verification.server";
import { requestState } from "~/platform/request-policy.server";
import { log } from "~/platform/log.server";
import { readForm } from "~/platform/http/read-form.server";
import { parseSubmission, replyDecided, replyRefused } from "~/platform/http/submission.server";
import { issueRefusal, renderRefusal, sayRefusal } from "~/platform/i18n/render-refusal.server";
import { useT } from "~/platform/i18n/i18n";
import { useStateName } from "~/features/delivery/ui/use-state-name";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { metaTitle } from "~/features/orders/ui/order-text";
import { getBusinessBuyer } from "~/features/tax/server/business-buyer.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "ui_checkout_meta", "Checkout · Angle") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requestState(context).user();
  const customer = user?.role === "user";
  const [methods, mustVerify, addresses, cart, business] = await Promise.all([
    getCheckoutMethods(currentLocale()),
    user ? mayOrder(user).then((may) => !may) : false,
    customer ? listAddresses(user.id) : [],
    customer ? drawnCart(cookieValue(request.headers.get("cookie"), CART_COOKIE), user.id) : null,
    customer ? getBusinessBuyer(user.id) : null,
  ]);
  // Drawn by the server, the page also says whether the saved address is delivered to, and with cash
  // on delivery (the scripts look it up otherwise, and for every pincode typed).
  const savedPincode = user?.address.pincode;
  const savedCheck = cart && savedPincode ? localizeDeliveryCheck(await checkDelivery(savedPincode)) : null;
  // And the cart's products its sellers may not deliver there (docs/decisions/057-territory.md).
  const savedRefused =
    cart && savedCheck?.kind === "delivers"
      ? (
          await undeliverableTo(
            cart.lines.map((l) => l.product.id),
            savedCheck.place.state,
            await getGeneralSettings(),
            currentLocale(),
          )
        ).map((r) => renderRefusal(r))
      : [];
  // A key for an order sent before the scripts run (the form works without them); once they run, the
  // tab's own key (useCheckoutKey) takes its place.
  return { methods, mustVerify, addresses, cart, savedCheck, savedRefused, business, checkoutKey: crypto.randomUUID() };
}

/**
 * A refused checkout is Conform's reply (decision 038): the message beside the button ("") and each
 * field's own, in the page's language. Refused before the form is read, only the message.
 */
const refuse = (error: string, status: number) => data({ result: replyDecided(new FormData(), { formError: error }) }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  // Returned, not thrown, so the page shows the message beside the button. (Maintenance mode is the
  // request policy's: no action runs while the store is closed.)
  const customer = await checkCustomer(request, context);
  if (!customer.ok) return refuse(renderRefusal(customer.refusal), customer.status);
  const { user } = customer;
  if (!(await mayOrder(user))) return refuse(sayRefusal("checkout.verify"), 403);
  // The schema's messages are refusal codes, said in the page's language.
  const posted = await readForm(request);
  const submission = parseSubmission(posted, CheckoutSchema, { say: (issue) => renderRefusal(issueRefusal(issue)) });
  // An account made from a mobile number has no name of its own until it gives one here: a missing
  // name is said at its field together with the other fields' problems.
  const postedName = posted.get("name");
  const givenName = typeof postedName === "string" ? postedName.trim() : "";
  const nameRefused = hasOwnName(user.name) ? null : nameProblem(givenName);
  const nameError = nameRefused ? { name: renderRefusal(nameRefused) } : undefined;
  if (submission.status !== "success") return data({ result: replyRefused(submission, { fieldErrors: nameError }) }, { status: 400 });
  const refused = (formError: string, status: number, fieldErrors?: Record<string, string>) =>
    data({ result: replyRefused(submission, { formError, fieldErrors }) }, { status });
  const methods = await getCheckoutMethods();
  if (!methods.some((m) => m.key === submission.value.paymentMethod)) return refused(sayRefusal("checkout.payment_method"), 400);
  if (nameError) return refused(nameError.name, 400, nameError);
  const name = hasOwnName(user.name) ? user.name : ((await giveNameIfMissing(user.id, givenName)) ?? givenName);
  try {
    const buyer = { id: user.id, name, email: user.email };
    const { orderId } = await placeOrder(buyer, submission.value, { ip: clientAddress(request) });
    await keepAddress(user, submission.value);
    // The cart's cookie goes with the order (the page that confirms it empties the browser's cart):
    // an order sent without scripts is not drawn again at the next checkout.
    return redirect(`/order-confirmation/${orderId}?placed=1`, {
      headers: { "Set-Cookie": `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` },
    });
  } catch (error) {
    if (error instanceof OrderRefused) {
      const message = renderRefusal(error.refusal);
      return refused(message, error.status, error.field ? { [error.field]: message } : {});
    }
    if (error instanceof RefusalError) return refused(renderRefusal(error.refusal), error.status);
    log.error({ err: error }, "placing an order failed");
    return refused(sayRefusal("checkout.failed"), 503);
  }
}

/**
 * The order goes to the server's action as before. When no answer comes at all (offline, or the
 * connection dropped on the way), the page stays as it is, the cart and what was typed kept, and
 * says why: a 503, so nothing is fetched again without a network. Sending again is safe: the
 * checkout key makes a repeated order the first one.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError || (error instanceof Error && error.message === "Unable to decode turbo-stream response")))
      throw error;
    // What data(…, { status: 503 }) makes, written out (React Router knows it by its shape): data()
    // itself in the browser would be one more export of the framework chunk, which renumbers every
    // chunk's imports: ~30 B more first-load JavaScript on every page (decision 007).
    const connectionLost: DataWithResponseInit<{ connectionLost: true }> = {
      type: "DataWithResponseInit",
      data: { connectionLost: true },
      init: { status: 503 },
    };
    return connectionLost;
  }
}

/**
 * Each field's first error in the server's reply, by the field's name ("" holds the form's own). Read
 * here without Conform's hooks, which would add ~7 KB to a shopper's checkout for nothing this page
 * uses: it validates nothing in the browser (decision 038).
 */
function replyErrors(result: SubmissionResult<string[]> | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) out[name] = messages?.[0];
  return out;
}

/** A form's chosen value for a name: a radio group's checked one, a select's; "" when none. */
function chosenValue(fields: HTMLFormControlsCollection, name: string): string {
  const field = fields.namedItem(name);
  if (field instanceof RadioNodeList || field instanceof HTMLSelectElement) return field.value;
  if (field instanceof HTMLInputElement && field.type === "radio") return field.checked ? field.value : "";
  return "";
}

/** What is wrong with the name a mobile account gives at checkout: none, a number for one, or too long. */
function nameProblem(given: string) {
  if (given.length > FIELD_MAX.name) return refusal("account.name_too_long", { max: FIELD_MAX.name });
  return hasOwnName(given) ? null : refusal("account.name_missing");
}

/** The order's address becomes the saved default, offered first next time; the order stands if this fails. */
async function keepAddress(user: { id: string; address: Address }, { street, city, state, pincode }: Address) {
  try {
    await rememberAddress(user.id, { street, city, state, pincode }, { accountAddress: user.address });
  } catch (error) {
    log.error({ err: error }, "keeping a checkout's address failed");
  }
}

const METHOD_KEYS = {
  card: "ui_checkout_method_card",
  upi: "ui_checkout_method_upi",
  cod: "ui_checkout_method_cod",
  bank_transfer: "ui_checkout_method_bank_transfer",
} as const;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const stateLabel = useStateName();
  const { methods, mustVerify, addresses, cart } = loaderData;
  // The store's own methods in the page's language; a method the admin added keeps its given name.
  const methodLabel = (m: { key: string; label: string }) =>
    m.key in METHOD_KEYS ? t(METHOD_KEYS[m.key as keyof typeof METHOD_KEYS]) : m.label;
  const { user } = useRootData();
  const hydrated = useHydrated();
  // The form and the order's lines: in the server's HTML when it knew the cart (its cookie), else drawn
  // once hydrated from this browser's cart, as a transition: React draws them in slices between which
  // a tap is answered, not in one long task that freezes a budget phone (issue 30).
  const [drawn, setDrawn] = useState(!!cart);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  const online = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const { lines, checked } = useCartQuote(cart);
  const checkoutKey = useCheckoutKey(loaderData.checkoutKey);
  const [chosen, setPayment] = useState<string>(methods[0]?.key ?? "");
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The delivery State decides CGST + SGST or IGST: followed as it is chosen or filled from the pincode.
  const [stateName, setStateName] = useState(user?.address.state ?? "");
  // A saved address (the default, chosen last, first) or "new": the fields below start from the choice.
  // Until the customer picks one it follows the page's data: a guest who signs in here (the dialog)
  // gets their saved addresses with the revalidated page, and the first is offered, not an empty form.
  const [pickedAddress, setAddressChoice] = useState<string | null>(null);
  const addressChoice = pickedAddress ?? addresses[0]?.id ?? "new";
  const chosenAddress = addressChoice === "new" ? undefined : (addresses.find((a) => a.id === addressChoice) ?? user?.address);
  // A coupon (issue 31): typed, then applied (the server answers what it gives, or why not); without
  // scripts it goes with the order, and the order's refusal is said at the field.
  const [coupon, setCoupon] = useState("");
  const lookup = useFetcher<{ check: DeliveryCheck; refused?: string[] }>();
  const check = lookup.data?.check ?? loaderData.savedCheck ?? undefined;
  // Products that cannot go to the pincode's State (a seller's licence States, a subsidised fertiliser).
  const refusedHere = (lookup.data ? lookup.data.refused : loaderData.savedRefused) ?? [];
  // An offer limited to pincodes is judged on the delivery pincode once it is known to be delivered to.
  const { offers, couponError } = useCartOffers(lines, stateName, coupon, check?.kind === "delivers" ? check.pincode : "");
  // The field is the browser's own (uncontrolled), read when the code is applied: a code typed on a
  // slow phone before the page's scripts ran stays in it through every render, and Apply applies it.
  const applyCoupon = (form: HTMLFormElement | null) => {
    const field = form?.elements.namedItem("couponCode");
    if (field instanceof HTMLInputElement) setCoupon(field.value.trim());
  };
  const { priced, shownOffers, config, known } = useCartPricing(lines, stateName, offers);
  const fields = replyErrors(actionData && "result" in actionData ? actionData.result : undefined);
  const blocked = lines.some((l) => l.outOfStock);

  // The pincode is looked up as it is typed: the State is filled from it, and where or above what
  // total cash on delivery is not taken, it is not offered (the server refuses it too).
  const form = useRef<HTMLFormElement>(null);
  const ids = quoteIds(lines);
  // The pincode last looked up: the saved one when the server drew the page with its answer.
  const lookedUp = useRef(loaderData.savedCheck ? (user?.address.pincode ?? "") : "");
  const lookUp = (pincode: string) => {
    if (!/^[1-9][0-9]{5}$/.test(pincode.trim())) return;
    lookedUp.current = pincode.trim();
    void lookup.load(`/resources/delivery?pin=${pincode.trim()}&ids=${encodeURIComponent(ids)}`);
  };
  // The cart changed (a line removed): what cannot go there is asked again.
  const askedFor = useRef(ids);
  useEffect(() => {
    if (askedFor.current === ids) return;
    askedFor.current = ids;
    if (lookedUp.current) lookUp(lookedUp.current);
  });
  // The saved address's pincode is looked up once, when the page opens; typing looks up the rest.
  const savedPincode = user?.address.pincode ?? "";
  const lookedUpSaved = useRef(!!loaderData.savedCheck);
  useEffect(() => {
    if (lookedUpSaved.current || !savedPincode) return;
    lookedUpSaved.current = true;
    lookUp(savedPincode);
  });
  useEffect(() => {
    const state = form.current?.elements.namedItem("state");
    if (check && check.kind !== "invalid" && check.kind !== "unknown" && state instanceof HTMLSelectElement) {
      fillFromPincode(form.current, check.place);
      setStateName(check.place.state);
    }
  }, [check]);
  // The server drew the form and its scripts waited for the customer (issue 30): what they chose before
  // the scripts ran (a payment method, a saved address, a State) is where React starts, before anything
  // is drawn again: React would otherwise put its own choice back, and the order would go with it.
  useLayoutEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const method = chosenValue(fields, "paymentMethod");
    if (method) setPayment(method);
    const address = chosenValue(fields, "addressChoice");
    if (address) setAddressChoice(address);
    const state = chosenValue(fields, "state");
    if (state) setStateName(state);
  }, []);
  const total = priced.total;
  const noCod =
    check?.kind === "delivers" && (!check.cod || total > check.codMaxPaise)
      ? check.cod
        ? t("ui_checkout_cod_over_cap", { amount: formatPaise(check.codMaxPaise) })
        : t("ui_checkout_no_cod_here", { pincode: check.pincode })
      : null;
  const offered = noCod ? methods.filter((m) => m.key !== "cod") : methods;
  const payment = offered.some((m) => m.key === chosen) ? chosen : (offered[0]?.key ?? "");
  const undeliverable = check?.kind === "unknown" || check?.kind === "unserved" || refusedHere.length > 0;

  // Spec §2: an empty cart goes back to /cart; a guest sees the login dialog.
  useEffect(() => {
    if (hydrated && lines.length === 0 && navigation.state === "idle") navigate("/cart", { replace: true });
  }, [hydrated, lines.length, navigation.state, navigate]);
  // Opened once per visit: a guest who closes it is not trapped behind a dialog that reopens (the
  // page behind a modal is inert); the Login/Register links below and in the header reopen it.
  const prompted = useRef(false);
  useEffect(() => {
    if (!hydrated || user || prompted.current) return;
    prompted.current = true;
    if (!location.search.includes("auth=")) navigate("/checkout?auth=login", { replace: true, preventScrollReset: true });
  }, [hydrated, user, location.search, navigate]);

  if (!drawn || lines.length === 0) {
    // A screen tall, so that the footer waits below it: the form that replaces this moves nothing in
    // view (it moved the footer up the screen and back, a layout shift of 0.62 on a phone).
    return (
      <div className="mx-auto min-h-screen max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t("ui_checkout_title")}</h1>
        <p className="mt-6 text-stone-600">{t("ui_checkout_loading_cart")}</p>
      </div>
    );
  }

  const items = JSON.stringify(
    lines.map((l) => ({
      productId: l.product.id,
      ...(l.product.variantId ? { variantId: l.product.variantId } : {}),
      quantity: l.quantity,
    })),
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t("ui_checkout_title")}</h1>
      {user && mustVerify ? (
        <div className="mt-4">
          <VerifyEmailBanner email={user.email} reason={t("ui_checkout_verify_reason")} />
        </div>
      ) : null}
      <Form
        ref={form}
        method="post"
        noValidate
        className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]"
        onChange={(event) => {
          const target = event.target;
          if (target instanceof HTMLSelectElement && target.name === "state") setStateName(target.value);
        }}
      >
        <input type="hidden" name="items" value={items} />
        <input type="hidden" name="checkoutKey" value={checkoutKey} />
        <div className="space-y-6">
          <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="customer-title">
            <h2 id="customer-title" className="text-lg font-bold text-stone-900">
              {t("ui_checkout_customer_title")}
            </h2>
            {user ? (
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {hasOwnName(user.name) ? (
                  <div>
                    <p className="text-sm font-medium text-stone-600">{t("ui_checkout_name")}</p>
                    <p className="font-semibold text-stone-900">{user.name}</p>
                  </div>
                ) : (
                  <TextField
                    label={t("ui_checkout_name")}
                    name="name"
                    required
                    autoComplete="name"
                    maxLength={FIELD_MAX.name}
                    hint={t("ui_checkout_name_hint")}
                    error={fields.name}
                  />
                )}
                <div>
                  <p className="text-sm font-medium text-stone-600">{t("ui_checkout_email")}</p>
                  <p className="break-all font-semibold text-stone-900">{shownContact(user).email ?? t("ui_checkout_no_email")}</p>
                </div>
                <TextField
                  label={t("ui_checkout_phone")}
                  name="phone"
                  type="tel"
                  required
                  autoComplete="tel"
                  maxLength={FIELD_MAX.phone}
                  placeholder="+91 98765 43210"
                  defaultValue={user.phone}
                  error={fields.phone}
                />
              </div>
            ) : (
              <>
                <p className="mt-3 text-stone-700">{t("ui_checkout_log_in_first")}</p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <Link
                    to={authDialogHref(location, "login")}
                    preventScrollReset
                    replace
                    className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
                  >
                    {t("ui_checkout_login")}
                  </Link>
                  <Link
                    to={authDialogHref(location, "register")}
                    preventScrollReset
                    replace
                    className="rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold text-stone-800"
                  >
                    {t("ui_checkout_register")}
                  </Link>
                </div>
              </>
            )}
          </section>

          <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="address-title">
            <h2 id="address-title" className="text-lg font-bold text-stone-900">
              {t("ui_checkout_address_title")}
            </h2>
            {user && addresses.length ? (
              <fieldset disabled={submitting} className="mt-4" data-testid="checkout-saved-addresses">
                <legend className="text-sm font-medium text-stone-800">{t("ui_checkout_deliver_to")}</legend>
                <div className="mt-2 grid gap-2">
                  {[...addresses, { id: "new" }].map((a) => (
                    <label
                      key={a.id}
                      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${addressChoice === a.id ? "border-brand-600 bg-brand-50" : "border-stone-300"}`}
                    >
                      <input
                        type="radio"
                        name="addressChoice"
                        value={a.id}
                        checked={addressChoice === a.id}
                        onChange={() => {
                          setAddressChoice(a.id);
                          setStateName("pincode" in a ? a.state : "");
                          if ("pincode" in a) lookUp(a.pincode);
                        }}
                        className="mt-1 h-4 w-4 shrink-0 accent-green-700"
                      />
                      <span className="break-words text-stone-900">
                        {"pincode" in a ? addressLine(a, stateLabel) : t("ui_checkout_new_address")}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <fieldset
              disabled={!user || submitting}
              className="mt-4 grid gap-4 sm:grid-cols-2"
              key={`${user?.id ?? "guest"}:${addressChoice}`}
            >
              <AddressFields values={chosenAddress} errors={fields} pincodeHint={t("ui_checkout_pincode_hint")} onPincodeChange={lookUp} />
            </fieldset>
            <div role="status">
              {check && check.kind !== "invalid" ? <DeliveryAnswer check={check} id="checkout-delivery" refused={refusedHere} /> : null}
            </div>
          </section>

          <section className="rounded-xl border border-stone-200 bg-white p-5">
            <fieldset disabled={!user || submitting}>
              <legend className="text-lg font-bold text-stone-900">{t("ui_checkout_payment_title")}</legend>
              {offered.length === 0 ? <p className="mt-3 font-medium text-red-700">{t("ui_checkout_no_methods")}</p> : null}
              <div className="mt-4 grid gap-2">
                {offered.map((m) => (
                  <label
                    key={m.key}
                    className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 ${payment === m.key ? "border-brand-600 bg-brand-50" : "border-stone-300"}`}
                  >
                    <input
                      type="radio"
                      name="paymentMethod"
                      value={m.key}
                      checked={payment === m.key}
                      onChange={() => setPayment(m.key)}
                      className="h-4 w-4 accent-green-700"
                    />
                    <span className="font-medium text-stone-900">{methodLabel(m)}</span>
                  </label>
                ))}
              </div>
              {methods.find((m) => m.key === payment)?.instructions ? (
                <p className="mt-3 text-sm text-stone-600" data-testid="payment-instructions">
                  {methods.find((m) => m.key === payment)?.instructions}
                </p>
              ) : null}
              {noCod && methods.some((m) => m.key === "cod") ? (
                <p className="mt-3 text-sm font-medium text-amber-900" data-testid="no-cod">
                  {noCod}
                </p>
              ) : null}
              {fields.paymentMethod ? <p className="mt-3 text-sm font-medium text-red-700">{fields.paymentMethod}</p> : null}
            </fieldset>
          </section>

          {loaderData.business ? (
            <section className="rounded-xl border border-stone-200 bg-white p-5">
              <fieldset disabled={!user || submitting}>
                <legend className="text-lg font-bold text-stone-900">{t("ui_checkout_invoice_title")}</legend>
                <label className="mt-3 flex items-start gap-3">
                  <input
                    type="checkbox"
                    name="business"
                    value="1"
                    defaultChecked
                    aria-describedby={fields.business ? "checkout-business-error" : undefined}
                    className="mt-1 h-4 w-4 accent-green-700"
                  />
                  <span className="text-stone-900">
                    {t("ui_checkout_invoice_business", { name: loaderData.business.legalName, gstin: loaderData.business.gstin })}
                  </span>
                </label>
                {fields.business ? (
                  <p id="checkout-business-error" className="mt-3 text-sm font-medium text-red-700">
                    {fields.business}
                  </p>
                ) : null}
              </fieldset>
            </section>
          ) : null}
        </div>

        <div>
          <OrderSummary priced={priced} config={config} split={known} offers={shownOffers}>
            <div className="mt-4 border-t border-stone-200 pt-3" data-testid="checkout-coupon">
              <TextField
                label={t("ui_checkout_coupon_label")}
                name="couponCode"
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                onKeyDown={(event) => {
                  // Enter here applies the code; it does not place the order.
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  applyCoupon(event.currentTarget.form);
                }}
                error={fields.couponCode ?? (coupon && couponError ? couponError : undefined)}
                hint={t("ui_checkout_coupon_hint")}
              />
              <button
                type="button"
                onClick={(event) => applyCoupon(event.currentTarget.form)}
                className="mt-2 h-11 rounded-lg border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50"
              >
                {t("ui_checkout_coupon_apply")}
              </button>
            </div>
            <ul className="mt-4 space-y-2 border-t border-stone-200 pt-3 text-sm" aria-label={t("ui_checkout_items")}>
              {lines.map((l, i) => (
                <li key={lineKey(l.product)} className="flex justify-between gap-3">
                  <span className="text-stone-700">
                    {lineName(l.product)} × {l.quantity}
                  </span>
                  <span className="shrink-0 font-medium">{formatPaise(shownAmounts(l, priced.breakdown.lines[i], config).total)}</span>
                </li>
              ))}
            </ul>
            {!online ? (
              <p
                role="status"
                className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
                data-testid="checkout-offline"
              >
                {t("ui_checkout_offline")}
              </p>
            ) : actionData && "connectionLost" in actionData ? (
              <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="checkout-offline">
                {t("ui_checkout_connection_lost")}
              </p>
            ) : fields[""] ? (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                {fields[""]}
              </p>
            ) : null}
            {blocked ? <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">{t("ui_checkout_blocked")}</p> : null}
            <button
              type="submit"
              disabled={submitting || !online || !user || mustVerify || !checked || blocked || !payment || undeliverable}
              className="mt-4 flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
            >
              <Lock className="h-4 w-4" aria-hidden="true" />
              {submitting ? t("ui_checkout_placing") : user ? t("ui_checkout_place") : t("ui_checkout_login_to_place")}
            </button>
            <p className="mt-2 text-center text-xs text-stone-600">{t("ui_checkout_server_confirms")}</p>
          </OrderSummary>
        </div>
      </Form>
    </div>
  );
}
