import { defined } from "../../app/platform/defined";
import { test, expect, waitForHydration } from "./storefront-fixtures";
import { cardNames, headerSearch, MAIZE, productCards, STOREFRONT_PAGES, TRACTOR } from "./storefront-helpers";

// Runs in the "phone" project: 390 px wide, touch.

test.describe("every storefront page at phone width", () => {
  for (const { path, heading } of STOREFRONT_PAGES) {
    test(`${path} fits the screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(widths.page, `${path} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
    });
  }
});

test("the menu toggle opens the navigation and closes after choosing a page", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toBeHidden();
  await page.getByLabel("Toggle menu").click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(menu.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
  await expect(menu.getByRole("link", { name: "Become Vendor" })).toHaveAttribute("href", "/vendor-login");
  await expect(menu.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Register" })).toBeVisible();

  await menu.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
  await expect(menu).toBeHidden();
});

test("the header search is usable on a phone", async ({ page }) => {
  await page.goto("/");
  const box = headerSearch(page);
  await expect(box).toBeVisible();
  await box.fill("drought");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/products\?q=drought$/);
  await expect(cardNames(page)).toHaveText([MAIZE.name]);
});

test("a product can be added to the cart on a phone", async ({ page }) => {
  await page.goto(`/products/${TRACTOR.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Increase quantity" }).tap();
  await expect(page.getByTestId("quantity")).toHaveText("2");
  await page.getByRole("button", { name: "Add to Cart" }).tap();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("the catalogue shows two cards per row", async ({ page }) => {
  await page.goto("/products");
  const box = async (i: number) => defined(await productCards(page).nth(i).boundingBox(), `card ${i + 1}'s box`);
  const [first, second, third] = await Promise.all([box(0), box(1), box(2)]);
  expect(second.y).toBe(first.y);
  expect(third.y).toBeGreaterThan(first.y);
});
