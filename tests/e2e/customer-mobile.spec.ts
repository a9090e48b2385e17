import { test, expect } from "./fixtures";
import {
  addProductToCart,
  authDialog,
  expectNoHorizontalScroll,
  loginAs,
  placeOrder,
  registerCustomer,
  SECATEURS,
  seedCart,
  storedCart,
  TOMATO,
  userMenu,
  waitForHydration,
} from "./helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/** Opens the phone menu and follows one of its links. */
async function viaMenu(page: import("@playwright/test").Page, name: string) {
  const banner = page.getByRole("banner");
  await banner.getByLabel("Toggle menu").click();
  const menu = banner.getByRole("navigation", { name: "Main" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name, exact: true }).click();
  await expect(menu).toBeHidden();
}

test("on a phone a customer registers, shops, checks out and finds the order", async ({ page }) => {
  test.setTimeout(60_000); // one long journey; every step waits on something observable
  await page.goto("/");
  await waitForHydration(page);
  await expectNoHorizontalScroll(page);
  // At 390 px the header's Login/Register live in the menu.
  await expect(page.getByRole("banner").getByRole("link", { name: "Register", exact: true }).filter({ visible: true })).toHaveCount(0);

  await page.getByRole("banner").getByLabel("Toggle menu").click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Register", exact: true }).click();
  await expect(authDialog(page).getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.keyboard.press("Escape");
  await expect(authDialog(page)).toBeHidden();

  const customer = await registerCustomer(page); // through the phone menu again
  await expectNoHorizontalScroll(page);

  await viaMenu(page, "Products");
  await expect(page).toHaveURL(/\/products$/);
  await expectNoHorizontalScroll(page);
  await addProductToCart(page, TOMATO.name);
  await addProductToCart(page, SECATEURS.name);
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.getByRole("link", { name: "Cart, 2 items" }).click();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  const tomato = lines.filter({ hasText: TOMATO.name });
  await expect(tomato.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await tomato.getByRole("button", { name: "Increase quantity" }).tap();
  await expect(tomato.getByTestId("line-subtotal")).toHaveText("₹1,098");
  // Both nil-rated (by rate, the store's default): ₹1,098 + ₹599, shipping ₹500 without GST.
  await expect(page.getByTestId("summary-total")).toHaveText("₹2,197");

  await page.getByRole("link", { name: "Proceed to Checkout" }).tap();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("Street address")).toHaveValue(customer.street);
  await expectNoHorizontalScroll(page);
  const orderId = await placeOrder(page, "Cash on Delivery");

  await expect(page.getByTestId("order-status")).toHaveText("Pending");
  await expect(page.getByTestId("order-total")).toHaveText("₹2,197");
  await expect(page.getByRole("main")).toContainText("Cash on Delivery");
  await expect(page.getByRole("list", { name: "Delivery timeline" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await expect.poll(() => storedCart(page)).toEqual([]);
  await expectNoHorizontalScroll(page);

  await viaMenu(page, "My Orders");
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  const card = page.getByTestId("order-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("order-status")).toHaveText("Pending");
  await expect(card.getByRole("link", { name: `Order #${formatOrderId(orderId)}` })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test.describe("at 360 px, signed in", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the header fits; the name and Logout are in the account menu, which closes on Escape and on a tap outside", async ({ page }) => {
    const customer = await loginAs(page, { name: "Venkataramanan Subramaniam" });
    await page.goto("/");
    await waitForHydration(page);
    await expectNoHorizontalScroll(page);
    const account = userMenu(page, customer);
    const box = await account.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, "the account menu is on the screen").toBe(true);

    await account.tap();
    const logout = page.getByRole("banner").getByRole("button", { name: "Logout" });
    await expect(logout).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("user-menu-name")).toHaveText(customer.name);
    await expect(page.getByTestId("user-menu-name")).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page);

    await page.keyboard.press("Escape");
    await expect(logout).toBeHidden();
    await expect(account).toBeFocused();

    await account.tap();
    await expect(logout).toBeVisible();
    await page.getByRole("main").tap({ position: { x: 20, y: 200 } });
    await expect(logout).toBeHidden();

    await account.tap();
    await logout.tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(account).toHaveCount(0);
  });

  test("the phone menu closes on Escape and on a tap outside it", async ({ page }) => {
    await loginAs(page);
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("banner").getByLabel("Toggle menu");
    const menu = page.getByRole("navigation", { name: "Main" });
    await toggle.tap();
    await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.tap();
    await expect(menu).toBeVisible();
    await page.getByRole("main").tap({ position: { x: 300, y: 300 } });
    await expect(menu).toBeHidden();
  });
});

test("the cart's quantity and remove buttons name the product", async ({ page }) => {
  await page.goto("/");
  await seedCart(page, [{ product: SECATEURS, quantity: 2 }]);
  await page.goto("/cart");
  await waitForHydration(page);
  const line = page.getByTestId("cart-line");
  await expect(line.getByRole("button", { name: "Decrease quantity of Pruning Secateurs", exact: true })).toBeEnabled();
  await expect(line.getByRole("button", { name: "Increase quantity of Pruning Secateurs", exact: true })).toBeEnabled();
  await expect(line.getByRole("button", { name: "Remove Pruning Secateurs", exact: true })).toBeVisible();
  await expect(line.getByRole("spinbutton", { name: "Quantity of Pruning Secateurs" })).toHaveValue("2");
});
