import { createHmac } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGateway, type RunningFakeGateway } from "../../server/fake-gateway/fake-gateway";
import { checkoutInput, createCustomer, createProduct, setEnv } from "../factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { startPayment } from "~/features/payments/server/start-payment.server";
import { handleRazorpayWebhook } from "~/features/payments/server/webhooks.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";

/**
 * A payment for another amount, as the admin meets it: listed on /admin/orders, shown on its
 * order's page, refunded once through the gateway from there (or settled with a note).
 */
const ORIGIN = "http://localhost:3999";
const RZP_WEBHOOK = "rzp-webhook-admin-stray";
let fake: RunningFakeGateway;
let adminCookie = "";

beforeAll(async () => {
  fake = await startFakeGateway({ port: 0 });
  fake.control.setWebhooksPaused(true);
  setEnv({
    RAZORPAY_API_BASE: `${fake.url}/razorpay`,
    STRIPE_API_BASE: fake.url,
    RAZORPAY_CHECKOUT_JS: `${fake.url}/razorpay/checkout.js`,
  });
  await savePaymentMethod("razorpay", {
    enabled: "on",
    apiKey: "rzp_test_admin",
    secretKey: "rzp-secret-admin",
    webhookSecret: RZP_WEBHOOK,
  });
  const email = `admin-${Date.now().toString(36)}@angle.test`;
  await createUserWithPassword({ name: "Payments Admin", email, password: "payments-admin-pass", role: "admin" });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "payments-admin-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  adminCookie = headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0] ?? "")
    .join("; ");
});
afterAll(async () => {
  fake.control.abortDeliveries();
  await fake.close();
});

const request = (path: string, fields?: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: fields ? "POST" : "GET",
    body: fields ? new URLSearchParams(fields) : undefined,
    headers: { cookie: adminCookie, origin: ORIGIN, ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
  });
const args = (path: string, params: Record<string, string>, fields?: Record<string, string>) => ({
  request: request(path, fields),
  params,
  context: new RouterContextProvider(),
});
/** The answer's status; any redirect (the toast's) reads as "redirect". */
const statusOf = (result: unknown) => {
  const status = result instanceof Response ? result.status : ((result as { init?: ResponseInit | null } | undefined)?.init?.status ?? 200);
  return status >= 300 && status < 400 ? "redirect" : status;
};

/** A UPI order paid at Razorpay for ₹1 less than its total; the webhook has recorded it. */
async function mismatchedOrder() {
  const customer = await createCustomer();
  const product = await createProduct({ pricePaise: 45_000, stock: 5 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "upi" }));
  const start = await startPayment(orderId, customer.id);
  if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
  const { payment } = fake.control.payRazorpayOrder({
    orderId: start.options.order_id,
    outcome: "success",
    amount: start.options.amount - 100,
  });
  const captured = fake.control.events().findLast((e) => e.type === "payment.captured");
  if (!captured) throw new Error("no capture");
  const headers = new Headers({
    "x-razorpay-signature": createHmac("sha256", RZP_WEBHOOK).update(captured.body).digest("hex"),
    "x-razorpay-event-id": captured.id,
  });
  expect(await handleRazorpayWebhook(captured.body, headers)).toEqual({ status: 200, body: "mismatch" });
  const stray = await getDb().selectFrom("stray_payment").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  return { orderId, stray, payment };
}

describe("a payment needing attention, on the admin's pages", () => {
  it("is listed on /admin/orders and its order's page, and refunded from there exactly once", async () => {
    const { orderId, stray, payment } = await mismatchedOrder();
    const list = await ordersLoader(args("/admin/orders", {}) as never);
    expect(list.attention.rows.map((r) => r.orderId)).toContain(orderId);
    const page = await orderLoader(args(`/admin/orders/${orderId}`, { id: orderId }) as never);
    expect(page.strays).toMatchObject([{ id: stray.id, state: "waiting", reason: "amount_mismatch", gatewayPaymentId: payment.id }]);

    const path = `/admin/orders/${orderId}`;
    const refund = () => orderAction(args(path, { id: orderId }, { intent: "stray-refund", strayId: stray.id }) as never);
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map(statusOf).sort()).toEqual([409, "redirect"]);
    expect([...fake.state.razorpay.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(statusOf(await refund())).toBe(409);
    const after = await orderLoader(args(path, { id: orderId }) as never);
    expect(after.strays).toMatchObject([{ id: stray.id, state: "refunded" }]);
    expect(after.aftercare?.refunds).toMatchObject([{ reason: "mismatched_payment", done: true }]);
    const listAfter = await ordersLoader(args("/admin/orders", {}) as never);
    expect(listAfter.attention.rows.map((r) => r.orderId)).not.toContain(orderId);
  });

  it("is settled with a note, refused without one, and never by someone who is not an admin", async () => {
    const { orderId, stray } = await mismatchedOrder();
    const path = `/admin/orders/${orderId}`;
    expect(
      statusOf(await orderAction(args(path, { id: orderId }, { intent: "stray-settle", strayId: stray.id, note: " " }) as never)),
    ).toBe(400);
    const customer = await createCustomer();
    const asCustomer = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "stray-refund", strayId: stray.id }),
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: `not-a-session=${customer.id}` },
    });
    await expect(
      orderAction({ request: asCustomer, params: { id: orderId }, context: new RouterContextProvider() } as never),
    ).rejects.toBeDefined();
    const settled = await orderAction(
      args(path, { id: orderId }, { intent: "stray-settle", strayId: stray.id, note: "Refunded from Razorpay's dashboard" }) as never,
    );
    expect(statusOf(settled)).toBe("redirect");
    expect(await getDb().selectFrom("stray_payment").select(["resolution", "note"]).where("id", "=", stray.id).executeTakeFirst()).toEqual({
      resolution: "settled",
      note: "Refunded from Razorpay's dashboard",
    });
    expect(await getDb().selectFrom("refund").select("id").where("order_id", "=", orderId).execute()).toHaveLength(0);
  });

  it("a refund the gateway refused is tried again from the order's page (its intent reaches the refunds, not the fulfilment forms)", async () => {
    const { orderId, stray, payment } = await mismatchedOrder();
    const path = `/admin/orders/${orderId}`;
    fake.control.setOutage(true);
    expect(statusOf(await orderAction(args(path, { id: orderId }, { intent: "stray-refund", strayId: stray.id }) as never))).toBe(
      "redirect",
    );
    fake.control.setOutage(false);
    const refund = await getDb().selectFrom("refund").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow();
    await getDb().updateTable("refund").set({ status: "failed" }).where("id", "=", refund.id).execute();
    expect(statusOf(await orderAction(args(path, { id: orderId }, { intent: "retry-refund", refundId: refund.id }) as never))).toBe(
      "redirect",
    );
    expect([...fake.state.razorpay.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(await getDb().selectFrom("refund").select("status").where("id", "=", refund.id).executeTakeFirst()).toEqual({
      status: "processed",
    });
  });
});
