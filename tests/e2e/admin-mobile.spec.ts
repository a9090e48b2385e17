import { defined } from "../../app/platform/defined";
import { test, expect, waitForHydration } from "./fixtures";
import { expectNoHorizontalScroll, TOMATO } from "./helpers";
import { ADMIN, ADMIN_PAGES, createProduct, loginAsAdmin, placeCustomerOrder, setCodCap, sidebarPaths, unique } from "./admin-helpers";
import { test as ownStore } from "./admin-fixtures";
import { formatOrderId } from "../../app/platform/core/order-id";

// Runs in the "phone" project (390 px wide, touch).

test("the admin login page fits a phone and signs in", async ({ page }) => {
  await page.goto("/admin/login");
  await expectNoHorizontalScroll(page);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).tap();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectNoHorizontalScroll(page);
});

test("every admin page fits 390 px without sideways scrolling", async ({ page, browser }) => {
  await loginAsAdmin(page);
  const product = await createProduct(page);
  const { orderId, context } = await placeCustomerOrder(browser, [{ product, quantity: 1 }]);
  await context.close();
  await page.goto("/admin/dashboard");
  const paths = new Set([
    ...ADMIN_PAGES.map((p) => p.path),
    ...(await sidebarPaths(page)),
    `/admin/products/${TOMATO.id}`,
    `/admin/orders/${orderId}`,
    "/admin/users?q=admin",
  ]);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});

test("adding a user with a long email on a phone: the temporary password note still fits", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/users");
  await waitForHydration(page);
  const email = `venkataramanan.subramaniam.${unique()}@krishi-vigyan-kendra.example.com`;
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add user" }) });
  await form.getByLabel("Name").fill("Venkataramanan Subramaniam");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Add User" }).tap();
  await expect(page.getByText(`Temporary password for ${email}:`)).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("the admin navigation works on a phone: every link can be reached and tapped, and Logout works", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  const { width } = defined(page.viewportSize(), "the phone's viewport");
  const paths = await sidebarPaths(page);
  expect(paths.length).toBeGreaterThanOrEqual(6);
  // From the last link back to the first: each has to be scrolled to in the bar.
  for (const path of [...paths].reverse()) {
    const link = nav.locator(`a[href="${path}"]`);
    await link.scrollIntoViewIfNeeded();
    const box = defined(await link.boundingBox(), `${path}'s box`);
    expect(box.x, path).toBeGreaterThanOrEqual(-1);
    expect(box.x + box.width, path).toBeLessThanOrEqual(width + 1);
    expect(box.height, `${path} is big enough to tap`).toBeGreaterThanOrEqual(24);
    await link.tap();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(link).toHaveAttribute("aria-current", "page");
    await expectNoHorizontalScroll(page);
  }
  const logout = nav.getByRole("button", { name: "Logout" });
  await logout.scrollIntoViewIfNeeded();
  await logout.tap();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

// A lakh-sized order is over the default cash-on-delivery cap (₹50,000): a store of the test's own takes cash up to ₹50 lakh.
ownStore(
  "admin tables become stacked label: value rows at 390 px and 360 px, without sideways scrolling",
  async ({ page, browser, storeURL }) => {
    ownStore.slow(); // a second browser context places an order first
    await loginAsAdmin(page, storeURL);
    await setCodCap(page, storeURL, 5000000);
    const product = await createProduct(
      page,
      { price: "1500000", name: `Extra Long Drip Irrigation Kit With Filters ${unique()}` },
      storeURL,
    );
    const { orderId, context } = await placeCustomerOrder(browser, [{ product, quantity: 1 }], storeURL);
    await context.close();
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/admin/orders", `/admin/products?q=${encodeURIComponent(product.name)}`, "/admin/users"]) {
        await page.goto(path);
        await expectNoHorizontalScroll(page);
        const row = page.locator("tbody tr").first();
        await expect(row, path).toBeVisible();
        expect(await row.evaluate((el) => getComputedStyle(el).display), path).toBe("block");
        // The column headers are read by screen readers, not shown; each value carries its label.
        expect((await page.locator("thead").boundingBox())?.height ?? 0, path).toBeLessThanOrEqual(1);
        const firstCell = row.locator("td").first();
        const label = await firstCell.evaluate((el) => getComputedStyle(el, "::before").content);
        expect(label, path).toBe(`"${await page.locator("thead th").first().textContent()}"`);
      }
      await page.goto("/admin/orders");
      const ours = page.getByTestId("admin-order-row").filter({ hasText: formatOrderId(orderId) });
      const box = await ours.boundingBox();
      if (!box) throw new Error("our order's row is not laid out");
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const total = ours.getByTestId("order-total");
      const totalBox = await total.boundingBox();
      expect((totalBox?.x ?? 0) + (totalBox?.width ?? Number.POSITIVE_INFINITY), "the total fits the card").toBeLessThanOrEqual(
        box.x + box.width,
      );
      expect(await total.evaluate((el) => getComputedStyle(el.closest("td") ?? el, "::before").content)).toBe('"Total"');
    }
  },
);
