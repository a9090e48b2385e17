import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { addProductToCart, KHURPI, loginAs, placeOrder, placeOrderButton, SECATEURS, seedCart, storedCart } from "./helpers";

/**
 * Issue 30: a signed-in customer's checkout is drawn by the server from the cookie the cart keeps
 * beside the browser's storage (its sizes and quantities), and its scripts wait for the customer's
 * intent, as a catalogue page's do. The form works before them, and without them.
 */

/** Checkout's own module, as built. */
const CHECKOUT_MODULE = /\/assets\/checkout-[\w-]+\.js$/;

/** The scripts this document has fetched. */
const scriptNames = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(".js")),
  );

test("without scripts, checkout shows the cart the cookie names and places the order", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await loginAs(page);
    const origin = new URL(page.url() === "about:blank" ? (test.info().project.use.baseURL ?? "") : page.url()).origin;
    // A single-size product's size is the product's own id (0013-pack-sizes).
    await context.addCookies([{ name: "angle-cart-lines", value: `${KHURPI.id}~${KHURPI.id}.2`, url: origin }]);
    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByRole("list", { name: /items/i })).toContainText(`${KHURPI.name} × 2`);
    await expect(summary).toContainText("₹998");
    await expect(placeOrderButton(page)).toBeEnabled();
    await placeOrderButton(page).click();
    await expect(page).toHaveURL(/\/order-confirmation\/[a-z0-9]+\?placed=1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your order has been placed.");
    await expect(page.getByText(`${KHURPI.name}`).first()).toBeVisible();
    // The cookie went with the order: the next checkout is not drawn with it again.
    expect((await context.cookies()).find((c) => c.name === "angle-cart-lines")).toBeUndefined();
  } finally {
    await context.close();
  }
});

test("without scripts, a Hindi checkout's order is confirmed in Hindi", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await loginAs(page);
    await page.goto("/about");
    await context.addCookies([{ name: "angle-cart-lines", value: `${KHURPI.id}.1`, url: new URL(page.url()).origin }]);
    await page.goto("/hi/checkout");
    await page.getByRole("button", { name: "ऑर्डर करें", exact: true }).click();
    await expect(page).toHaveURL(/\/hi\/order-confirmation\/[a-z0-9]+\?placed=1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  } finally {
    await context.close();
  }
});

test("a cookie naming more than is in stock, or something not sold, is left to the scripts, which say what changed", async ({ page }) => {
  await loginAs(page);
  await page.goto("/about");
  const origin = new URL(page.url()).origin;
  await page.context().addCookies([{ name: "angle-cart-lines", value: `${KHURPI.id}~${KHURPI.id}.999`, url: origin }]);
  const html = await (await page.request.get("/checkout")).text();
  expect(html).not.toContain('name="checkoutKey"');
  expect(html).toContain("Loading your cart");
  await page.context().addCookies([{ name: "angle-cart-lines", value: "zzzzzzzz~zzzzzzzz.1", url: origin }]);
  expect(await (await page.request.get("/checkout")).text()).toContain("Loading your cart");
});

test("a cart the cookie does not say (its copy not written yet) has checkout's scripts run at once, and they draw the browser's cart", async ({
  page,
}) => {
  await loginAs(page);
  await seedCart(page, [{ product: SECATEURS, quantity: 2 }]);
  // The cookie still names the cart as it was before the last tap.
  await page.context().addCookies([{ name: "angle-cart-lines", value: `${KHURPI.id}~${KHURPI.id}.1`, url: new URL(page.url()).origin }]);
  await page.goto("/checkout");
  // No key, focus or tap: the head found the browser's cart differs and asked for the scripts.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 30_000 });
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText(`${SECATEURS.name} × 2`);
  await expect(summary).not.toContainText(KHURPI.name);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true });

  test("checkout arrives drawn, waits for the customer, and keeps what they chose before its scripts ran", async ({ page }) => {
    await loginAs(page);
    // The cart as a shopper fills it: the store's own code writes the cookie beside the storage.
    await addProductToCart(page, SECATEURS.name);
    await addProductToCart(page, SECATEURS.name);
    expect((await page.context().cookies()).find((c) => c.name === "angle-cart-lines")?.value).toBe(`${SECATEURS.id}.2`);

    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText(`${SECATEURS.name} × 2`);
    await expect(placeOrderButton(page)).toBeEnabled();
    // Its scripts have arrived but not run: nothing was touched.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js")).length))
      .toBeGreaterThan(2);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    // Those were the framework's: checkout's own scripts wait for the customer (the form works without them).
    expect(await scriptNames(page), "checkout's own module before intent").not.toContainEqual(expect.stringMatching(CHECKOUT_MODULE));
    const firstOrder = await placeOrder(page);
    expect(firstOrder).toMatch(/^[a-z0-9]+$/);
    // The order emptied the cart, and its cookie with it.
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "angle-cart-lines")?.value ?? "").toBe("");

    // The next checkout offers the address just used; the customer picks "A new address" on a slow
    // phone before the page has hydrated: React starts from that choice, not its own.
    await addProductToCart(page, SECATEURS.name);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    await page.goto("/checkout");
    const fresh = page.getByRole("radio", { name: "A new address" });
    await expect(fresh).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    await fresh.check();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 30_000 });
    expect(await scriptNames(page)).toContainEqual(expect.stringMatching(CHECKOUT_MODULE));
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    // The cart was read again once hydrated (React drew the page again): the choice held.
    await expect(summary).toContainText(`${SECATEURS.name} × 1`);
    await expect(fresh).toBeChecked();
    await expect(page.getByLabel("Street address")).toHaveValue("");
  });
});

test("checkout in Hindi is drawn by the server too, in Hindi", async ({ page }) => {
  await loginAs(page);
  await addProductToCart(page, KHURPI.name);
  await page.goto("/hi/checkout");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("button", { name: "ऑर्डर करें", exact: true })).toBeEnabled();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "ऑर्डर करें", exact: true })).toBeEnabled();
});

test.describe("the cart, on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true });

  test("the cart arrives drawn from its cookie and waits for the shopper: a tap on + before the scripts run is applied once", async ({
    page,
  }) => {
    await addProductToCart(page, KHURPI.name);
    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: KHURPI.name });
    await expect(line.getByTestId("line-quantity")).toHaveValue("1");
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    await line.getByRole("button", { name: `Increase quantity of ${KHURPI.name}` }).tap();
    await expect(line.getByTestId("line-quantity")).toHaveValue("2");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    expect((await storedCart(page)).map((l) => l.quantity)).toEqual([2]);
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "angle-cart-lines")?.value).toMatch(/\.2$/);
  });

  test("a delivery check sent before the scripts run waits for them, and answers on the cart page", async ({ page }) => {
    await addProductToCart(page, KHURPI.name);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    // Sent before the scripts have run (the pincode put in without a focus, which would start them):
    // held, not navigated away to the resource's data.
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("form[data-needs-scripts]");
      const pin = form?.elements.namedItem("pin");
      if (pin instanceof HTMLInputElement) pin.value = "422013";
      form?.requestSubmit();
    });
    await expect(page.getByTestId("delivery-result")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/cart");
  });
});
