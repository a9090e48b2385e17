import type { Page } from "@playwright/test";
import { defined } from "../../app/platform/defined";
import { ADMIN, adminContext, createProduct, loginAsAdmin, paiseOf, placeCustomerOrder } from "./admin-helpers";
import { test as base, expect, waitForHydration } from "./fixtures";
import { todayInIndia } from "./helpers";
import { mailTo } from "./mail-helpers";
import { startPrivateStore } from "./private-store";
import { toasts } from "./toast-helpers";
import { approvedListing, registerVendorInUi } from "./vendor-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/*
 * Issue 15, fulfilment the customer can follow: an admin (or a vendor, for their own items) ships
 * with the courier's name and a tracking number or https link; the customer's order page and My
 * Orders show each parcel and the timeline dates each step; a cancelled order says so, with its date.
 * A store of this file's own: shipping moves orders other specs watch. axe checks these pages in
 * accessibility.spec.ts.
 */
const test = base.extend<object, { store: { url: string } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("fulfilment", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use({ url: store.url });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

const TRACKING_LINK = "https://www.delhivery.com/track/package/1234567890";

async function changeStatus(admin: Page, orderId: string, label: string) {
  await admin.goto(`/admin/orders/${orderId}`);
  await waitForHydration(admin);
  await admin.getByLabel("New status").selectOption({ label });
  await admin.getByRole("button", { name: "Update Status" }).click();
  await expect(admin.getByTestId("admin-order-status")).toHaveText(label);
}

const timelineSteps = (page: Page) => page.getByRole("list", { name: "Delivery timeline" }).getByRole("listitem");

test("an admin ships with a courier and a tracking link; the customer follows the parcel and the timeline's dates", async ({
  page,
  browser,
  store,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page, store.url);
  const product = await createProduct(page, { price: "150", category: "tools", hsnCode: "8201", gstRate: "18" }, store.url);
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 2 }], store.url);
  const orderPath = `/admin/orders/${shopper.orderId}`;

  // Placed, cash on delivery: nothing to ship until it is confirmed; the payment shows its status.
  await page.goto(orderPath);
  const shipping = page.getByRole("region", { name: "Shipping" });
  await expect(shipping).toContainText("Confirm the order to ship it.");
  await expect(page.getByTestId("admin-payment-status")).toHaveText("Cash on delivery");
  await page.goto("/admin/orders");
  const row = page.getByTestId("admin-order-row").filter({ hasText: formatOrderId(shopper.orderId) });
  await expect(row.getByTestId("order-payment-status")).toHaveText("Cash on delivery");

  await changeStatus(page, shopper.orderId, "Confirmed");
  // "Shipped" is no plain status change: it asks for the courier and tracking.
  await expect(page.getByLabel("New status").locator("option")).toHaveText(["Choose…", "Cancelled"]);
  await expect(page.getByLabel("New status")).toHaveValue("");
  const crafted = await page.request.post(orderPath, { form: { status: "shipped" }, headers: { origin: store.url }, maxRedirects: 0 });
  expect(crafted.status()).toBe(400);
  expect(await crafted.text()).toContain("Enter the courier");

  // A plain http link is refused beside its field, and nothing ships.
  await waitForHydration(page);
  await shipping.getByLabel("Courier").fill("Delhivery");
  await shipping.getByLabel("Tracking number or link").fill("http://www.delhivery.com/track/package/1234567890");
  await shipping.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(shipping.getByText("A tracking link must be a full https:// address.")).toBeVisible();
  await expect(shipping.getByLabel("Tracking number or link")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("admin-order-status")).toHaveText("Confirmed");

  await shipping.getByLabel("Tracking number or link").fill(TRACKING_LINK);
  await shipping.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(toasts(page)).toContainText("Order marked Shipped.");
  await expect(page.getByTestId("admin-order-status")).toHaveText("Shipped");
  await expect(shipping.getByTestId("shipment")).toContainText("Shipped by Delhivery");
  const history = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Status history" }) })
    .getByRole("listitem");
  await expect(history.last()).toContainText(`Shipped by Delhivery, tracking ${TRACKING_LINK}`);
  await expect(shipping.getByRole("button", { name: "Mark as Shipped" })).toHaveCount(0);

  // The customer's order page: the parcel with its link, and each step done so far dated today.
  const customer = shopper.page;
  await customer.goto(`/order-confirmation/${shopper.orderId}`);
  const parcel = customer.getByRole("region", { name: "Your parcel" });
  await expect(parcel).toContainText("Shipped by Delhivery");
  const link = parcel.getByRole("link", { name: /^Track your parcel on delhivery\.com/ });
  await expect(link).toHaveAttribute("href", TRACKING_LINK);
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("target", "_blank");
  const steps = timelineSteps(customer);
  for (const [i, label] of ["Order Confirmed", "Processing", "Shipped"].entries()) {
    await expect(steps.nth(i)).toContainText(label);
    await expect(steps.nth(i)).toContainText(`${todayInIndia()} at `);
    await expect(steps.nth(i)).toHaveAttribute("data-done", "true");
  }
  await expect(steps.nth(3)).toContainText("Delivered5-7 days");
  await expect(steps.nth(3)).toHaveAttribute("data-done", "false");

  // My Orders shows the parcel too.
  await customer.goto("/orders");
  const card = customer.getByTestId("order-card").filter({ hasText: formatOrderId(shopper.orderId) });
  await expect(card.getByTestId("order-status")).toHaveText("Shipped");
  await expect(card.getByTestId("shipment")).toContainText("Shipped by Delhivery");
  await expect(card.getByRole("link", { name: /^Track your parcel on delhivery\.com/ })).toHaveAttribute("href", TRACKING_LINK);

  // The "shipped" email carries the courier and the link.
  let shippedMail: Awaited<ReturnType<typeof mailTo>>[number] | undefined;
  await expect
    .poll(
      async () => {
        shippedMail = (await mailTo(store.url, shopper.customer.email, "order-status")).find((m) => m.subject?.endsWith("is shipped"));
        return shippedMail !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(shippedMail?.text).toContain("Shipped by Delhivery");
  expect(shippedMail?.text).toContain(`Tracking: ${TRACKING_LINK}`);

  // The dashboard counts money received: cash on delivery once it is delivered.
  const sales = async () => {
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("card-sales")).toContainText("Sales received");
    return paiseOf(defined(/₹[\d,]+/.exec(await page.getByTestId("card-sales").innerText())?.[0], "the sales figure"));
  };
  const before = await sales();
  await changeStatus(page, shopper.orderId, "Delivered");
  expect(await sales()).toBe(before + 85_400); // ₹300 + ₹54 GST (18%) + ₹500 delivery, its GST within it
  await shopper.context.close();
});

test("a cancelled order says so, with the date it was cancelled, and no green ticks", async ({ page, browser, store }) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page, store.url);
  const product = await createProduct(page, { price: "90", category: "tools", hsnCode: "8201", gstRate: "18" }, store.url);
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 1 }], store.url);
  await changeStatus(page, shopper.orderId, "Cancelled");
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText("Nothing was shipped.");

  const customer = shopper.page;
  await customer.goto(`/order-confirmation/${shopper.orderId}`);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("This order has been cancelled");
  await expect(customer.getByTestId("cancelled-on")).toContainText(`Cancelled on ${todayInIndia()} at `);
  await expect(customer.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(customer.getByRole("main")).not.toContainText("Thank you!");
  await expect(customer.getByText("This order was cancelled.")).toBeVisible();
  await expect(customer.locator('[data-done="true"]')).toHaveCount(0);
  await expect(customer.getByTestId("order-refund")).toHaveCount(0); // cash on delivery: nothing was paid

  await customer.goto("/orders");
  const card = customer.getByTestId("order-card").filter({ hasText: formatOrderId(shopper.orderId) });
  await expect(card.getByTestId("order-status")).toHaveText("Cancelled");
  await shopper.context.close();
});

test("a vendor ships only their own items; the order is shipped once the store's follow, and the customer sees both parcels", async ({
  page,
  browser,
  store,
}) => {
  test.setTimeout(180_000);
  const { context, admin } = await adminContext(browser, store.url);
  await registerVendorInUi(page);
  const hoe = await approvedListing(page, admin);
  const rake = await createProduct(admin, { price: "110", category: "tools", hsnCode: "8201", gstRate: "18" }, store.url);
  const shopper = await placeCustomerOrder(
    browser,
    [
      { product: hoe, quantity: 1 },
      { product: rake, quantity: 3 },
    ],
    store.url,
  );

  // Before the order is confirmed the vendor has nothing to ship.
  await page.goto("/vendor-login/orders");
  const order = page.getByTestId("vendor-order").filter({ hasText: formatOrderId(shopper.orderId) });
  await expect(order).toContainText("Ship once the order is confirmed");
  await changeStatus(admin, shopper.orderId, "Confirmed");

  await page.goto("/vendor-login/orders");
  await waitForHydration(page);
  await expect(order).not.toContainText(rake.name);
  await order.getByLabel("Courier").fill("India Post");
  await order.getByLabel("Tracking number or link").fill("EE123456789IN");
  await order.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(toasts(page)).toContainText("Marked shipped.");
  await expect(order.getByTestId("shipment")).toContainText("Shipped by India Post");
  await expect(order.getByTestId("shipment")).toContainText("EE123456789IN");
  await expect(order.getByRole("button", { name: "Mark as Shipped" })).toHaveCount(0);
  await expect(order).toContainText("Confirmed"); // the store's items are still to go

  // The admin sees the vendor's parcel and ships the rest: now the order is shipped.
  await admin.goto(`/admin/orders/${shopper.orderId}`);
  const shipping = admin.getByRole("region", { name: "Shipping" });
  await expect(shipping).toContainText("Still to ship: The store (3 items).");
  await expect(shipping.getByTestId("shipment")).toContainText("India Post");
  await waitForHydration(admin);
  await shipping.getByLabel("Courier").fill("Delhivery");
  await shipping.getByLabel("Tracking number or link").fill(TRACKING_LINK);
  await shipping.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(admin.getByTestId("admin-order-status")).toHaveText("Shipped");
  await expect(shipping.getByTestId("shipment")).toHaveCount(2);

  const customer = shopper.page;
  await customer.goto(`/order-confirmation/${shopper.orderId}`);
  const parcels = customer.getByRole("region", { name: "Your parcels" }).getByTestId("shipment");
  await expect(parcels).toHaveCount(2);
  await expect(parcels.filter({ hasText: "India Post" })).toContainText(`${hoe.name} × 1`);
  await expect(parcels.filter({ hasText: "India Post" })).toContainText("EE123456789IN");
  await expect(parcels.filter({ hasText: "Delhivery" })).toContainText(`${rake.name} × 3`);
  await shopper.context.close();
  await context.close();
});
