import { createHmac } from "node:crypto";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGateway, type RunningFakeGateway } from "../../../../server/fake-gateway/fake-gateway";
import { checkoutInput, createCustomer, createProduct, setEnv } from "../../../../tests/factories";
import { OrderCardProgress } from "~/features/orders/ui/order-card-progress";
import { PaymentPanel } from "~/features/payments/ui/payment-panel";
import { getDb } from "~/platform/db/db.server";
import type { Locale } from "~/platform/i18n/locale-core";
import { shownPaymentNotice } from "~/features/payments/domain/payments";
import { uiMessages } from "~/platform/i18n/i18n.server";
import { listOrderProgress } from "~/features/orders/server/order-progress.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { getOrderPayment } from "./order-payment.server";
import { expireUnpaidOrder } from "./payment-sweep.server";
import { sendDueRefunds } from "./refunds.server";
import { startPayment } from "./start-payment.server";
import { handleRazorpayWebhook } from "./webhooks.server";

/**
 * A payment that arrives after its order was cancelled is refunded; the customer's order page and
 * My Orders must say so (late, being refunded / refunded), in English and Hindi, and never that the
 * payment was received or the order paid. Loader data from the services, rendered by the page's components.
 */
const RZP_WEBHOOK = "rzp-webhook-late-display";
let fake: RunningFakeGateway;

beforeAll(async () => {
  fake = await startFakeGateway({ port: 0 });
  fake.control.setWebhooksPaused(true);
  setEnv({
    RAZORPAY_API_BASE: `${fake.url}/razorpay`,
    STRIPE_API_BASE: fake.url,
    RAZORPAY_CHECKOUT_JS: `${fake.url}/razorpay/checkout.js`,
  });
  await savePaymentMethod("razorpay", { enabled: "on", apiKey: "rzp_test_late", secretKey: "rzp-secret-late", webhookSecret: RZP_WEBHOOK });
});
afterAll(async () => {
  fake.control.abortDeliveries();
  await fake.close();
});

/** Server-rendered markup under the storefront layout's strings in `locale`. */
function render(element: ReactElement, locale: Locale) {
  const Stub = createRoutesStub([{ id: "root", path: "/", children: [{ path: "order-confirmation/*", Component: () => element }] }]);
  const hydrationData = { loaderData: { root: { locale, ui: uiMessages(locale) } } };
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/order-confirmation/x"], hydrationData })).replace(/&#x27;/g, "'");
}

/** The order page's payment panel and the My Orders card, from what their loaders return. */
async function pages(orderId: string, userId: string, locale: Locale) {
  const payment = await getOrderPayment(orderId, userId);
  const progress = (await listOrderProgress(userId, [orderId]))[orderId];
  if (!payment || !progress) throw new Error("not the customer's order");
  const ui = uiMessages(locale);
  // The customer came back from Razorpay with ?payment=done (the webhook had applied it first: "already").
  const notice = shownPaymentNotice("done", "cancelled", payment.strays);
  const panel = render(
    createElement(PaymentPanel, { ...payment, notice: notice === "late" ? ui.ui_orders_notice_late : notice ? "RECEIVED" : null }),
    locale,
  );
  const card = render(
    createElement(OrderCardProgress, { order: { id: orderId, status: "cancelled", total: payment.totalPaise }, progress }),
    locale,
  );
  return { panel, card, notice, ui };
}

describe("a late payment", () => {
  it("that is refunded reads as late and being refunded, then refunded, on the order page and in My Orders, never as received", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ pricePaise: 45_000, stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "upi" }));
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    await getDb()
      .updateTable("orders")
      .set({ payment_due_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", orderId)
      .execute();
    expect(await expireUnpaidOrder(orderId)).toBe(true);

    // The customer pays anyway; the gateway is down when the store sends the refund, so it waits.
    fake.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success" });
    const captured = fake.control.events().findLast((e) => e.type === "payment.captured");
    if (!captured) throw new Error("no capture");
    fake.control.setOutage(true);
    const signature = createHmac("sha256", RZP_WEBHOOK).update(captured.body).digest("hex");
    const headers = new Headers({ "x-razorpay-signature": signature, "x-razorpay-event-id": captured.id });
    expect(await handleRazorpayWebhook(captured.body, headers)).toEqual({ status: 200, body: "refunding" });
    const amount = `₹${(start.options.amount / 100).toLocaleString("en-IN")}`;

    const refunding = await pages(orderId, customer.id, "en");
    expect(refunding.notice).toBe("late");
    for (const html of [refunding.panel, refunding.card]) {
      expect(html).toContain(`Your payment of ${amount} arrived after this order was cancelled: it is being refunded in full.`);
      expect(html).not.toContain("Paid ₹");
      expect(html).not.toContain(refunding.ui.ui_orders_notice_done);
    }
    expect(refunding.panel).toContain(refunding.ui.ui_orders_notice_late);
    const hindi = await pages(orderId, customer.id, "hi");
    for (const html of [hindi.panel, hindi.card]) {
      expect(html).toContain(`आपका ${amount} का भुगतान इस ऑर्डर के रद्द होने के बाद मिला: इसका पूरा रिफ़ंड किया जा रहा है।`);
      expect(html).not.toContain("का भुगतान हुआ");
      expect(html).not.toContain(hindi.ui.ui_orders_notice_done);
    }

    fake.control.setOutage(false);
    await sendDueRefunds(new Date(Date.now() + 2 * 60_000));
    const refunded = await pages(orderId, customer.id, "en");
    for (const html of [refunded.panel, refunded.card]) {
      expect(html).toContain(`Your payment of ${amount} arrived after this order was cancelled: it was refunded in full.`);
      expect(html).not.toContain("Paid ₹");
    }
    const hindiRefunded = await pages(orderId, customer.id, "hi");
    expect(hindiRefunded.card).toContain(`आपका ${amount} का भुगतान इस ऑर्डर के रद्द होने के बाद मिला: इसका पूरा रिफ़ंड हो गया है।`);
  });
});
