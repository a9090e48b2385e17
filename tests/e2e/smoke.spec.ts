import { test, expect } from "./fixtures";

// (axe checks the home page once, in accessibility.spec.ts.)

test("home page shows the catalogue", { tag: "@postgres" }, async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(8);
});
