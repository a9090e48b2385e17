import { test, expect } from "./fixtures";
import { defined } from "../../app/platform/defined";
import { loginAs, placeOrder, seedCart, TOMATO, waitForHydration } from "./helpers";
import { startPrivateStore } from "./private-store";
import { ADMIN, loginAsAdmin, setCodCap } from "./admin-helpers";

// The sample tomato seeds (app/features/catalog/server/seed/catalog.ts): 10 g ₹549 (MRP ₹599), 50 g ₹2,499 (MRP ₹2,995),
// 100 g ₹4,699 (MRP ₹5,990); 60 g an acre.

test("without JavaScript a shopper chooses a pack size and sizes an order with the calculator", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(`/products/${TOMATO.id}`);
  // It opens on the first size in stock.
  await expect(page.getByTestId("sizes").getByRole("link", { name: /10 g/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("price")).toHaveText("₹549");
  await expect(page.getByTestId("mrp")).toHaveText("₹599");
  await expect(page.getByTestId("saving")).toHaveText("Save ₹50 (8%)");

  await page.getByTestId("sizes").getByRole("link", { name: /50 g/ }).click();
  await expect(page).toHaveURL(/size=/);
  await expect(page.getByTestId("sizes").getByRole("link", { name: /50 g/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("price")).toHaveText("₹2,499");
  await expect(page.getByTestId("mrp")).toHaveText("₹2,995");
  await expect(page.getByTestId("saving")).toHaveText("Save ₹496 (16%)");
  await expect(page.getByTestId("stock-state")).toHaveText("In stock");

  const calculator = page.getByRole("region", { name: "Dosage calculator" });
  await calculator.getByLabel("Field area").fill("5");
  await calculator.getByLabel("Unit").selectOption("guntha");
  await calculator.getByRole("button", { name: "Calculate" }).click();
  // 5 guntha = 0.125 acre → 7.5 g, rounded up to 8 g: one 10 g packet. The chosen size is kept.
  await expect(calculator).toContainText("you need 8 g");
  await expect(calculator.getByRole("list", { name: "Suggested packs" }).getByRole("listitem")).toHaveText([/1 × 10 g\s*₹549/]);
  await expect(page.getByTestId("price")).toHaveText("₹2,499");

  await calculator.getByLabel("Field area").fill("-3");
  await calculator.getByRole("button", { name: "Calculate" }).click();
  await expect(calculator.getByRole("alert")).toBeVisible();
  await expect(calculator.getByLabel("Field area")).toHaveAttribute("aria-invalid", "true");
  await context.close();
});

test("a size that does not exist opens the first size in stock; the catalogue card says 'from'", async ({ page }) => {
  const response = await page.goto(`/products/${TOMATO.id}?size=nosuchsize`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("price")).toHaveText("₹549");
  await page.goto(`/products?q=${encodeURIComponent("Arka Rakshak")}`);
  const card = page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name: TOMATO.name, exact: true }) });
  await expect(card).toContainText("from ₹549");
  await expect(card.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
});

test.describe("a sold-out size", () => {
  // Selling out a size changes the shared catalogue: this store is the test's own.
  const own = test.extend<{ storeURL: string }>({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; empty says none.
    storeURL: async ({}, use) => {
      const store = await startPrivateStore("soldout", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use(store.url);
      await store.stop();
    },
    baseURL: async ({ storeURL }, use) => use(storeURL),
  });

  own("is shown but cannot be chosen, the calculator leaves it out, and a cart holding it cannot check out", async ({ page, storeURL }) => {
    own.setTimeout(90_000);
    // Every 100 g packet costs ₹1,64,465, over the default cash-on-delivery cap: this store takes cash up to ₹5,00,000.
    await loginAsAdmin(page, storeURL);
    await setCodCap(page, storeURL, 500000);
    await page.context().clearCookies();
    await loginAs(page, {}, storeURL);
    const hundred = defined(
      TOMATO.variants?.find((v) => v.label === "100 g"),
      "the 100 g size",
    );
    const line = (quantity: number) => ({
      product: { ...TOMATO, variantLabel: "100 g", pricePaise: hundred.pricePaise, stock: hundred.stock },
      quantity,
    });
    // Someone buys every 100 g packet.
    await page.goto(`/products/${TOMATO.id}`);
    await waitForHydration(page);
    await page.getByTestId("sizes").getByRole("link", { name: /100 g/ }).click();
    await expect(page).toHaveURL(/size=/);
    const hundredId = new URL(page.url()).searchParams.get("size") ?? "";
    await seedCart(page, [{ ...line(hundred.stock), product: { ...line(hundred.stock).product, variantId: hundredId } }]);
    await page.goto("/checkout");
    await placeOrder(page, "Cash on Delivery");

    await page.goto(`/products/${TOMATO.id}`);
    const sizes = page.getByTestId("sizes");
    await expect(sizes.getByRole("link")).toHaveText([/10 g/, /50 g/]);
    await expect(sizes.getByText("Sold out")).toBeVisible();
    await page.goto(`/products/${TOMATO.id}?size=${hundredId}`);
    await expect(page.getByTestId("stock-state")).toHaveText("Out of stock");
    await expect(page.getByRole("main").getByRole("button", { name: "Out of Stock" })).toBeDisabled();

    // 2 acres without the 100 g packet: 2 × 50 g + 2 × 10 g.
    await page.goto(`/products/${TOMATO.id}?area=2&unit=acre`);
    const calculator = page.getByRole("region", { name: "Dosage calculator" });
    await expect(calculator.getByRole("list", { name: "Suggested packs" }).getByRole("listitem")).toHaveText([/2 × 10 g/, /2 × 50 g/]);

    // A cart that still holds the sold-out size cannot check out.
    await seedCart(page, [{ ...line(1), product: { ...line(1).product, variantId: hundredId } }]);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toContainText("Out of stock");
    await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveCount(0);
  });
});
