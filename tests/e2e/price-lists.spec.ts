import { formatPaise } from "../../app/platform/core/money";
import { displayPrice } from "../../app/features/tax/domain/gst";
import { percentOffPrice } from "../../app/features/price-lists/domain/member-price";
import { loginAsAdmin, unique } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { loginAs, placeOrder, VERMICOMPOST } from "./helpers";
import { toasts } from "./toast-helpers";

/*
 * Customer groups and price lists (issue 31, docs/decisions/054-price-lists.md), end to end: an admin makes a
 * group, adds a customer by email, gives the group 10% off a product; the member sees the group's price on the
 * product page (drawn by the server, fresh for a signed-in visitor even after a stranger's visit filled the page
 * cache) and pays it at checkout. The rule, the order's transaction on both engines and the forms' refusals are
 * proven in app/features/price-lists/**.test.ts and tests/integration/admin-price-lists.test.ts.
 */

/** An instant as the admin types it: `datetime-local` in India time. */
const indiaLocal = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 16);

test("an admin gives a group its own price; the member sees it on the product page and pays it", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const group = `Dealers ${unique()
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(-6)}`;
  // Vermicompost 25 kg: ₹428.58 before 5% GST; 10% off it, shown with GST as the store shows prices.
  const unit = percentOffPrice(VERMICOMPOST.pricePaise, 10);
  const shown = formatPaise(displayPrice(unit, 5, { mode: "by_rate", display: "inclusive" }));

  // A stranger's visit: the page goes into the anonymous page cache, without any group's price.
  const strangerContext = await browser.newContext({ baseURL });
  const stranger = await strangerContext.newPage();
  await stranger.goto(`/products/${VERMICOMPOST.id}`);
  await expect(stranger.getByTestId("price")).toBeVisible();
  await expect(stranger.getByTestId("member-price")).toHaveCount(0);
  await strangerContext.close();

  const customer = await loginAs(page);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/customer-groups");
  await waitForHydration(admin);
  await admin.getByRole("textbox", { name: "Name", exact: true }).fill(group);
  await admin.getByRole("button", { name: "Create group" }).click();
  await expect(toasts(admin)).toContainText(`Group “${group}” created.`);
  await admin.getByLabel("Customer's email").fill("nobody-at-all@example.in");
  await admin.getByRole("button", { name: "Add member" }).click();
  await expect(admin.getByText("No customer has the email nobody-at-all@example.in.")).toBeVisible();
  await admin.getByLabel("Customer's email").fill(customer.email);
  await admin.getByRole("button", { name: "Add member" }).click();
  await expect(admin.getByTestId("member-row")).toContainText(customer.email);
  await expectAccessible(admin);

  await admin.goto("/admin/price-lists/new");
  await waitForHydration(admin);
  await admin.getByLabel("Customer group").selectOption({ label: group });
  await admin.getByRole("textbox", { name: "Name", exact: true }).fill(`${group} prices`);
  await admin.getByLabel("Starts (India time)").fill(indiaLocal(Date.now() - 86_400_000));
  await admin.getByRole("button", { name: "Create price list" }).click();
  await expect(toasts(admin)).toContainText("created, paused");
  const productForm = admin.getByRole("form", { name: "A percentage off a product" });
  await productForm.getByLabel("Product id").fill(VERMICOMPOST.id);
  await productForm.getByLabel("Percent off").fill("100");
  await productForm.getByRole("button", { name: "Add price" }).click();
  await expect(admin.getByText("A percentage off is a whole number from 1 to 99.")).toBeVisible();
  await admin.getByRole("form", { name: "A percentage off a product" }).getByLabel("Percent off").fill("10");
  await admin.getByRole("form", { name: "A percentage off a product" }).getByRole("button", { name: "Add price" }).click();
  await expect(admin.getByTestId("entry-row")).toContainText("10% off");
  await expectAccessible(admin);
  await admin.goto("/admin/price-lists");
  await admin.getByRole("button", { name: `Turn on ${group} prices` }).click();
  await expect(toasts(admin)).toContainText("Price list turned on.");
  await adminContext.close();

  // The member's page is drawn for them: the group's price, not the stranger's cached page.
  await page.goto(`/products/${VERMICOMPOST.id}`);
  await expect(page.getByTestId("member-price")).toHaveText(`${group} price ${shown} each`);
  await expectAccessible(page);

  // Added from the page, the cart holds the group's price: no "price changed" once the server quotes it.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByTestId("cart-line")).toContainText(`${shown} each`);
  await expect(page.getByTestId("cart-line")).not.toContainText("Price changed");
  await page.goto("/checkout");
  const orderId = await placeOrder(page, "Cash on Delivery");
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByRole("main")).toContainText(shown);
  await expect(page.getByRole("main")).toContainText(formatPaise(2 * displayPrice(unit, 5, { mode: "by_rate", display: "inclusive" })));
});
