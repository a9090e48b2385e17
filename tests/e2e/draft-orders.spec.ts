import { expect, expectAccessible, test } from "./fixtures";
import { SECATEURS, waitForHydration } from "./helpers";
import { loginAsAdmin } from "./admin-helpers";

const freshMobile = () => `8${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

/*
 * Draft orders (docs/decisions/064-draft-orders.md): the desk saves a farmer's order, changes it, gives a
 * discount with a reason, and places it when the farmer agrees; the order shows the store's discount.
 */
test("the phone desk saves a draft, changes its quantity, discounts it with a reason and places it", async ({ page }) => {
  // A name of this test's own: a retry, or another run against the same store, finds only its draft.
  const farmer = `Sunita ${[...freshMobile().slice(-5)].map((d) => "abcdefghij"[Number(d)]).join("")} Pawar`;
  await loginAsAdmin(page);
  await page.goto("/admin/assisted-orders/new");
  await waitForHydration(page);
  await page.getByLabel("Mobile number").fill(freshMobile());
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await page.getByLabel("Name").fill(farmer);
  await page.getByLabel("Street / village").fill("Ward 1, Khed");
  await page.getByLabel("Town / district").fill("Pune");
  await page.getByLabel("State").selectOption("Maharashtra");
  await page.getByLabel("Pincode").fill("411001");
  await page.getByRole("button", { name: "Add farmer and tell them by SMS" }).click();
  await page.getByLabel("Product name or SKU").fill(SECATEURS.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page
    .getByTestId("assist-result")
    .filter({ hasText: SECATEURS.name })
    .first()
    .getByRole("button", { name: "Add", exact: true })
    .click();
  await expect(page.getByTestId("assist-line")).toContainText(`${SECATEURS.name} × 1`);
  await page.getByRole("button", { name: "Save as draft", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Draft order for ${farmer}` })).toBeVisible();
  await expect(page.getByTestId("discount-limit")).toContainText("As Owner you may take off at most 100%");
  const forOne = await page.getByTestId("draft-total").textContent();
  await page.getByLabel(/^Quantity of/).fill("3");
  await page.getByRole("button", { name: "Save quantities" }).click();
  // The field says 3 as soon as it is typed: the total, priced again by the server, says it is saved.
  // Until then every button of the page is disabled, and a click on "Give discount" would be lost.
  await expect(page.getByTestId("draft-total")).not.toHaveText(forOne ?? "");
  await expect(page.getByRole("button", { name: "Give discount" })).toBeEnabled();
  await expect(page.getByLabel(/^Quantity of/)).toHaveValue("3");
  const before = await page.getByTestId("draft-total").textContent();
  await page.getByLabel("Amount (₹)").fill("100");
  await page.getByLabel("Reason").fill("Buys every season");
  await page.getByRole("button", { name: "Give discount" }).click();
  await expect(page.getByText("₹100 off: “Buys every season”")).toBeVisible();
  await expect(page.getByTestId("draft-total")).not.toHaveText(before ?? "");
  await expectAccessible(page);
  const total = await page.getByTestId("draft-total").textContent();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Draft Orders", exact: true }).click();
  await expect(page.getByTestId("draft-row").filter({ hasText: farmer })).toContainText(total ?? "");
  await page.getByRole("link", { name: farmer }).click();
  await page.getByRole("radio", { name: "Cash on delivery" }).check();
  await page.getByRole("button", { name: "Place order", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[a-z0-9]+$/);
  await expect(page.getByTestId("admin-order-offer")).toContainText("Discount from the store");
});
