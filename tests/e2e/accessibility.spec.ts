import type { Page } from "@playwright/test";
import { gstinCheckChar } from "../../app/features/tax/domain/gstin";
import { confirmInBrowser } from "./mail-helpers";
import { ADMIN_PAGES, loginAsAdmin, sidebarPaths, unique } from "./admin-helpers";
import { test, expect, expectAccessible, waitForHydration } from "./fixtures";
import { authDialog, KHURPI, loginAs, placeOrder, placeOrderButton, seedCart, TOMATO } from "./helpers";
import { STOREFRONT_PAGES } from "./storefront-helpers";

/*
 * axe-core 4.14 with the WCAG 2.2 AA tags on every page, on a desktop and on a 390 px phone:
 * no serious or critical violation anywhere (storefront, cart, checkout, orders, the login
 * dialog, the vendor area and the admin panel).
 */
const WIDTHS = [
  { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  { name: "390 px phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

/** Visits each path, waits for its first heading, and runs axe on it. */
async function checkPages(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    await expectAccessible(page);
  }
}

function newGstin() {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[Math.floor(Math.random() * set.length)]).join("");
  const first14 = `27${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 5)}${pick("0123456789", 4)}${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1)}1Z`;
  return first14 + gstinCheckChar(first14);
}

for (const width of WIDTHS) {
  test.describe(`WCAG 2.2 AA at ${width.name}`, () => {
    test.use(width.use);

    test("every storefront page, as a guest", async ({ page }) => {
      test.setTimeout(90_000); // eleven pages through axe
      await checkPages(
        page,
        STOREFRONT_PAGES.map((p) => p.path),
      );
    });

    test("the empty cart, the open login and register dialogs, and the phone menu", async ({ page }) => {
      await page.goto("/cart");
      await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
      await expectAccessible(page);
      await page.goto("/cart?auth=login");
      await expect(authDialog(page).getByRole("heading", { name: "Login to Angle" })).toBeVisible();
      await expectAccessible(page);
      await page.goto("/?auth=register");
      await expect(authDialog(page).getByRole("heading", { name: "Create your account" })).toBeVisible();
      await expectAccessible(page);
      await page.goto("/");
      await waitForHydration(page);
      const toggle = page.getByLabel("Toggle menu");
      if (await toggle.isVisible()) {
        // Narrow screens: the navigation behind the menu toggle.
        await toggle.click();
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        await expectAccessible(page);
      }
    });

    test("signed in: the open menus, a filled cart, checkout, the confirmation and My Orders", async ({ page }) => {
      test.setTimeout(60_000);
      const customer = await loginAs(page);
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("banner").locator("summary").filter({ hasText: customer.name }).click();
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      await expectAccessible(page);
      await seedCart(page, [
        { product: TOMATO, quantity: 1 },
        { product: KHURPI, quantity: 2 },
      ]);
      await page.goto("/cart");
      await expect(page.getByTestId("cart-line")).toHaveCount(2);
      await expectAccessible(page);
      await page.goto("/checkout");
      await expect(placeOrderButton(page)).toBeEnabled();
      await expectAccessible(page);
      await placeOrder(page);
      await expect(page.getByRole("main")).toContainText("Cash on Delivery");
      await expectAccessible(page);
      await page.goto("/orders");
      await expect(page.getByTestId("order-card")).toHaveCount(1);
      await expectAccessible(page);
    });

    test("the vendor area: sign-in, registration and every page of the dashboard", async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto("/vendor-login");
      await waitForHydration(page);
      await expectAccessible(page);
      await page.getByRole("button", { name: "New vendor? Register here" }).click();
      await expectAccessible(page);
      const name = `Kisan Tools ${unique()}`;
      await page.getByLabel(/^Business name/).fill(name);
      const email = `seller.${unique()}@example.com`;
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
      await confirmInBrowser(page, new URL(page.url()).origin, email, "seller-pass-2024");
      await expect(page.getByRole("heading", { name: `Welcome, ${name}` })).toBeVisible();
      await expectAccessible(page);
      await checkPages(page, [
        "/vendor-login/products",
        "/vendor-login/products/new",
        "/vendor-login/products/import",
        "/vendor-login/orders",
        "/vendor-login/analytics",
        "/vendor-login/profile",
      ]);
    });

    test("the admin panel: login, every page the sidebar links to, a product and an order", async ({ page, browser }) => {
      test.setTimeout(180_000);
      await page.goto("/admin/login");
      await expectAccessible(page);
      await loginAsAdmin(page);
      // An order to open, placed by a customer in a context of their own.
      const shopper = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...width.use });
      const shopperPage = await shopper.newPage();
      await loginAs(shopperPage);
      await seedCart(shopperPage, [{ product: TOMATO, quantity: 1 }]);
      await shopperPage.goto("/checkout");
      const orderId = await placeOrder(shopperPage);
      await shopper.close();

      await page.goto("/admin/dashboard");
      const paths = new Set([
        ...ADMIN_PAGES.map((p) => p.path),
        ...(await sidebarPaths(page)),
        `/admin/products/${TOMATO.id}`,
        `/admin/orders/${orderId}`,
      ]);
      await checkPages(page, [...paths]);
    });
  });
}
