import { test as base, expect, waitForHydration } from "./fixtures";
import { ADMIN, customerContext, loginAsAdmin, unique } from "./admin-helpers";
import { startPrivateStore } from "./private-store";
import { placeOrder, seedCart, TOMATO } from "./helpers";
import { toasts } from "./toast-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

// Payment settings change what every checkout offers, and these tests expect Razorpay's keys unsaved:
// they run on a store of their own, not shared with the other settings tests (admin-fixtures.ts), which save keys.
const test = base.extend<object, { paymentsURL: string }>({
  paymentsURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("payments", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use(store.url);
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ paymentsURL }, use) => use(paymentsURL),
});
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page, baseURL }) => {
  await loginAsAdmin(page, baseURL);
});

test("a custom method is shown by its display name at checkout, on the confirmation and to the admin", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const key = `upi_manual_${unique()}`;
  await page.goto("/admin/payment-settings");
  await waitForHydration(page);
  const add = page.getByRole("form", { name: "Add payment method" });
  await add.getByLabel("Display name", { exact: true }).fill("UPI (manual)");
  await add.getByLabel("Unique key").fill(key);
  await add.getByRole("checkbox", { name: "Enabled" }).check();
  await add.getByLabel("Instructions", { exact: true }).fill("Pay to angle@upi and keep the reference.");
  await add.getByRole("button", { name: "Add Payment Method" }).click();
  await expect(toasts(page)).toContainText("Added UPI (manual).");
  try {
    const shopper = await customerContext(browser, baseURL);
    await seedCart(shopper.page, [{ product: TOMATO, quantity: 1 }]);
    await shopper.page.goto("/checkout");
    await expect(shopper.page.getByRole("radio", { name: "UPI (manual)" })).toBeVisible();
    const orderId = await placeOrder(shopper.page, "UPI (manual)");
    const main = shopper.page.getByRole("main");
    await expect(main).toContainText("UPI (manual)");
    await expect(main).not.toContainText(key.replace(/_/g, " "));
    await shopper.context.close();

    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole("main")).toContainText("UPI (manual)");
    await page.goto("/admin/orders");
    await expect(page.getByRole("row", { name: new RegExp(formatOrderId(orderId)) })).toContainText("UPI (manual)");
  } finally {
    await page.request.post("/admin/payment-settings", { form: { method: key, intent: "remove" }, headers: { origin: String(baseURL) } });
  }
});

test("Razorpay cannot be enabled without its keys: the fields say which is missing", async ({ page }) => {
  await page.goto("/admin/payment-settings");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Razorpay" });
  await form.getByLabel("API key").fill("");
  await form.getByRole("checkbox", { name: "Enabled" }).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Enter the API key to enable Razorpay.").first()).toBeVisible();
  await expect(form.getByLabel("API key")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Secret key")).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(form.getByRole("checkbox", { name: "Enabled" })).not.toBeChecked();
});

test("the new-method form shows only the fields of the chosen type", async ({ page }) => {
  await page.goto("/admin/payment-settings");
  await waitForHydration(page);
  const add = page.getByRole("form", { name: "Add payment method" });
  const type = add.getByLabel("Type");
  await expect(type).toHaveValue("offline");
  await expect(add.getByLabel("API key (gateway)")).toHaveCount(0);
  await expect(add.getByLabel("IFSC code (bank)")).toHaveCount(0);
  await type.selectOption("gateway");
  await expect(add.getByLabel("API key (gateway)")).toBeVisible();
  await expect(add.getByLabel("Secret key (gateway)")).toBeVisible();
  await expect(add.getByLabel("IFSC code (bank)")).toHaveCount(0);
  await type.selectOption("bank");
  await expect(add.getByLabel("API key (gateway)")).toHaveCount(0);
  for (const label of ["Account name (bank)", "Account number (bank)", "Bank name (bank)", "IFSC code (bank)"]) {
    await expect(add.getByLabel(label)).toBeVisible();
  }
});
