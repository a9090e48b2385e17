import type { Page } from "@playwright/test";
import { test as base, expect, expectAccessible } from "./fixtures";
import { loginAs, placeOrder, SECATEURS, seedCart, waitForHydration } from "./helpers";
import { startPrivateStore } from "./private-store";
import { ADMIN, loginAsAdmin } from "./admin-helpers";
import { toasts } from "./toast-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/**
 * Real prepaid payments in the browser, against the local fake gateway the store starts itself
 * (FAKE_GATEWAY=on): a fresh store gets test keys for Razorpay and Stripe, as a fresh clone does.
 */
const test = base.extend<object, { store: { url: string } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("gateway", {
        FAKE_GATEWAY: "on",
        FAKE_GATEWAY_PORT: "0",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      await use({ url: store.url });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

/** A signed-in customer with one pack of secateurs in the cart places a prepaid order; returns its id. */
async function prepaidOrder(page: Page, store: { url: string }, method: "UPI Payment" | "Credit/Debit Card") {
  await loginAs(page, {}, store.url);
  await seedCart(page, [{ product: SECATEURS, quantity: 1 }]);
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("button", { name: "Place Order", exact: true }).click();
  await page.waitForURL(/\/order-confirmation\/[a-z0-9]+$/);
  const orderId = /\/order-confirmation\/([a-z0-9]+)$/.exec(page.url())?.[1] ?? "";
  await expect(page.getByTestId("payment-status")).toHaveText("Awaiting payment");
  await expect(page.getByTestId("order-status")).toHaveText("Pending");
  return orderId;
}

/** The order page's Payment section (not its "Payment summary"). */
const payment = (page: Page) => page.getByRole("region", { name: "Payment", exact: true });

test("UPI through Razorpay Checkout: paid, then confirmed with its invoice", { tag: "@postgres" }, async ({ page, store }) => {
  await prepaidOrder(page, store, "UPI Payment");
  await expectAccessible(page);
  await payment(page)
    .getByRole("button", { name: /^Pay ₹[\d,.]+ with UPI$/ })
    .click();
  const checkout = page.frameLocator('iframe[title="Payment"]');
  await checkout.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  await expect(payment(page).getByRole("status")).toHaveText("Thank you! Your payment is received.");
  await expect(page.getByRole("link", { name: /Tax Invoice/ })).toBeVisible();
  await expectAccessible(page);
});

test("a failed UPI payment can be tried again and paid", async ({ page, store }) => {
  await prepaidOrder(page, store, "UPI Payment");
  await payment(page)
    .getByRole("button", { name: /with UPI$/ })
    .click();
  const checkout = page.frameLocator('iframe[title="Payment"]');
  await checkout.getByRole("button", { name: "Fail payment" }).click();
  await expect(payment(page).getByRole("alert")).toHaveText("Your payment did not go through. No money was taken; please try again.");
  await expect(page.getByTestId("payment-status")).toHaveText("Payment failed");
  await page
    .getByRole("dialog", { name: /Razorpay checkout/ })
    .getByRole("button", { name: "Close" })
    .click();

  await payment(page)
    .getByRole("button", { name: /^Try again: Pay ₹[\d,.]+ with UPI$/ })
    .click();
  await page
    .frameLocator('iframe[title="Payment"]')
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
});

test("a card through Stripe Checkout's hosted page", async ({ page, store }) => {
  await prepaidOrder(page, store, "Credit/Debit Card");
  await payment(page)
    .getByRole("button", { name: /^Pay ₹[\d,.]+ by card$/ })
    .click();
  await expect(page.getByText("Test mode")).toBeVisible();
  // A declined card first: the page says so and nothing is recorded.
  await page.getByRole("button", { name: "Decline card" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByRole("button", { name: /^Pay ₹/ }).click();
  await page.waitForURL(/\/order-confirmation\/[a-z0-9]+\?payment=done$/);
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
});

/** Pays the order on its page with UPI in Razorpay's modal. */
async function payByUpi(page: Page) {
  await payment(page)
    .getByRole("button", { name: /with UPI$/ })
    .click();
  await page
    .frameLocator('iframe[title="Payment"]')
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
}

test("a customer cancels a paid order: it is refunded in full through the gateway", async ({ page, store }) => {
  const orderId = await prepaidOrder(page, store, "UPI Payment");
  await payByUpi(page);
  const total = (await page.getByTestId("order-total").textContent()) ?? "";

  await page.goto("/orders");
  await waitForHydration(page);
  const card = page.getByTestId("order-card").filter({ hasText: formatOrderId(orderId) });
  await card.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel order #${formatOrderId(orderId)}?` });
  await expect(dialog).toContainText(total);
  await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(toasts(page)).toContainText("Your order has been cancelled.");

  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(payment(page)).toContainText(`refunded ${total}`);
  await expect(page.getByTestId("refund")).toContainText(`Refunded ${total.replace(/^₹([\d,]+)$/, "₹$1.00")} for the cancelled order`);
  await expect(page.getByTestId("refund")).toContainText("to your original payment method");
});

test("a delivered order paid by UPI: a return is approved and refunded through the gateway", async ({ page, browser, store }) => {
  test.slow();
  const orderId = await prepaidOrder(page, store, "UPI Payment");
  await payByUpi(page);

  const admin = await (await browser.newContext({ baseURL: store.url })).newPage();
  await loginAsAdmin(admin, store.url);
  const moves: Record<string, string>[] = [
    { status: "shipped", courier: "Delhivery", tracking: "https://www.delhivery.com/track/package/1234567890" },
    { status: "delivered" },
  ];
  for (const form of moves) {
    const moved = await admin.request.post(`/admin/orders/${orderId}`, { form, headers: { origin: store.url }, maxRedirects: 0 });
    expect(moved.status(), `order ${form.status}`).toBe(303);
  }

  await page.goto(`/orders/${orderId}/return`);
  const line = page.getByTestId("return-line").filter({ hasText: SECATEURS.name });
  // One was bought: no quantity to choose; paid online: no UPI ID or bank account to give.
  await expect(line.getByTestId("refund-to")).toHaveCount(0);
  await line.getByLabel(/^Why are you returning it/).selectOption("damaged");
  await line.getByLabel(/^Tell us what happened/).fill("The blade arrived bent.");
  await line.getByRole("button", { name: "Request return" }).click();
  await expect(toasts(page)).toContainText("Your return request has been sent.");

  await admin.goto("/admin/returns");
  const request = admin.getByTestId("admin-return").filter({ hasText: formatOrderId(orderId) });
  await waitForHydration(admin);
  await request.getByRole("button", { name: "Record item received" }).click();
  await expect(toasts(admin)).toContainText("Goods received back");
  // Paid online: no payout reference to type; the gateway refunds it.
  await expect(request.getByLabel(/^Payout reference/)).toHaveCount(0);
  await request.getByRole("button", { name: /^Refund ₹/ }).click();
  await expect(toasts(admin)).toContainText("Return approved");

  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Partly refunded");
  await expect(page.getByTestId("refund")).toContainText("for returned items");
  await expect(page.getByTestId("refund")).toContainText("to your original payment method");
  await expect(page.getByTestId("customer-return")).toContainText("Approved");
  await admin.context().close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("Razorpay redirects and comes back through callback_url, so a lost page still completes", async ({ page, store }) => {
    const orderId = await prepaidOrder(page, store, "UPI Payment");
    await payment(page)
      .getByRole("button", { name: /with UPI$/ })
      .click();
    // The gateway's own page, at the top level (not a frame).
    await expect(page.getByText("Test mode")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/razorpay/pay");
    await page.getByRole("button", { name: /^Pay ₹/ }).click();
    // Its page posts the signed result to our callback from its own origin.
    await page.waitForURL(new RegExp(`/order-confirmation/${orderId}\\?payment=done$`));
    await expect(page.getByTestId("payment-status")).toHaveText("Paid");
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  });
});

test("cash on delivery stays offline, and a forged callback is refused", async ({ page, request, store }) => {
  await loginAs(page, {}, store.url);
  await seedCart(page, [{ product: SECATEURS, quantity: 1 }]);
  await page.goto("/checkout");
  const orderId = await placeOrder(page, "Cash on Delivery");
  await expect(page.getByTestId("payment-status")).toHaveText("Cash on delivery");
  await expect(payment(page).getByRole("button")).toHaveCount(0);
  expect(orderId).toMatch(/^[a-z0-9]+$/);

  const forged = await request.post(`${store.url}/payments/razorpay/callback`, {
    form: { razorpay_order_id: "order_doesnotexist00", razorpay_payment_id: "pay_forged000000", razorpay_signature: "0".repeat(64) },
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  const webhook = await request.post(`${store.url}/webhooks/razorpay`, {
    data: { event: "payment.captured" },
    headers: { "x-razorpay-signature": "0".repeat(64) },
  });
  expect(webhook.status()).toBe(401);

  // Only the pages that pay allow the gateway's origins, and exactly those.
  const gateway = /http:\/\/127\.0\.0\.1:\d+/;
  const policy = async (path: string) => (await page.request.get(`${store.url}${path}`)).headers()["content-security-policy"] ?? "";
  expect(await policy("/products")).not.toMatch(gateway);
  const paying = await policy(`/order-confirmation/${orderId}`);
  for (const directive of ["script-src", "frame-src", "connect-src", "form-action"]) {
    expect(paying, directive).toMatch(new RegExp(`${directive} [^;]*${gateway.source}`));
  }
  expect(paying).not.toContain("*");
});
