import { test, expect, expectAccessible } from "./fixtures";
import { defined } from "../../app/platform/defined";
import { loginAs, placeOrder, seedCart, TOMATO, waitForHydration } from "./helpers";
import { startPrivateStore } from "./private-store";
import { ADMIN, loginAsAdmin, sizeRow } from "./admin-helpers";

// Quantity prices (issue 31). The sample tomato seeds' 10 g packet: ₹549, nil-rated (shown as it is stored).
// Setting a quantity price changes the shared catalogue: this store is the test's own.
const own = test.extend<{ storeURL: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; empty says none.
  storeURL: async ({}, use) => {
    const store = await startPrivateStore("tiers", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await use(store.url);
    await store.stop();
  },
  baseURL: async ({ storeURL }, use) => use(storeURL),
});

own(
  "an admin sets a quantity price; a customer buying 10 sees it on the page and in the cart, and the order charges it",
  async ({ page, storeURL }) => {
    own.setTimeout(120_000);
    await loginAsAdmin(page, storeURL);
    await page.goto(`/admin/products/${TOMATO.id}`);
    await waitForHydration(page);
    const field = sizeRow(page, 1).getByLabel("Prices by quantity (optional)");
    // Not below the packet's own price: refused beside the field.
    await field.fill("10:549");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(sizeRow(page, 1)).toContainText("A price by quantity must be lower than the pack's own price.");
    await expect(sizeRow(page, 1).getByLabel("Prices by quantity (optional)")).toHaveAttribute("aria-invalid", "true");
    await sizeRow(page, 1).getByLabel("Prices by quantity (optional)").fill("10:499");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    // The product page says it, drawn by the server.
    await page.context().clearCookies();
    await loginAs(page, {}, storeURL);
    await page.goto(`/products/${TOMATO.id}`);
    await expect(page.getByTestId("price")).toHaveText("₹549");
    await expect(page.getByTestId("price-breaks")).toContainText("₹499 each for 10 or more");
    await expectAccessible(page);
    // In Hindi too.
    await page.goto(`/hi/products/${TOMATO.id}`);
    await expect(page.getByTestId("price-breaks")).toContainText("10 या ज़्यादा लेने पर ₹499 प्रति नग");
    await page.goto(`/products/${TOMATO.id}`);
    const href = defined(await page.getByTestId("sizes").getByRole("link", { name: /10 g/ }).getAttribute("href"), "the 10 g link");
    const variantId = defined(new URL(href, storeURL).searchParams.get("size"), "the 10 g size's id");

    // Nine packets: ₹549 each, and how many more reach the lower price.
    await seedCart(page, [{ product: { ...TOMATO, variantId, variantLabel: "10 g", pricePaise: 54_900, stock: 240 }, quantity: 9 }]);
    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line).toContainText("₹549 each");
    await expect(line.getByTestId("line-next-break")).toHaveText("Add 1 more for ₹499 each");
    await expect(line.getByTestId("line-subtotal")).toHaveText("₹4,941");
    await expectAccessible(page);
    await waitForHydration(page);
    await line.getByRole("button", { name: /^Increase/ }).click();
    await expect(line).toContainText("₹499 each");
    await expect(line.getByTestId("line-subtotal")).toHaveText("₹4,990");
    await expect(line.getByTestId("line-next-break")).toHaveCount(0);

    await page.goto("/checkout");
    const orderId = await placeOrder(page, "Cash on Delivery");
    await page.goto(`/order-confirmation/${orderId}`);
    await expect(page.getByRole("main")).toContainText("₹4,990");
    await expect(page.getByRole("main")).toContainText("₹499");
  },
);
