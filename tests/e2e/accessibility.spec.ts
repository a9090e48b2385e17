import type { Page } from "@playwright/test";
import {
  ADMIN,
  ADMIN_PAGES,
  adminContext,
  createProduct,
  loginAsAdmin,
  moveOrder,
  placeCustomerOrder,
  sidebarPaths,
  unique,
} from "./admin-helpers";
import { test as base, expect, expectAccessible, waitForHydration } from "./fixtures";
import { addNovember2025, addVendorSeptember2025, type Database, userIdOf } from "./gst-helpers";
import { authDialog, KHURPI, loginAs, placeOrder, placeOrderButton, seedCart, TOMATO } from "./helpers";
import { confirmInBrowser } from "./mail-helpers";
import { startPrivateStore } from "./private-store";
import { STOREFRONT_PAGES } from "./storefront-helpers";
import { toasts } from "./toast-helpers";
import { approvedListing, newGstin, registerVendor } from "./vendor-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/*
 * axe-core 4.14 with the WCAG 2.2 AA tags: no serious or critical violation on any page. Each page,
 * and each state of one (an open dialog, a form showing an error, an order shipped, returned or
 * cancelled), is checked here and nowhere else; Hindi pages in hindi-pages.spec.ts.
 * axe runs once per page and state (issue 28): the store's pages, the admin panel (its tables stack on
 * a phone) and the pages of shipping, returns and the GST report at a 390 px phone's width, where the
 * most is squeezed and where most of the store's farmers are. What only a desktop shows (the header's
 * links and search, the admin's sidebar and its tables as tables) is checked once at 1280 px, on the
 * pages that have each. The vendor area has no phone layout of its own and is checked on a desktop.
 * A store of this file's own (the sample catalogue on a fresh database): the GST report's documents
 * are written into its database, and shipping and returns move no order another spec watches.
 */
const test = base.extend<object, { store: { url: string; database: Database } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("a11y", {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Every test signs up and signs in from one address.
        RATE_LIMIT_REGISTER_MAX: "1000",
        RATE_LIMIT_SIGNIN_MAX: "1000",
        RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "1000",
      });
      await use({ url: store.url, database: store.database });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
test.use({ viewport: DESKTOP });

/**
 * axe on the page as it stands at a 390 px phone's width: resized to it and back when the test browses
 * at a desktop's width; as it is when the test browses on the phone (`onPhone`).
 */
async function expectAccessibleOnPhone(page: Page) {
  const width = page.viewportSize()?.width;
  if (width === PHONE.width) return expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

/**
 * Tests that only visit pages and check them on the phone browse at its width: each page is drawn
 * once, at the width axe reads it, instead of drawn for the desktop, redrawn for the phone and again
 * for the desktop.
 */
const onPhone = { viewport: PHONE };

type PageToCheck = string | { path: string; heading?: string | RegExp };

/** Visits each page, waits for its main heading, and checks it (at the phone's width unless `check` says otherwise). */
async function checkPages(page: Page, pages: PageToCheck[], check = expectAccessibleOnPhone) {
  for (const entry of pages) {
    const { path, heading } = typeof entry === "string" ? { path: entry, heading: undefined } : entry;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }).first(), path).toBeVisible();
    await check(page);
  }
}

const pathOf = (entry: PageToCheck) => (typeof entry === "string" ? entry : entry.path);

/** Pages in groups of five, a test each: two workers share them, and each ends in time on a busy machine. */
function groupsOfFive(pages: PageToCheck[]): PageToCheck[][] {
  return Array.from({ length: Math.ceil(pages.length / 5) }, (_, i) => pages.slice(i * 5, i * 5 + 5));
}

for (const pages of groupsOfFive([
  ...STOREFRONT_PAGES,
  { path: "/crops", heading: "Shop by crop" },
  { path: "/crops/tomato", heading: "For Tomato" },
  { path: "/crops/tomato?season=rabi&category=fertilizers", heading: "For Tomato" },
  "/forgot-password",
])) {
  test.describe(() => {
    test.use(onPhone);
    test(`as a guest: ${pages.map(pathOf).join(", ")}`, async ({ page }) => {
      test.setTimeout(120_000); // five pages through axe
      await checkPages(page, pages);
    });
  });
}

test("at a desktop's width: the header's links and search, the product list's filters, the admin's sidebar and a table", async ({
  page,
  store,
}) => {
  test.setTimeout(90_000);
  await checkPages(page, STOREFRONT_PAGES.slice(0, 2), expectAccessible);
  await loginAsAdmin(page, store.url);
  await checkPages(
    page,
    [
      { path: "/admin/dashboard", heading: "Dashboard" },
      { path: "/admin/orders", heading: "Orders" },
    ],
    expectAccessible,
  );
});

test("the empty cart, the open login and register dialogs, and the phone menu", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expectAccessibleOnPhone(page);
  await page.goto("/cart?auth=login");
  await expect(authDialog(page).getByRole("heading", { name: "Login to Angle" })).toBeVisible();
  await expectAccessibleOnPhone(page);
  await page.goto("/?auth=register");
  await expect(authDialog(page).getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expectAccessibleOnPhone(page);
  // The navigation behind the menu toggle, which only a phone has.
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByLabel("Toggle menu").click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectAccessible(page);
});

test("signed in: the open account menu, a filled cart, checkout, the confirmation, My Orders and My account", async ({ page, store }) => {
  test.setTimeout(150_000);
  const customer = await loginAs(page, {}, store.url);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").locator("summary").filter({ hasText: customer.name }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expectAccessibleOnPhone(page);
  await seedCart(page, [
    { product: TOMATO, quantity: 1 },
    { product: KHURPI, quantity: 2 },
  ]);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Order Summary" }).getByTestId("summary-subtotal")).toHaveText("₹1,547");
  await expectAccessibleOnPhone(page);
  await page.goto("/checkout");
  await expect(placeOrderButton(page)).toBeEnabled();
  await expectAccessibleOnPhone(page);
  await placeOrder(page);
  await expect(page.getByText("Cash on Delivery", { exact: true })).toBeVisible();
  await expectAccessibleOnPhone(page);
  await page.goto("/orders");
  await expect(page.getByTestId("order-card")).toHaveCount(1);
  await expectAccessibleOnPhone(page);
  await checkPages(page, [{ path: "/account", heading: "My account" }]);
});

test("the vendor area on a desktop: sign-in, registration and every page", async ({ page, store }) => {
  test.setTimeout(150_000);
  await page.goto("/vendor-login");
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "New vendor? Register here" }).click();
  await expectAccessible(page);
  const name = `Kisan Tools ${unique()}`;
  const email = `seller.${unique()}@example.com`;
  await page.getByLabel(/^Business name/).fill(name);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill("seller-pass-2024");
  await page.getByLabel(/^Phone/).fill("91234 56789");
  await page.getByLabel(/^GST number/).fill(newGstin());
  await page.getByLabel(/^Street address/).fill("Plot 7, MIDC Ambad");
  await page.getByLabel(/^City/).fill("Nashik");
  await page.getByLabel(/^State/).selectOption("Maharashtra");
  await page.getByLabel(/^Pincode/).fill("422010");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("status")).toHaveText("Check your email to finish creating your account");
  await expectAccessible(page);
  await confirmInBrowser(page, store.url, email, "seller-pass-2024");
  await expect(page.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
  await expectAccessible(page);
  // The GST report is checked with an invoice in it, below.
  await checkPages(
    page,
    [
      "/vendor-login/products",
      "/vendor-login/products/new",
      "/vendor-login/products/import",
      "/vendor-login/orders",
      "/vendor-login/analytics",
      "/vendor-login/stock-alerts",
      "/vendor-login/profile",
    ],
    expectAccessible,
  );
});

test("a vendor's GST report with an invoice, and an order to ship before and after shipping, at both widths", async ({
  page,
  browser,
  store,
}) => {
  test.setTimeout(180_000);
  // The registration form is checked above; here a vendor is all the test needs.
  const vendor = await registerVendor(page, store.url);
  await addVendorSeptember2025(store.database, await userIdOf(store.database, vendor.email));
  await page.goto("/vendor-login/gst?month=2025-09");
  await expect(page.getByTestId("gst-document-row")).toHaveCount(1);
  await expectAccessibleOnPhone(page);

  // An order to ship: the courier and tracking filled in, then the parcel on its way.
  const { context, admin } = await adminContext(browser, store.url);
  const hoe = await approvedListing(page, admin);
  const shopper = await placeCustomerOrder(browser, [{ product: hoe, quantity: 1 }], store.url);
  await shopper.context.close();
  await moveOrder(admin, shopper.orderId, ["confirmed"], store.url);
  await context.close();
  await page.goto("/vendor-login/orders");
  await waitForHydration(page);
  const order = page.getByTestId("vendor-order").filter({ hasText: formatOrderId(shopper.orderId) });
  await order.getByLabel("Courier").fill("India Post");
  await order.getByLabel("Tracking number or link").fill("EE123456789IN");
  await expectAccessibleOnPhone(page);
  await order.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(order.getByTestId("shipment")).toContainText("Shipped by India Post");
  await expectAccessibleOnPhone(page);
});

/** The pages the admin sidebar links to, but the GST report and Returns: checked with documents and a request in them, below. */
const ADMIN_SIDEBAR_PAGES: PageToCheck[] = [...ADMIN_PAGES, "/admin/messages", { path: "/admin/outbox", heading: "Outbox" }];

for (const pages of groupsOfFive(ADMIN_SIDEBAR_PAGES)) {
  test.describe(() => {
    test.use(onPhone);
    test(`the admin panel: ${pages.map(pathOf).join(", ")}`, async ({ page, store }) => {
      test.setTimeout(120_000); // five pages through axe
      await loginAsAdmin(page, store.url);
      await checkPages(page, pages);
    });
  });
}

test("the admin login page, also after a failed login; the sidebar links to no page left unchecked", async ({ page, store }) => {
  test.setTimeout(90_000);
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Admin login" })).toBeVisible();
  await expectAccessibleOnPhone(page);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-admin-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toContainText("Login failed");
  await expectAccessibleOnPhone(page);

  await loginAsAdmin(page, store.url);
  await page.goto("/admin/dashboard");
  // /admin/ondc is checked by axe in tests/e2e/ondc-admin.spec.ts, on a store of its own, before and after a refused form.
  const checked = new Set([...ADMIN_SIDEBAR_PAGES.map(pathOf), "/admin/gst", "/admin/returns", "/admin/ondc"]);
  expect((await sidebarPaths(page)).filter((path) => !checked.has(path))).toEqual([]);
});

test("the admin's product editor, an order, the delete dialog and a missing page", async ({ page, browser, store }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page, store.url);
  const product = await createProduct(page, {}, store.url);
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 1 }], store.url);
  await shopper.context.close();
  await checkPages(page, [
    { path: `/admin/products/${TOMATO.id}`, heading: `Edit ${TOMATO.name}` },
    { path: `/admin/orders/${shopper.orderId}`, heading: `Order #${formatOrderId(shopper.orderId)}` },
    { path: "/admin/nothing-here", heading: "Page not found" },
  ]);
  await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Delete ${product.name}` }).click();
  await expect(page.getByRole("dialog", { name: "Please confirm" })).toBeVisible();
  await expectAccessibleOnPhone(page);
});

test.describe(() => {
  test.use(onPhone);
  test("the admin's GST report: a month's tables, an empty month and a month that is not one", async ({ page, store }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page, store.url);
    await addNovember2025(store.database);
    await page.goto("/admin/gst?month=2025-11&seller=store");
    await expect(page.getByTestId("gst-document-row")).toHaveCount(3);
    await expectAccessibleOnPhone(page);
    await page.goto("/admin/gst?month=2025-08");
    await expect(page.getByTestId("gst-empty")).toBeVisible();
    await expectAccessibleOnPhone(page);
    const bad = await page.goto("/admin/gst?month=2026-13");
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("That is not a month: use YYYY-MM, for example 2026-11.");
    await expectAccessibleOnPhone(page);
  });
});

test("an order's life: the shipping form's error, the parcel and its timeline, a return, and the refund", async ({
  page,
  browser,
  store,
}) => {
  test.setTimeout(240_000);
  await loginAsAdmin(page, store.url);
  const product = await createProduct(page, { price: "150", category: "tools", hsnCode: "8201", gstRate: "18" }, store.url);
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 2 }], store.url);
  const customer = shopper.page;
  const orderPath = `/admin/orders/${shopper.orderId}`;
  await moveOrder(page, shopper.orderId, ["confirmed"], store.url);

  // The admin's order page: a plain http tracking link is refused beside its field.
  await page.goto(orderPath);
  await waitForHydration(page);
  const shipping = page.getByRole("region", { name: "Shipping" });
  await shipping.getByLabel("Courier").fill("Delhivery");
  await shipping.getByLabel("Tracking number or link").fill("http://www.delhivery.com/track/package/1234567890");
  await shipping.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(shipping.getByText("A tracking link must be a full https:// address.")).toBeVisible();
  await expectAccessibleOnPhone(page);
  await shipping.getByLabel("Tracking number or link").fill("https://www.delhivery.com/track/package/1234567890");
  await shipping.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(page.getByTestId("admin-order-status")).toHaveText("Shipped");

  // The customer's order page (the parcel, and the timeline with a step still to come), and My Orders.
  await customer.goto(`/order-confirmation/${shopper.orderId}`);
  await expect(customer.getByRole("region", { name: "Your parcel" })).toContainText("Shipped by Delhivery");
  await expect(customer.getByRole("list", { name: "Delivery timeline" }).locator('[data-done="false"]')).toHaveCount(1);
  await expectAccessibleOnPhone(customer);
  await customer.goto("/orders");
  const card = customer.getByTestId("order-card").filter({ hasText: formatOrderId(shopper.orderId) });
  await expect(card.getByTestId("shipment")).toContainText("Shipped by Delhivery");
  await expectAccessibleOnPhone(customer);

  // Delivered: the return page, then the admin's list with the customer's request in it.
  await moveOrder(page, shopper.orderId, ["delivered"], store.url);
  await customer.goto(`/orders/${shopper.orderId}/return`);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Return items");
  await expectAccessibleOnPhone(customer);
  const line = customer.getByTestId("return-line").filter({ hasText: product.name });
  await waitForHydration(customer);
  await line.getByLabel(/^How many to return/).fill("1");
  await line.getByLabel(/^Why are you returning it/).selectOption("damaged");
  await line.getByLabel(/^Tell us what happened/).fill("The handle arrived cracked.");
  await line.getByRole("radio", { name: "UPI ID" }).check();
  await line.getByLabel(/^Your UPI ID/).fill("ramesh.k@okicici");
  await line.getByRole("button", { name: "Request return" }).click();
  await expect(line).toContainText("Return requested");
  await page.goto("/admin/returns");
  const request = page.getByTestId("admin-return").filter({ hasText: formatOrderId(shopper.orderId) });
  await expect(request).toContainText(`Return of 1 × ${product.name}`);
  await expectAccessibleOnPhone(page);

  // Received, then refunded: the admin's order page and the customer's, with the parcel, the return and the refund.
  await waitForHydration(page);
  await request.getByRole("button", { name: "Record item received" }).click();
  await expect(request.getByTestId("return-status")).toHaveText("Item received");
  await expectAccessibleOnPhone(page);
  await request.getByLabel(/^Payout reference/).fill("UPI412345678901");
  await request.getByRole("button", { name: "Record refund" }).click();
  await expect(toasts(page)).toContainText("Return approved");
  await page.goto(orderPath);
  await expect(page.getByRole("region", { name: "Returns and refunds" }).getByTestId("return-status")).toHaveText("Refunded");
  await expect(shipping.getByTestId("shipment")).toContainText("Shipped by Delhivery");
  await expectAccessibleOnPhone(page);
  await customer.goto(`/order-confirmation/${shopper.orderId}`);
  await expect(customer.getByTestId("refund")).toContainText("UPI412345678901");
  await expectAccessibleOnPhone(customer);
  await shopper.context.close();
});

test("cancelling an order: the open dialog, the page that says it is already cancelled, and the cancelled order", async ({
  browser,
  store,
}) => {
  test.setTimeout(120_000);
  const shopper = await placeCustomerOrder(browser, [{ product: KHURPI, quantity: 1 }], store.url);
  const customer = shopper.page;
  await customer.goto("/orders");
  await waitForHydration(customer);
  const card = customer.getByTestId("order-card").filter({ hasText: formatOrderId(shopper.orderId) });
  await card.getByRole("button", { name: "Cancel order" }).click();
  const dialog = customer.getByRole("dialog", { name: `Cancel order #${formatOrderId(shopper.orderId)}?` });
  await expect(dialog).toBeVisible();
  await expectAccessibleOnPhone(customer);
  await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(card.getByTestId("order-status")).toHaveText("Cancelled");
  await customer.goto(`/orders/${shopper.orderId}/cancel`);
  await expect(customer.getByRole("alert")).toHaveText("This order is already cancelled.");
  await expectAccessibleOnPhone(customer);
  await customer.goto(`/order-confirmation/${shopper.orderId}`);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("This order has been cancelled");
  await expectAccessibleOnPhone(customer);
  await shopper.context.close();
});
