import type { Page } from "@playwright/test";
import { createProduct, loginAsAdmin, moveOrder, ORIGIN, placeCustomerOrder } from "./admin-helpers";
import { expect, test, waitForHydration } from "./fixtures";
import { expectNoHorizontalScroll } from "./helpers";
import { toasts } from "./toast-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/*
 * Cancellations and returns (issue 15) on the shared server, with products of the tests' own: a
 * cash-on-delivery order is delivered, its customer asks to return one line (a reason from the list,
 * a bank account for the refund), an admin records the goods back and then the payout's UTR, and the
 * customer sees the refund; and a customer cancels a
 * pending order through the dialog. The new pages fit 390 px and a desktop; axe checks them in
 * accessibility.spec.ts.
 */

/** No sideways scrolling on a phone, then on a desktop (the page is reloaded at each width). */
async function expectFitsBothWidths(page: Page) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expectNoHorizontalScroll(page);
  }
}

test("a delivered cash-on-delivery order: the customer returns one line to a bank account, an admin records the goods back and the refund's UTR", async ({
  page,
  browser,
}) => {
  test.slow(); // two browser contexts, an order moved to delivered, several pages
  await loginAsAdmin(page);
  const tag = Date.now().toString(36);
  const neem = await createProduct(page, { name: `Neem Oil Spray ${tag}`, price: "236", stock: 20 });
  const gloves = await createProduct(page, {
    name: `Garden Gloves ${tag}`,
    price: "120",
    stock: 20,
    category: "tools",
    hsnCode: "61161000",
  });
  const shopper = await placeCustomerOrder(browser, [
    { product: neem, quantity: 2 },
    { product: gloves, quantity: 1 },
  ]);
  const customer = shopper.page;
  const shownId = formatOrderId(shopper.orderId);

  // Before delivery there is nothing to return.
  const early = await customer.request.post(`/orders/${shopper.orderId}/return`, {
    form: { lineId: "x".repeat(16), quantity: "1", reasonCode: "damaged", reason: "Too early", refundTo: "upi", upiId: "ramesh@okicici" },
    headers: ORIGIN,
    maxRedirects: 0,
  });
  expect(early.status()).toBe(409);
  await moveOrder(page, shopper.orderId, ["confirmed", "shipped", "delivered"]);

  // My Orders → Return items.
  await customer.goto("/orders");
  const card = customer.getByTestId("order-card").filter({ hasText: shownId });
  await expect(card.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await card.getByRole("link", { name: "Return items" }).click();
  await expect(customer).toHaveURL(new RegExp(`/orders/${shopper.orderId}/return$`));
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Return items");
  await waitForHydration(customer);

  // Each refusal beside its field, what was typed kept; nothing is written until all is right.
  const line = customer.getByTestId("return-line").filter({ hasText: neem.name });
  const send = () => line.getByRole("button", { name: "Request return" }).click();
  await line.getByLabel(/^How many to return/).fill("1");
  await line.getByLabel(/^Tell us what happened/).fill("no");
  await send();
  await expect(line.getByText("Please choose why you are returning it.")).toBeVisible();
  await expect(line.getByText("Please tell us why you are returning it (at least 3 characters).")).toBeVisible();
  await line.getByLabel(/^Why are you returning it/).selectOption({ label: "Arrived damaged or leaking" });
  await line.getByLabel(/^Tell us what happened/).fill("The bottle arrived cracked and leaking.");
  await send();
  await expect(
    line.getByText("This order was not paid online: choose where we send your refund, a UPI ID or a bank account."),
  ).toBeVisible();
  await line.getByRole("radio", { name: "Bank account" }).check();
  await line.getByLabel(/^Account number$/).fill("1234 5678 9012");
  await line.getByLabel(/^Account number again/).fill("123456789013");
  await line.getByLabel(/^IFSC/).fill("sbin0001234");
  await expect(line.getByTestId("ifsc-bank")).toHaveText("A branch of State Bank of India.");
  await line.getByLabel(/^Account holder's name/).fill("Ramesh Kumar");
  await send();
  await expect(line.getByText("The two account numbers are not the same. Please check them.")).toBeVisible();
  await line.getByLabel(/^Account number again/).fill("123456789012");
  await send();
  await expect(toasts(customer)).toContainText("Your return request has been sent.");
  await expect(line.getByTestId("return-stage")).toHaveText("Return requested");
  await expect(line).toContainText("Refund to: A/c ••••9012 · SBIN0001234");
  expect(await customer.content()).not.toContain("123456789012");
  await expectFitsBothWidths(customer);
  // The same in Hindi.
  await customer.goto(`/hi/orders/${shopper.orderId}/return`);
  await expect(customer.getByTestId("return-line").filter({ hasText: "वापसी का अनुरोध भेजा गया" })).toContainText(
    "रिफ़ंड यहाँ जाएगा: A/c ••••9012 · SBIN0001234",
  );

  // The admin's list of returns, from the sidebar: the bank details in full, for the one who pays.
  await page.goto("/admin/orders");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Returns" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Returns");
  const request = page.getByTestId("admin-return").filter({ hasText: shownId });
  await expect(request).toContainText(`Return of 1 × ${neem.name}`);
  await expect(request).toContainText("The bottle arrived cracked and leaking.");
  await expect(request).toContainText("Reason: Arrived damaged or leaking");
  await expect(request.getByTestId("payout-details")).toHaveText(
    "Send the refund to account 123456789012, IFSC SBIN0001234 (State Bank of India), in the name of Ramesh Kumar.",
  );
  await expectFitsBothWidths(page);
  const amount = /· (₹[\d,]+\.\d\d)/.exec((await request.getByText(`Return of 1 × ${neem.name}`).textContent()) ?? "")?.[1];
  expect(amount, "the return's amount").toBeTruthy();

  // No refund before the goods are back; then the goods, one back in stock; then the UTR.
  const returnId = (await request.locator('input[name="returnId"]').first().inputValue()) ?? "";
  const early2 = await page.request.post("/admin/returns", {
    form: { intent: "approve-return", returnId, payoutReference: "SBIN426123456789" },
    headers: ORIGIN,
    maxRedirects: 0,
  });
  expect(early2.status()).toBe(409);
  await waitForHydration(page);
  await request.getByLabel(/^How many can be sold again/).fill("1");
  await request.getByRole("button", { name: "Record item received" }).click();
  await expect(toasts(page)).toContainText("Goods received back: 1 put back in stock.");
  await expect(request.getByTestId("return-status")).toHaveText("Item received");
  await request.getByLabel(/^Payout reference/).fill("SBIN426123456789");
  await request.getByRole("button", { name: "Record refund" }).click();
  await expect(toasts(page)).toContainText(`Return approved: the refund of ${amount} is recorded.`);

  // Refunded: on the admin's order page, with its credit note.
  await page.goto(`/admin/orders/${shopper.orderId}`);
  const returns = page.getByRole("region", { name: "Returns and refunds" });
  await expect(returns.getByTestId("return-status")).toHaveText("Refunded");
  await expect(returns.getByTestId("admin-refund")).toContainText(`Refunded ${amount}`);
  await expect(returns).toContainText("SBIN426123456789");
  await expect(page.getByText(`Return approved: 1 × ${neem.name}, ${amount} refunded (reference SBIN426123456789)`)).toBeVisible();

  // The customer sees the refund and its reference on the order's page.
  await customer.goto(`/order-confirmation/${shopper.orderId}`);
  const refund = customer.getByTestId("refund");
  await expect(refund).toContainText(`Refunded ${amount}`);
  await expect(refund).toContainText("SBIN426123456789");
  await expect(customer.getByTestId("customer-return")).toContainText("Approved");
  await expect(customer.getByRole("link", { name: /Credit Note/ }).last()).toBeVisible();
  await expectFitsBothWidths(customer);
  await shopper.context.close();
});

test("a customer cancels a pending cash-on-delivery order through the dialog", async ({ page, browser }) => {
  test.slow();
  await loginAsAdmin(page);
  const product = await createProduct(page, {
    name: `Cancelled Sickle ${Date.now().toString(36)}`,
    price: "180",
    stock: 9,
    category: "tools",
  });
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 2 }]);
  const customer = shopper.page;

  await customer.goto("/orders");
  await waitForHydration(customer);
  const card = customer.getByTestId("order-card").filter({ hasText: formatOrderId(shopper.orderId) });
  const cancel = card.getByRole("button", { name: "Cancel order" });
  await cancel.click();
  const dialog = customer.getByRole("dialog", { name: `Cancel order #${formatOrderId(shopper.orderId)}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Nothing has been charged, so there is nothing to refund.");
  // The safe choice has the focus; Tab stays in the dialog; Escape closes it.
  await expect(dialog.getByRole("button", { name: "Keep order" })).toBeFocused();
  await customer.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Yes, cancel order" })).toBeFocused();
  await customer.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("order-status")).toHaveText("Pending");

  await cancel.click();
  await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(toasts(customer)).toContainText("Your order has been cancelled.");
  await expect(card.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(card.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

  // The stock came back, and the admin sees who cancelled.
  await page.goto(`/admin/orders/${shopper.orderId}`);
  await expect(page.getByTestId("admin-order-status")).toHaveText("Cancelled");
  await expect(page.getByText("Cancelled by the customer")).toBeVisible();

  // Without JavaScript: the confirmation page says why not any more, and a post is a 409 with the reason.
  await customer.goto(`/orders/${shopper.orderId}/cancel`);
  await expect(customer.getByRole("alert")).toHaveText("This order is already cancelled.");
  await expectFitsBothWidths(customer);
  const again = await customer.request.post(`/orders/${shopper.orderId}/cancel`, {
    form: { confirm: "yes" },
    headers: ORIGIN,
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("This order is already cancelled.");
  await shopper.context.close();
});

test("without JavaScript, a customer cancels on the confirmation page; someone else's order is not found", async ({ browser, page }) => {
  await loginAsAdmin(page);
  const product = await createProduct(page, {
    name: `No Script Hoe ${Date.now().toString(36)}`,
    price: "150",
    stock: 5,
    category: "tools",
  });
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 1 }]);
  const stranger = await placeCustomerOrder(browser, [{ product, quantity: 1 }]);
  expect((await stranger.page.goto(`/orders/${shopper.orderId}/cancel`))?.status()).toBe(404);
  expect((await stranger.page.goto(`/orders/${shopper.orderId}/return`))?.status()).toBe(404);
  await stranger.context.close();

  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await shopper.context.storageState() });
  const customer = await context.newPage();
  await customer.goto("/orders");
  const card = customer.getByTestId("order-card").filter({ hasText: formatOrderId(shopper.orderId) });
  await card.getByRole("link", { name: "Cancel order" }).click();
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`Cancel order #${formatOrderId(shopper.orderId)}?`);
  await customer.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(customer).toHaveURL(/\/orders$/);
  await expect(card.getByTestId("order-status")).toHaveText("Cancelled");
  await context.close();
  await shopper.context.close();
});
