import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { notMineToken } from "~/features/orders/server/assisted-orders.server";
import { payLink, payLinkPath, payLinkToken } from "~/features/orders/server/pay-link.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { loader as deskLoader, action as deskAction } from "~/routes/admin/assisted-order";
import { action as adminOrderAction } from "~/routes/admin/order";
import { loader as payLoader, action as payAction } from "~/routes/store/pay-link";
import { action as notMineAction } from "~/routes/store/not-mine";
import { action as callbackAction } from "~/routes/resources/razorpay-callback";
import { createProduct } from "../factories";
import { sizesOf } from "../sizes";
import { withFakeGateway } from "../paid-orders";
import { withRequestMemo } from "~/platform/request-memo.server";

/**
 * A phone order paid by the UPI link its SMS carries (issue 33, docs/decisions/063-phone-order-pay-link.md),
 * as the server runs the desk's page, the farmer's pay page and Razorpay's callback, paid through the
 * local fake gateway, on the engine the run is on.
 */
const engine = getDatabase().engine;
const ORIGIN = "http://localhost:3999";
const PASSWORD = "pay-link-pass-2026";
const DESK = "/admin/assisted-orders/new";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
const gateway = withFakeGateway();

async function staffMember(role: "support" | "catalogue") {
  const email = `link-${role}-${newId(8)}@angle.test`;
  const { id } = await createUserWithPassword({ name: `Link ${role}`, email, password: PASSWORD, role: "admin" });
  await getDb().updateTable("user").set({ staff_role: role }).where("id", "=", id).execute();
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

function args(request: Request, params: Record<string, string> = {}) {
  const url = new URL(request.url);
  return { request, url, params, context: new RouterContextProvider(), pattern: url.pathname } as never;
}
const get = (path: string, params: Record<string, string> = {}, cookie?: string) =>
  args(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }), params);
function post(path: string, fields: Record<string, string>, params: Record<string, string> = {}, cookie?: string) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  return args(request, params);
}

/** What a loader or action answered or threw: its status, its Location, and its data. */
async function run(fn: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await fn();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") ?? "", data: null as never };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { status: (result.init as ResponseInit | null)?.status ?? 200, location: "", data: result.data as never };
  }
  return { status: 200, location: "", data: result as never };
}

const mobileNumber = () => `8${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 900 + 100)}`;
const orderRow = (id: string) => getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const paymentsOf = async (orderId: string) =>
  (await getDb().selectFrom("payment").select("id").where("order_id", "=", orderId).execute()).length;
const smsOf = (dedupeKey: string) =>
  getDb().selectFrom("outbox").select(["recipient", "payload"]).where("dedupe_key", "=", dedupeKey).executeTakeFirst();

let support: Awaited<ReturnType<typeof staffMember>>;
let catalogue: Awaited<ReturnType<typeof staffMember>>;
let lines: string;

beforeAll(async () => {
  [support, catalogue] = await Promise.all([staffMember("support"), staffMember("catalogue")]);
  const product = await createProduct({ name: `DAP Granules ${newId(5)}`, pricePaise: 135_000, stock: 30 });
  const [size] = await sizesOf(product.id);
  if (!size) throw new Error("the product has no size");
  lines = `${product.id}~${size.id}.2`;
});

/** A new Hindi-speaking farmer added at the desk, and an order placed for them to pay by the link. */
async function linkOrder() {
  const mobile = mobileNumber();
  const added = await run(() =>
    deskAction(
      post(
        DESK,
        {
          intent: "add-farmer",
          name: "Sunita Patil",
          mobile,
          locale: "hi",
          street: "Gat 12, Shirur",
          city: "Pune",
          state: "Maharashtra",
          pincode: "411001",
        },
        {},
        support.cookie,
      ),
    ),
  );
  expect(added.status).toBe(303);
  const farmerId = new URL(added.location, ORIGIN).searchParams.get("farmer") ?? "";
  const page = await run(() => deskLoader(get(`${DESK}?farmer=${farmerId}&lines=${encodeURIComponent(lines)}`, {}, support.cookie)));
  const shown = page.data as { checkoutKey: string; payments: string[]; cart: { totals: { total: number } } };
  expect(shown.payments).toEqual(["cod", "link"]);
  const placed = await run(() =>
    deskAction(
      post(DESK, { intent: "place", farmer: farmerId, lines, checkoutKey: shown.checkoutKey, payment: "link" }, {}, support.cookie),
    ),
  );
  expect(placed.status).toBe(303);
  return { orderId: placed.location.replace("/admin/orders/", ""), mobile: `+91${mobile}`, total: shown.cart.totals.total };
}

const openPage = (orderId: string, token: string) => run(() => payLoader(get(`/orders/${orderId}/pay?t=${token}`, { orderId })));
const press = (orderId: string, token: string, fields: Record<string, string> = { intent: "pay" }) =>
  run(() => payAction(post(`/orders/${orderId}/pay?t=${token}`, fields, { orderId })));

describe(`a phone order paid by the SMS link (${engine})`, () => {
  it("a support user sends a new Hindi farmer a link; the farmer opens it without signing in and pays by UPI", async () => {
    const started = Date.now();
    const { orderId, mobile, total } = await linkOrder();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      placed_by: support.id,
      payment_method: "upi",
      status: "pending",
      payment_status: "awaiting_payment",
      locale: "hi",
    });
    expect(Number(order.total_paise)).toBe(total);
    // The stock is held as the checkout holds it for an online payment.
    const due = Date.parse(order.payment_due_at ?? "");
    expect(due).toBeGreaterThan(started + 29 * 60_000);
    expect(due).toBeLessThan(Date.now() + 31 * 60_000);

    // One SMS, in Hindi, with the amount, the time and the pay link (not the COD one).
    const sms = await smsOf(`assisted-pay-link:${orderId}`);
    expect(sms?.recipient).toBe(mobile);
    const text = JSON.parse(sms?.payload ?? "{}").text as string;
    expect(text).toContain("फ़ोन डेस्क");
    expect(text).toContain("UPI से भुगतान करें");
    expect(text).toContain("₹");
    expect(text).toContain(payLink(orderId, "hi"));
    expect(text).toContain(`/hi/orders/${orderId}/pay?t=`);
    expect(await smsOf(`assisted-order:${orderId}`)).toBeUndefined();

    // The page: no session, the good link shows the order; a forged one shows nothing (400).
    const token = payLinkToken(orderId);
    const open = await openPage(orderId, token);
    expect(open.status).toBe(200);
    const view = open.data as { state: string; order: { total: number; items: unknown[] }; payment: { payWith: string } };
    expect(view.state).toBe("open");
    expect(view.order.total).toBe(total);
    // Where it goes, without the street.
    expect(JSON.stringify(view)).not.toContain("Gat 12");
    expect(view.order.items).toHaveLength(1);
    expect(view.payment.payWith).toBe("razorpay");
    const forged = await openPage(orderId, `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`);
    expect(forged.status).toBe(400);
    expect(forged.data).toMatchObject({ state: "refused", message: renderRefusal(refusal("orders.pay_link")) });
    expect(forged.data).not.toHaveProperty("order");
    // The not-mine link's signature is for another purpose: it does not open the pay page.
    expect((await openPage(orderId, notMineToken(orderId))).status).toBe(400);
    expect((await press(orderId, "forged")).status).toBe(400);
    expect(await paymentsOf(orderId)).toBe(0);

    // Pay: Razorpay's options come back with a callback that returns to this page.
    const pay = await press(orderId, token);
    expect(pay.status).toBe(200);
    const options = (pay.data as { razorpay: { options: { order_id: string; amount: number; callback_url: string } } }).razorpay.options;
    expect(options.amount).toBe(total);
    expect(new URL(options.callback_url).searchParams.get("pay")).toBe(token);
    // The farmer pays on Razorpay's own page, which posts the signed result to the callback (no session).
    const { callback } = gateway.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", method: "upi" });
    const back = await run(() =>
      callbackAction(post(`/payments/razorpay/callback?pay=${token}`, callback as unknown as Record<string, string>)),
    );
    expect(back.status).toBe(303);
    expect(back.location).toBe(payLinkPath(orderId, "hi", "done"));
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });

    // The page now says it is paid, and paying again is refused with nothing written.
    const paid = await run(() => payLoader(get(back.location.replace(/^\/hi/, ""), { orderId })));
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({ state: "paid", notice: "done", notMineLink: null });
    const again = await press(orderId, token);
    expect(again.status).toBe(409);
    expect(await paymentsOf(orderId)).toBe(1);
  });

  it("another order's link does not open this one, and a callback without the link goes to the order page", async () => {
    const first = await linkOrder();
    const second = await linkOrder();
    expect((await openPage(first.orderId, payLinkToken(second.orderId))).status).toBe(400);
    expect((await press(first.orderId, payLinkToken(second.orderId))).status).toBe(400);
    expect(await paymentsOf(first.orderId)).toBe(0);

    // Paid through the order's own page (a signed-in farmer): the callback has no pay link to go back to.
    const pay = await press(second.orderId, payLinkToken(second.orderId));
    const options = (pay.data as { razorpay: { options: { order_id: string } } }).razorpay.options;
    const { callback } = gateway.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", method: "upi" });
    const back = await run(() =>
      callbackAction(post(`/payments/razorpay/callback?pay=${payLinkToken(first.orderId)}`, callback as unknown as Record<string, string>)),
    );
    expect(back.location).toBe(`/order-confirmation/${second.orderId}?payment=done`);
  });

  it("after its time runs out, or once cancelled by its not-mine link, the page says so and paying is refused", async () => {
    const { orderId } = await linkOrder();
    const token = payLinkToken(orderId);
    await getDb()
      .updateTable("orders")
      .set({ payment_due_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", orderId)
      .execute();
    expect((await openPage(orderId, token)).data).toMatchObject({ state: "expired", payment: null, notMineLink: null });
    const late = await press(orderId, token);
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({ error: renderRefusal(refusal("orders.pay_expired")) });
    expect(await paymentsOf(orderId)).toBe(0);

    const other = await linkOrder();
    const open = (await openPage(other.orderId, payLinkToken(other.orderId))).data as { notMineLink: string };
    // The page's way to refuse the order is the not-mine link of the same order.
    expect(open.notMineLink).toBe(`/hi/orders/${other.orderId}/not-mine?t=${notMineToken(other.orderId)}`);
    const cancelled = await run(() =>
      notMineAction(post(`/orders/${other.orderId}/not-mine`, { t: notMineToken(other.orderId) }, { orderId: other.orderId })),
    );
    expect(cancelled.status).toBe(200);
    expect((await openPage(other.orderId, payLinkToken(other.orderId))).data).toMatchObject({ state: "cancelled" });
    expect((await press(other.orderId, payLinkToken(other.orderId))).status).toBe(409);
    expect(await paymentsOf(other.orderId)).toBe(0);
  });

  it("the desk sends the link again (audited); a Catalogue user may not", async () => {
    const { orderId, mobile } = await linkOrder();
    const path = `/admin/orders/${orderId}`;
    const refused = await run(() => adminOrderAction(post(path, { intent: "resend-pay-link" }, { id: orderId }, catalogue.cookie)));
    expect(refused.status).toBe(403);
    // In a request's memo, as the server runs it: the guard keeps who acts there for the audit trail.
    const sent = await run(() =>
      withRequestMemo(() => adminOrderAction(post(path, { intent: "resend-pay-link" }, { id: orderId }, support.cookie))),
    );
    expect(sent.status).toBe(303);
    const again = await smsOf(`assisted-pay-link:${orderId}:1`);
    expect(again?.recipient).toBe(mobile);
    expect(JSON.parse(again?.payload ?? "{}").text).toContain(payLink(orderId, "hi"));
    const audit = await getDb()
      .selectFrom("audit_entry")
      .select(["actor_id", "changes"])
      .where("kind", "=", "order.pay_link_resend")
      .where("object_id", "=", orderId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(support.id);
    expect(JSON.parse(audit[0]?.changes ?? "{}")).toEqual({ pay_link_sms: [1, 2] });
  });

  it("with UPI switched off the desk offers no link, and a link order is refused with nothing written", async () => {
    const farmerMobile = mobileNumber();
    const added = await run(() =>
      deskAction(
        post(
          DESK,
          {
            intent: "add-farmer",
            name: "Off Line",
            mobile: farmerMobile,
            locale: "en",
            street: "x",
            city: "Pune",
            state: "Maharashtra",
            pincode: "411001",
          },
          {},
          support.cookie,
        ),
      ),
    );
    const farmerId = new URL(added.location, ORIGIN).searchParams.get("farmer") ?? "";
    await savePaymentMethod("razorpay", { apiKey: "rzp_test_returns" });
    try {
      const page = await run(() => deskLoader(get(`${DESK}?farmer=${farmerId}&lines=${encodeURIComponent(lines)}`, {}, support.cookie)));
      const shown = page.data as { checkoutKey: string; payments: string[] };
      expect(shown.payments).toEqual(["cod"]);
      const refused = await run(() =>
        deskAction(
          post(DESK, { intent: "place", farmer: farmerId, lines, checkoutKey: shown.checkoutKey, payment: "link" }, {}, support.cookie),
        ),
      );
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({ error: renderRefusal(refusal("orders.assisted_link_off")) });
      expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", farmerId).execute()).toEqual([]);
    } finally {
      await savePaymentMethod("razorpay", { enabled: "on", apiKey: "rzp_test_returns" });
    }
  });
});
