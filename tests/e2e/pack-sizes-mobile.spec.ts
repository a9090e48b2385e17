import { test, expect } from "./fixtures";
import { expectNoHorizontalScroll, loginAs, placeOrder, storedCart, TOMATO, waitForHydration } from "./helpers";

/**
 * Issue 12's farmer: on a phone, shops by crop, finds a seed in three pack sizes, asks the dosage
 * calculator for 2 acres, adds the packs it suggests and checks out. The sample catalogue's tomato
 * seeds: 10 g ₹549, 50 g ₹2,499, 100 g ₹4,699, 60 g an acre; for 2 acres (120 g) the cheapest cover
 * is 1 × 100 g + 2 × 10 g = ₹5,797 (app/features/catalog/server/seed/catalog.ts).
 */
test("a farmer picks Tomato, sizes the seed for 2 acres with the calculator, adds the packs and checks out", async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page);
  await page.goto("/");
  await waitForHydration(page);
  const byCrop = page.getByRole("region", { name: "Shop by crop" });
  await byCrop.getByRole("link", { name: /Tomato/ }).click();
  await expect(page).toHaveURL(/\/crops\/tomato$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Tomato");
  await expectNoHorizontalScroll(page);

  const card = page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name: TOMATO.name, exact: true }) });
  await expect(card).toContainText("from ₹549");
  await card.getByRole("link", { name: /choose size/i }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TOMATO.name);
  const sizes = page.getByTestId("sizes");
  await expect(sizes.getByRole("link")).toHaveText([/10 g/, /50 g/, /100 g/]);
  await expect(page.getByTestId("dosage")).toHaveText("60 g per acre");
  await expectNoHorizontalScroll(page);

  await waitForHydration(page);
  const calculator = page.getByRole("region", { name: "Dosage calculator" });
  await calculator.getByLabel("Field area").fill("2");
  await calculator.getByLabel("Unit").selectOption("acre");
  await calculator.getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(/area=2/);
  await expect(calculator).toContainText("For 2 acres you need 120 g");
  await expect(calculator).toContainText("1 × 100 g");
  await expect(calculator).toContainText("2 × 10 g");
  await expect(calculator).toContainText("₹5,797");
  await calculator.getByRole("button", { name: "Add these to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await expect
    .poll(async () => (await storedCart(page)).map((l) => [l.product.variantLabel, l.quantity]).sort())
    .toEqual([
      ["10 g", 2],
      ["100 g", 1],
    ]);

  await page.getByRole("link", { name: "Cart, 3 items" }).click();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: "Size: 100 g" }).getByTestId("line-subtotal")).toHaveText("₹4,699");
  await expect(lines.filter({ hasText: "Size: 10 g" }).getByTestId("line-subtotal")).toHaveText("₹1,098");
  await expectNoHorizontalScroll(page);
  await page.getByRole("link", { name: "Proceed to Checkout" }).tap();
  await expect(page).toHaveURL(/\/checkout$/);
  await placeOrder(page, "Cash on Delivery");
  const main = page.getByRole("main");
  await expect(main).toContainText(`${TOMATO.name} (100 g)`);
  await expect(main).toContainText(`${TOMATO.name} (10 g)`);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
});
