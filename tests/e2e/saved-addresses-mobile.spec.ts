import { expect, test } from "./fixtures";
import { expectNoHorizontalScroll, loginAs, placeOrder, seedCart, TOMATO, waitForHydration } from "./helpers";

test("on a phone a customer keeps a second address, the pincode fills its city and State, and the last one used is offered next time", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginAs(page); // registered with 12 Gangapur Road, Nashik
  await page.goto("/account/addresses");
  await waitForHydration(page);
  const book = page.getByTestId("saved-addresses");
  await expect(book.getByRole("listitem")).toHaveCount(1);

  const form = page.getByRole("region", { name: "Add an address" });
  await form.getByLabel("Pincode").fill("452001");
  await expect(form.getByLabel("City")).toHaveValue("Indore");
  await expect(form.getByLabel("State / Union Territory")).toHaveValue("Madhya Pradesh");
  await form.getByLabel("Street address").fill("45 Rajwada Chowk");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(book.getByRole("listitem")).toHaveCount(2);
  await expect(form.getByLabel("Street address")).toHaveValue(""); // saved: the form starts again
  await expectNoHorizontalScroll(page);

  await seedCart(page, [{ product: TOMATO, quantity: 1 }]);
  await page.goto("/checkout");
  await waitForHydration(page);
  const choices = page.getByTestId("checkout-saved-addresses");
  await expect(choices.getByRole("radio", { name: /12 Gangapur Road/ })).toBeChecked();
  await choices.getByRole("radio", { name: /45 Rajwada Chowk/ }).check();
  await expect(page.getByLabel("Street address")).toHaveValue("45 Rajwada Chowk");
  await expect(page.getByLabel("City")).toHaveValue("Indore");
  await expectNoHorizontalScroll(page);
  await placeOrder(page);

  await seedCart(page, [{ product: TOMATO, quantity: 1 }]);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByTestId("checkout-saved-addresses").getByRole("radio", { name: /45 Rajwada Chowk/ })).toBeChecked();
  await expect(page.getByLabel("Street address")).toHaveValue("45 Rajwada Chowk");
});
