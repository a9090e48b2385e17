import { test, expect, waitForHydration } from "./fixtures";
import { expectNoHorizontalScroll, TOMATO } from "./helpers";
import { ADMIN, ADMIN_PAGES, createProduct, loginAsAdmin, placeCustomerOrder, SIDEBAR } from "./admin-helpers";

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
  const pages = [
    ...ADMIN_PAGES,
    { path: `/admin/products/${TOMATO.id}`, heading: `Edit ${TOMATO.name}` },
    { path: `/admin/orders/${orderId}`, heading: `Order #${orderId}` },
    { path: "/admin/users?q=admin", heading: "Manage Users" },
  ];
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});

test("the admin navigation works on a phone: every link can be reached and tapped, and Logout works", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toBeVisible();
  const viewport = page.viewportSize()!;
  for (const [label, path] of [...SIDEBAR].reverse()) {
    const link = nav.getByRole("link", { name: label });
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(viewport.width);
    expect(box.height, `${label} is big enough to tap`).toBeGreaterThanOrEqual(24);
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
