import { test, expect, expectAccessible, waitForHydration } from "./fixtures";
import { ADMIN, createProduct, loginAsAdmin, sizeRow } from "./admin-helpers";

/*
 * The audit trail (issue 33, docs/decisions/061-audit-trail.md): an owner changes a product's price,
 * then finds the change — before and after, with their name — in /admin/audit, filtered to them and
 * to the product, and on the product's own History.
 */
test("an owner's price change is in the audit trail and on the product's history", async ({ page }) => {
  await loginAsAdmin(page);
  const product = await createProduct(page, { price: "250" });
  await page.goto(`/admin/products/${product.id}`);
  await waitForHydration(page);
  await sizeRow(page, 1).getByLabel("Price (₹)").fill("240");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Trail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Trail" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Person (email)").fill(ADMIN.email);
  await page.getByLabel("Object id").fill(product.id);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`object=${product.id}`));
  const entries = page.getByTestId("audit-entries").getByRole("listitem");
  await expect(entries).toHaveCount(2);
  const update = entries.filter({ hasText: "product.update" });
  await expect(update).toContainText("Standard · price_paise");
  await expect(update.getByRole("row", { name: /price_paise/ })).toContainText("₹250.00");
  await expect(update.getByRole("row", { name: /price_paise/ })).toContainText("₹240.00");
  await expect(entries.filter({ hasText: "product.create" })).toBeVisible();
  await expectAccessible(page);

  await update.getByRole("link", { name: `product ${product.id}` }).click();
  const history = page.getByTestId("audit-history");
  await expect(history.getByRole("heading", { name: /History/ })).toBeVisible();
  await expect(history.getByRole("listitem").first()).toContainText("product.update");
  await expect(history.getByRole("listitem").first()).toContainText("₹240.00");
});
