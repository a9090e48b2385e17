import type { Page } from "@playwright/test";
import { sampleReviews } from "../../app/features/catalog/server/seed/sample-reviews";
import { createProduct, loginAsAdmin, ORIGIN, placeCustomerOrder } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { expectNoHorizontalScroll, TOMATO, todayInIndia } from "./helpers";
import { toasts } from "./toast-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/*
 * Real ratings and reviews (issue 13): a customer whose order was delivered reviews the product
 * from My Orders, the product's rating and count change, the review shows as a verified purchase;
 * an admin hides it and it is gone from the page and the numbers. On the shared server, with a
 * product of the test's own (the sample catalogue's ratings stay as they are for other specs).
 */

/** The admin (signed in on `page`) moves an order along to delivered, as the order page's form does. */
async function deliver(page: Page, orderId: string) {
  for (const status of ["confirmed", "shipped", "delivered"]) {
    // Shipping records the courier and tracking (issue 15).
    const form: Record<string, string> = status === "shipped" ? { status, courier: "Delhivery", tracking: "1234567890" } : { status };
    const moved = await page.request.post(`/admin/orders/${orderId}`, { form, headers: ORIGIN, maxRedirects: 0 });
    expect(moved.status(), `order marked ${status}`).toBe(303);
  }
}

const reviewsSection = (page: Page) => page.getByRole("region", { name: "Customer reviews" });

test("a customer reviews a delivered product from My Orders, edits it, and an admin hides it", async ({ page, browser }) => {
  test.slow(); // two browser contexts, an order moved to delivered, several pages
  await loginAsAdmin(page);
  const product = await createProduct(page, { name: `Reviewed Sickle ${Date.now().toString(36)}`, price: "180", category: "tools" });
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 1 }]);
  const customer = shopper.page;
  const firstName = shopper.customer.name.split(" ")[0] ?? "";

  // Before delivery: no link on My Orders, and the form says why (a 403).
  await customer.goto("/orders");
  const card = customer.getByTestId("order-card").filter({ hasText: formatOrderId(shopper.orderId) });
  await expect(card.getByTestId("order-status")).toHaveText("Pending");
  await expect(card.getByRole("link", { name: /Write a review/ })).toHaveCount(0);
  const early = await customer.goto(`/orders/review/${product.id}`);
  expect(early?.status()).toBe(403);
  await expect(customer.getByRole("alert")).toHaveText("You can review a product once an order with it has been delivered to you.");
  const crafted = await customer.request.post(`/orders/review/${product.id}`, {
    form: { rating: "5", body: "Never arrived, but five stars." },
    headers: ORIGIN,
    maxRedirects: 0,
  });
  expect(crafted.status()).toBe(403);

  await deliver(page, shopper.orderId);
  await customer.goto(`/products/${product.id}`);
  await expect(customer.getByText("No reviews yet", { exact: true })).toBeVisible();
  await expect(reviewsSection(customer)).toContainText(
    "No reviews yet. Customers who have received this product can review it from My Orders.",
  );

  // My Orders → Write a review.
  await customer.goto("/orders");
  await expectAccessible(customer);
  await waitForHydration(customer);
  await card.getByRole("link", { name: `Write a review of ${product.name}` }).click();
  await expect(customer).toHaveURL(new RegExp(`/orders/review/${product.id}$`));
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`Review ${product.name}`);
  await expectAccessible(customer);

  // A form with no rating and too short a text is refused, with a message for each.
  await customer.getByRole("textbox", { name: "Your review" }).fill("Good");
  await customer.getByRole("button", { name: "Publish review" }).click();
  await expect(customer.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
  await expect(customer.getByText("Please write at least 10 characters about the product.")).toBeVisible();

  await customer.getByRole("radio", { name: /^4 stars/ }).check();
  await customer
    .getByRole("textbox", { name: "Your review" })
    .fill("  Sharp edge, good grip. Cut a whole field of fodder without slipping.  ");
  await customer.getByRole("button", { name: "Publish review" }).click();
  await expect(toasts(customer)).toContainText("Thank you! Your review is published.");
  await expect(customer).toHaveURL(new RegExp(`/products/${product.id}#reviews$`));
  await expect(customer.getByTestId("rating-link")).toContainText("4.0(1 review)");
  const section = reviewsSection(customer);
  await expect(section.getByTestId("rating-summary")).toContainText("4.0out of 5");
  await expect(section.getByTestId("rating-summary")).toContainText("Based on 1 review");
  const item = section.getByTestId("reviews").getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Rated 4 out of 5");
  await expect(item).toContainText(firstName);
  await expect(item).toContainText("Verified purchase");
  await expect(item).toContainText(todayInIndia());
  await expect(item).toContainText("Sharp edge, good grip. Cut a whole field of fodder without slipping.");
  await expect(section).not.toContainText(shopper.customer.email);
  await expectAccessible(customer);

  // The catalogue's card shows the computed numbers too.
  await customer.goto(`/products?q=${encodeURIComponent(product.name)}`);
  await expect(customer.getByTestId("product-card").filter({ hasText: product.name })).toContainText("Rated 4.0 out of 5");

  // Editing keeps one review.
  await customer.goto("/orders");
  await waitForHydration(customer);
  await card.getByRole("link", { name: `Edit your review of ${product.name}` }).click();
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`Edit your review of ${product.name}`);
  await expect(customer.getByRole("radio", { name: /^4 stars/ })).toBeChecked();
  await customer.getByRole("radio", { name: /^2 stars/ }).check();
  await customer.getByRole("textbox", { name: "Your review" }).fill("Handle split after a month of daily use.");
  await customer.getByRole("button", { name: "Update review" }).click();
  await expect(toasts(customer)).toContainText("Your review is updated.");
  await expect(customer.getByTestId("rating-link")).toContainText("2.0(1 review)");
  await expect(reviewsSection(customer).getByTestId("reviews").getByRole("listitem")).toHaveCount(1);
  await expect(reviewsSection(customer)).toContainText("Handle split after a month of daily use.");

  // The admin hides it: gone from the page and from the numbers.
  await page.goto("/admin/reviews");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reviews" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.getByTestId("admin-review").filter({ hasText: product.name });
  await expect(row).toContainText(shopper.customer.email);
  await expect(row).toContainText("2 out of 5");
  await expect(row.getByTestId("admin-review-state")).toHaveText("Visible");
  await expectAccessible(page);
  await waitForHydration(page);
  await row.getByRole("button", { name: /^Hide/ }).click();
  await expect(toasts(page)).toContainText("Review hidden.");
  await expect(row.getByTestId("admin-review-state")).toContainText("Hidden by");

  await customer.goto(`/products/${product.id}`);
  await expect(customer.getByText("No reviews yet", { exact: true })).toBeVisible();
  await expect(reviewsSection(customer)).not.toContainText("Handle split");
  await customer.goto("/orders");
  await card.getByRole("link", { name: `Edit your review of ${product.name}` }).click();
  await expect(customer.getByText("Our team has hidden this review from the product page.")).toBeVisible();

  // Unhide brings it back; a customer or a stranger cannot do either.
  await row.getByRole("button", { name: /^Unhide/ }).click();
  await expect(toasts(page)).toContainText("Review shown again.");
  await customer.goto(`/products/${product.id}`);
  await expect(customer.getByTestId("rating-link")).toContainText("2.0(1 review)");
  const id = await row.locator('input[name="id"]').inputValue();
  const notAdmin = await customer.request.post("/admin/reviews", { form: { intent: "hide", id }, headers: ORIGIN, maxRedirects: 0 });
  expect(notAdmin.status()).toBe(403);
  await customer.reload();
  await expect(customer.getByTestId("rating-link")).toContainText("2.0(1 review)");
  await shopper.context.close();
});

test("the review form works without JavaScript, on a phone", async ({ page, browser }) => {
  test.slow();
  await loginAsAdmin(page);
  const product = await createProduct(page, { name: `No Script Trowel ${Date.now().toString(36)}`, price: "120", category: "tools" });
  const shopper = await placeCustomerOrder(browser, [{ product, quantity: 1 }]);
  await deliver(page, shopper.orderId);
  // On a phone, too: My Orders and the form fit 390 px.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: await shopper.context.storageState(),
  });
  const customer = await plain.newPage();
  await customer.goto("/orders");
  await expectNoHorizontalScroll(customer);
  await customer
    .getByTestId("order-card")
    .filter({ hasText: formatOrderId(shopper.orderId) })
    .getByRole("link", { name: `Write a review of ${product.name}` })
    .click();
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`Review ${product.name}`);
  await expectNoHorizontalScroll(customer);
  // A refused form comes back with what was typed.
  await customer.getByRole("textbox", { name: "Your review" }).fill("Fits the hand well and digs clean holes for seedlings.");
  await customer.getByRole("button", { name: "Publish review" }).click();
  await expect(customer.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
  await expect(customer.getByRole("textbox", { name: "Your review" })).toHaveValue(
    "Fits the hand well and digs clean holes for seedlings.",
  );
  await customer.getByRole("radio", { name: /^5 stars/ }).check();
  await customer.getByRole("button", { name: "Publish review" }).click();
  await expect(customer).toHaveURL(new RegExp(`/products/${product.id}#reviews$`));
  await expect(customer.getByTestId("rating-link")).toContainText("5.0(1 review)");
  await expect(reviewsSection(customer)).toContainText("Verified purchase");
  await plain.close();
  await shopper.context.close();
});

test("the sample catalogue's products show their sample reviews, labelled as such, on a page that fits a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/products/${TOMATO.id}`);
  const count = sampleReviews[TOMATO.id]?.length ?? 0;
  expect(count).toBeGreaterThan(2);
  const section = reviewsSection(page);
  await expect(section.getByTestId("reviews").getByRole("listitem")).toHaveCount(count);
  await expect(section.getByText("Sample review", { exact: true })).toHaveCount(count);
  await expect(section.getByText("Verified purchase")).toHaveCount(0);
  await expect(section.getByRole("list", { name: "Reviews by rating" }).getByRole("listitem")).toHaveCount(5);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await context.close();
});
