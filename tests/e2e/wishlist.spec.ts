import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { authDialog } from "./helpers";
import { adminContext, createProduct, customerContext, sizeRow } from "./admin-helpers";
import { waitForMail } from "./mail-helpers";
import { baseURL } from "../../playwright.config";
import { toasts } from "./toast-helpers";

test("a customer saves a product to their wishlist, asks to hear when a sold-out one is back, and gets one email when the admin restocks it", async ({
  page,
  browser,
}) => {
  test.slow(); // two browser contexts: the admin's and the customer's
  const { context: adminSide, admin } = await adminContext(browser);
  const product = await createProduct(admin, { stock: 0, price: "320", name: `Wishlist Sprayer ${Date.now().toString(36)}` });

  // A guest's tap on Save asks them to log in, on the same page.
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}\\?auth=login$`));
  await expect(authDialog(page)).toBeVisible();

  const { context, page: shopper, customer } = await customerContext(browser);
  await shopper.goto(`/products/${product.id}`);
  const save = shopper.getByRole("button", { name: "Save", exact: true });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await save.click();
  await expect(toasts(shopper)).toContainText("Saved to your wishlist.");
  await expect(shopper.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "true");

  await shopper.getByRole("button", { name: "Tell me when it's back" }).click();
  await expect(toasts(shopper)).toContainText("we'll tell you once when it's back in stock");
  await expect(shopper.getByTestId("back-in-stock-waiting")).toBeVisible();
  await expectAccessible(shopper);

  // The wishlist, from the account menu's page.
  await shopper.goto("/account/wishlist");
  const item = shopper.getByTestId("wishlist-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(product.name);
  await expect(item).toContainText("Out of stock");
  await expect(shopper.getByTestId("waiting-items")).toContainText(product.name);
  await expectAccessible(shopper);

  // The admin restocks it from the product form.
  await admin.goto(`/admin/products/${product.id}`);
  await waitForHydration(admin);
  await sizeRow(admin, 1).getByLabel("Stock", { exact: true }).fill("25");
  await admin.getByRole("button", { name: "Save Changes" }).click();
  await expect(admin).toHaveURL(/\/admin\/products$/);

  const mail = await waitForMail(baseURL, customer.email, "back-in-stock");
  expect(mail.subject).toBe(`${product.name} is back in stock`);
  expect(mail.text).toContain(`/products/${product.id}`);

  // Done: the request is closed, and the wishlist shows it in stock with Add to cart.
  await shopper.goto("/account/wishlist");
  await waitForHydration(shopper);
  await expect(shopper.getByTestId("waiting-items")).toHaveCount(0);
  await expect(item).toContainText("In stock");
  await item.getByRole("button", { name: /Add to cart/i }).click();
  // The same list in Hindi.
  await shopper.goto("/hi/account/wishlist");
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("मेरी पसंद की सूची");
  await expect(item).toContainText("स्टॉक में है");
  await shopper.goto("/account/wishlist");
  await shopper.getByRole("button", { name: `Remove ${product.name} from your wishlist` }).click();
  await expect(shopper.getByTestId("wishlist-item")).toHaveCount(0);

  await context.close();
  await adminSide.close();
});
