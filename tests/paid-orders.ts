import { afterAll, beforeAll } from "vitest";
import { type RunningFakeGateway, startFakeGateway } from "../server/fake-gateway/fake-gateway";
import { getDb } from "~/platform/db/db.server";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { shipOrder } from "~/features/orders/server/ship-order.server";
import { confirmRazorpayCheckout } from "~/features/payments/server/confirm-payment.server";
import { startPayment } from "~/features/payments/server/start-payment.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { checkoutInput, setEnv } from "./factories";

/**
 * Orders paid for real in service tests: the local fake gateway (its HTTP API on a free port) with
 * Razorpay switched on, started once per test file. Nothing of ours is mocked.
 */
export function withFakeGateway() {
  const handle: { fake?: RunningFakeGateway } = {};
  beforeAll(async () => {
    handle.fake = await startFakeGateway({ port: 0 });
    handle.fake.control.setWebhooksPaused(true);
    setEnv({
      RAZORPAY_API_BASE: `${handle.fake.url}/razorpay`,
      STRIPE_API_BASE: handle.fake.url,
      RAZORPAY_CHECKOUT_JS: `${handle.fake.url}/razorpay/checkout.js`,
    });
    await savePaymentMethod("razorpay", {
      enabled: "on",
      apiKey: "rzp_test_returns",
      secretKey: "rzp-secret-for-returns-tests",
      webhookSecret: "rzp-webhook-for-returns-tests",
    });
  });
  afterAll(async () => {
    handle.fake?.control.abortDeliveries();
    await handle.fake?.close();
  });
  return {
    get control() {
      if (!handle.fake) throw new Error("the fake gateway has not started");
      return handle.fake.control;
    },
  };
}

type Customer = { id: string; name: string; email: string };
type Items = { productId: string; quantity: number }[];

/** A UPI order paid through the fake gateway (so confirmed, with its invoices). */
export async function paidUpiOrder(gateway: ReturnType<typeof withFakeGateway>, customer: Customer, items: Items) {
  const { orderId } = await placeOrder(customer, checkoutInput(items, { paymentMethod: "upi" }));
  const start = await startPayment(orderId, customer.id);
  if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
  const { callback } = gateway.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success", method: "upi" });
  await confirmRazorpayCheckout(callback, customer.id);
  return orderId;
}

/** Moves an order on through each status to `to` (as an admin), from wherever it is. */
export async function advanceOrder(orderId: string, to: "confirmed" | "shipped" | "delivered", adminId: string) {
  const path = ["pending", "confirmed", "shipped", "delivered"] as const;
  const row = await getDb().selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  for (const status of path.slice(path.indexOf(row.status as (typeof path)[number]) + 1, path.indexOf(to) + 1)) {
    // Shipping takes a courier and tracking (every seller's lines in one parcel here).
    if (status === "shipped")
      await shipOrder({ role: "admin", id: adminId }, { orderId, courier: "India Post", tracking: "EE123456789IN" });
    else await changeOrderStatus(orderId, status, adminId);
  }
}

/** Sets when an order was delivered (its delivered event), for tests of the return window. */
export async function deliveredOn(orderId: string, at: string) {
  await getDb()
    .updateTable("order_event")
    .set({ created_at: at })
    .where("order_id", "=", orderId)
    .where("status", "=", "delivered")
    .execute();
}

export const orderRow = (id: string) => getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
export const refundsOf = (orderId: string) =>
  getDb().selectFrom("refund").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();
export const eventsOf = (orderId: string) =>
  getDb().selectFrom("order_event").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
export const stockOf = async (productId: string) =>
  Number((await getDb().selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock);
