import { defined } from "../../app/platform/defined";
import { test, expect, waitForHydration } from "./admin-fixtures";
import { loginAsAdmin } from "./admin-helpers";
import { cardNames } from "./storefront-helpers";

/* Issue 12: admins extend the synonyms a search uses; a new pair works at once, both ways. */
test("an admin adds a synonym pair, shoppers find by it, and deleting it takes it back", async ({ page, baseURL }) => {
  await loginAsAdmin(page, defined(baseURL, "this worker's store"));
  await page.goto("/admin/search-synonyms");
  await expect(page.getByRole("heading", { level: 1, name: "Search Synonyms" })).toBeVisible();
  await expect(page.getByText("fertiliser ↔ fertilizer")).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel("Word or phrase").fill("Nirai");
  await page.getByLabel("Means the same as").fill("weeder");
  await page.getByRole("button", { name: "Add pair" }).click();
  await expect(page.getByText("nirai ↔ weeder")).toBeVisible();

  // The same pair again, the other way round, is refused with a message.
  await page.getByLabel("Word or phrase").fill("weeder");
  await page.getByLabel("Means the same as").fill("nirai");
  await page.getByRole("button", { name: "Add pair" }).click();
  await expect(page.getByText("“weeder” and “nirai” are already synonyms.")).toBeVisible();

  await page.goto("/products?q=nirai");
  await expect(cardNames(page)).toHaveText(["Khurpi Hand Weeder (Pack of 2)"]);

  await page.goto("/admin/search-synonyms");
  await page.getByRole("button", { name: "Delete nirai ↔ weeder" }).click();
  await expect(page.getByText("nirai ↔ weeder")).toHaveCount(0);
  await page.goto("/products?q=nirai");
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
});

test("a bad pair is a 400 with a clear message", async ({ page, baseURL }) => {
  const store = defined(baseURL, "this worker's store");
  await loginAsAdmin(page, store);
  const response = await page.request.post(`${store}/admin/search-synonyms`, {
    form: { intent: "add", term: "okra", variant: "OKRA" },
    headers: { Origin: store },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("The two words are the same.");
});
