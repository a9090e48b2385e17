import { test, expect } from "./fixtures";
import {
  addProductToCart,
  authDialog,
  createAccount,
  fillRegistration,
  KHURPI,
  loginAs,
  newCustomer,
  passwordInput,
  placeOrder,
  placeOrderButton,
  registerCustomer,
  ROTAVATOR,
  SECATEURS,
  seedCart,
  storedCart,
  todayInIndia,
  TOMATO,
  userMenu,
  VERMICOMPOST,
  waitForHydration,
} from "./helpers";

import { linkIn, waitForMail } from "./mail-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

const summary = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Order Summary" });

test("a new customer registers, fills the cart, checks out with Cash on Delivery, sees the order and logs out", async ({ page }) => {
  test.setTimeout(60_000); // one long journey; every step waits on something observable
  await page.goto("/");
  const customer = await registerCustomer(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login", exact: true })).toHaveCount(0);

  // Browse the catalogue and add two different products from their cards.
  await page.getByRole("banner").getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await addProductToCart(page, TOMATO.name); // ₹549
  await addProductToCart(page, SECATEURS.name); // ₹599
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.getByRole("link", { name: "Cart, 2 items" }).click();
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  const tomato = lines.filter({ hasText: TOMATO.name });
  const secateurs = lines.filter({ hasText: SECATEURS.name });
  const s = summary(page);

  // Prices with GST, each product at its own rate (the store's defaults): both are nil-rated, so
  // ₹549 + ₹599 = ₹1,148 with no GST; shipping ₹500 (not over ₹50,000), untaxed at the order's
  // highest rate, 0%; total ₹1,648.
  await expect(tomato.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await expect(secateurs.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await expect(s.getByTestId("summary-subtotal")).toHaveText("₹1,148");
  await expect(s.getByTestId("summary-shipping")).toHaveText("₹500");
  await expect(s.getByTestId("summary-total")).toHaveText("₹1,648");
  await expect(s.getByTestId("summary-tax")).toHaveText("₹0");
  await expect(s).toContainText("Add ₹48,853 more to get free shipping!");

  // Tomato seeds: + + − → 2.
  await tomato.getByRole("button", { name: "Increase quantity" }).click();
  await expect(tomato.getByTestId("line-quantity")).toHaveValue("2");
  await expect(tomato.getByTestId("line-subtotal")).toHaveText("₹1,098");
  await expect(tomato.getByRole("button", { name: "Decrease quantity" })).toBeEnabled();
  await tomato.getByRole("button", { name: "Increase quantity" }).click();
  await expect(tomato.getByTestId("line-quantity")).toHaveValue("3");
  await expect(tomato.getByTestId("line-subtotal")).toHaveText("₹1,647");
  await expect(s.getByTestId("summary-subtotal")).toHaveText("₹2,246");
  await tomato.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(tomato.getByTestId("line-quantity")).toHaveValue("2");
  await expect(tomato.getByTestId("line-subtotal")).toHaveText("₹1,098");
  await expect(secateurs.getByTestId("line-subtotal")).toHaveText("₹599");
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  // ₹1,697 with no GST; total ₹2,197.
  await expect(s.getByTestId("summary-subtotal")).toHaveText("₹1,697");
  await expect(s.getByTestId("summary-shipping")).toHaveText("₹500");
  await expect(s.getByTestId("summary-total")).toHaveText("₹2,197");
  await expect(s.getByTestId("summary-tax")).toHaveText("₹0");
  await expect(s).toContainText("Add ₹48,304 more to get free shipping!");
  for (const label of ["Subtotal (incl. GST)", "Shipping", "Total", "Includes GST"])
    await expect(s.getByText(label, { exact: true })).toBeVisible();
  await expect(s.getByText("GST (18%)")).toHaveCount(0);

  // Checkout: the address comes from registration.
  await s.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
  await expect(page.getByLabel("Street address")).toHaveValue(customer.street);
  await expect(page.getByLabel("City")).toHaveValue(customer.city);
  await expect(page.getByLabel("State")).toHaveValue(customer.state);
  await expect(page.getByLabel("Pincode")).toHaveValue(customer.pincode);
  await expect(page.getByLabel("Phone")).toHaveValue("+91 98765 43210");
  await expect(page.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
  await expect(page.getByTestId("payment-instructions")).toHaveText("Pay cash upon delivery.");
  await expect(summary(page).getByTestId("summary-total")).toHaveText("₹2,197");
  const orderId = await placeOrder(page, "Cash on Delivery");

  // Confirmation.
  const main = page.getByRole("main");
  await expect(main).toContainText(`#${formatOrderId(orderId)}`);
  await expect(main).toContainText(`placed on ${todayInIndia()}`);
  await expect(page.getByTestId("order-status")).toHaveText("Pending");
  await expect(main).toContainText(`${TOMATO.name}`);
  await expect(main).toContainText("₹549 × 2");
  await expect(main).toContainText(`${SECATEURS.name}`);
  await expect(main).toContainText("₹599 × 1");
  await expect(main.locator("address")).toHaveText(`${customer.street}${customer.city}, ${customer.state} ${customer.pincode}`);
  await expect(main).toContainText("Cash on Delivery");
  const payment = main.getByRole("heading", { name: "Payment summary" }).locator("..");
  await expect(payment).toContainText("Subtotal (incl. GST)₹1,697");
  await expect(payment).toContainText("Shipping₹500");
  await expect(payment).toContainText("Total₹2,197");
  await expect(payment).toContainText("Includes GST₹0");
  await expect(page.getByTestId("order-total")).toHaveText("₹2,197");
  const timeline = page.getByRole("list", { name: "Delivery timeline" });
  const steps = timeline.getByRole("listitem");
  await expect(steps).toHaveCount(4);
  const expected: [string, string, string][] = [
    // A step that has happened shows when (issue 15); the steps ahead keep the spec's estimates.
    ["Order Confirmed", `${todayInIndia()} at `, "true"],
    ["Processing", "1-2 days", "false"],
    ["Shipped", "3-5 days", "false"],
    ["Delivered", "5-7 days", "false"],
  ];
  for (const [i, [label, when, done]] of expected.entries()) {
    await expect(steps.nth(i)).toContainText(label);
    await expect(steps.nth(i)).toContainText(when);
    await expect(steps.nth(i)).toHaveAttribute("data-done", done);
  }
  // The placed order empties the cart.
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await expect.poll(() => storedCart(page)).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`));

  // My Orders lists it, Pending in orange, linking back to the confirmation.
  await page.getByRole("banner").getByRole("link", { name: "My Orders" }).click();
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  const cards = page.getByTestId("order-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId("order-status")).toHaveText("Pending");
  await expect(cards.getByTestId("order-status")).toHaveClass(/orange/);
  await expect(cards).toContainText("₹2,197");
  await expect(cards).toContainText(`${TOMATO.name} (10 g) × 2`); // its first pack size
  await cards.getByRole("link", { name: `Order #${formatOrderId(orderId)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`));
  await expect(page.getByTestId("order-total")).toHaveText("₹2,197");

  // Logout through the user-name menu.
  expect(await page.evaluate(() => window.localStorage.getItem("angle-user"))).toContain(customer.email);
  await userMenu(page, customer).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Register", exact: true })).toBeVisible();
  await expect(userMenu(page, customer)).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "My Orders" })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("angle-user"))).toBeNull();
});

test("the login dialog: show/hide password, the service's error, mode switch and 'Processing...' before success", async ({
  page,
  request,
}) => {
  const existing = await createAccount(request);
  await page.goto("/products");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
  const dialog = authDialog(page);
  await expect(dialog.getByRole("heading", { name: "Login to Angle" })).toBeVisible();
  await expect(page).toHaveURL(/\/products\?auth=login$/);

  // Show / hide the password.
  const password = passwordInput(dialog);
  await expect(password).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await dialog.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // A wrong password: the service's message, the dialog stays open.
  await dialog.getByLabel("Email").fill(existing.email);
  await password.fill("not-the-password");
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?auth=login$/);

  // The switch links toggle the mode; the message belonged to that attempt, so each mode starts clean.
  await dialog.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page).toHaveURL(/\?auth=register$/);
  await expect(dialog.getByLabel("Full name")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Already have an account? Sign in" }).click();
  await expect(dialog.getByRole("heading", { name: "Login to Angle" })).toBeVisible();
  await expect(page).toHaveURL(/\?auth=login$/);
  await expect(dialog.getByLabel("Full name")).toHaveCount(0);
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  // The right password, with 'Processing...' shown while the request is held back.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let posts = 0;
  await page.route("**/account/auth*", async (route) => {
    posts += 1;
    await held;
    await route.continue();
  });
  await dialog.getByLabel("Email").fill(existing.email);
  await password.fill(existing.password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Processing..." })).toBeDisabled();
  await expect(dialog.getByLabel("Email")).toBeDisabled();
  await expect(password).toBeDisabled();
  // The form shows "Processing..." as it sends; the route sees the request a moment later.
  await expect.poll(() => posts).toBe(1);
  release();
  await expect(dialog).toBeHidden();
  await page.unroute("**/account/auth*");
  await expect(page).toHaveURL(/\/products$/);
  await expect(userMenu(page, existing)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
});

test("the register dialog: Escape closes it, a short password and a taken email are refused, reopening starts fresh", async ({
  page,
  request,
}) => {
  const existing = await createAccount(request);
  await page.goto("/");
  await waitForHydration(page);
  const dialog = authDialog(page);
  const register = page.getByRole("banner").getByRole("link", { name: "Register", exact: true });

  await register.click();
  await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await register.click();
  await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await fillRegistration(dialog, newCustomer({ password: "abc12" }));
  await expect(dialog.getByRole("alert")).toHaveText("Password must be at least 8 characters.");
  await expect(passwordInput(dialog)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();

  // Closed and opened again: no message left over.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await register.click();
  await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(passwordInput(dialog)).not.toHaveAttribute("aria-invalid", "true");

  // A taken email (in another case) is answered exactly as a new one: nothing tells the visitor.
  const startedAt = Date.now();
  await fillRegistration(dialog, newCustomer({ email: existing.email.toUpperCase() }));
  await expect(dialog.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const takenAnswer = (await dialog.innerText()).replace(existing.email.toUpperCase(), "<email>");
  await dialog.getByRole("button", { name: "OK" }).click();
  await register.click();
  const fresh = newCustomer();
  await fillRegistration(dialog, fresh);
  await expect(dialog.getByRole("heading", { name: "Check your email" })).toBeVisible();
  expect((await dialog.innerText()).replace(fresh.email, "<email>")).toBe(takenAnswer);
  expect(takenAnswer).toContain("Check your email to finish creating your account");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
  await expect(register).toBeVisible();

  // Only the owner learns of it, by email, with a way back in.
  const notice = await waitForMail(page.url(), existing.email, "registration-attempt", { newerThan: startedAt - 1000 });
  expect(notice.subject).toBe("Someone tried to register at Angle with your email");
  expect(linkIn(notice, "/reset-password")).toMatch(/\/reset-password\?token=[\w-]+$/);
});

test("register, sign in unconfirmed, fill the cart; the order waits for the emailed link; then the order email", async ({ page }) => {
  test.setTimeout(60_000);
  const customer = newCustomer();
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Register", exact: true }).click();
  await fillRegistration(authDialog(page), customer);
  await expect(authDialog(page).getByRole("status")).toHaveText("Check your email to finish creating your account");
  await authDialog(page).getByRole("button", { name: "OK" }).click();

  // Signing in with the password works before the link is opened; ordering does not.
  await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
  await authDialog(page).getByLabel("Email").fill(customer.email);
  await passwordInput(authDialog(page)).fill(customer.password);
  await authDialog(page).getByRole("button", { name: "Login" }).click();
  await expect(userMenu(page, customer)).toBeVisible();
  await seedCart(page, [{ product: TOMATO, quantity: 2 }]);
  await page.goto("/checkout");
  // The answer in place is the banner's scripts' (before they run, the post comes back as a toast:
  // tests/integration/account-email.test.ts).
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Confirm your email address" });
  await expect(banner).toContainText("Your first order can be placed once it is confirmed.");
  await expect(placeOrderButton(page)).toBeDisabled();
  const firstLink = linkIn(await waitForMail(page.url(), customer.email, "verify-email"), "/verify-email");
  await banner.getByRole("button", { name: "Send a new link" }).click();
  await expect(banner.getByRole("status")).toHaveText(`We have sent a new link to ${customer.email}. It works for 24 hours.`);
  // The server refuses an order too, whatever the page shows.
  const refused = await page.request.post("/checkout", {
    form: { items: JSON.stringify([{ productId: TOMATO.id, quantity: 1 }]), checkoutKey: crypto.randomUUID(), paymentMethod: "cod" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(403);

  // The link: a click on the page's button confirms; the checkout opens up.
  await page.goto(firstLink);
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Your email address is confirmed. Welcome to Angle!")).toBeVisible();
  await page.goto("/checkout");
  await expect(banner).toHaveCount(0);
  const orderId = await placeOrder(page);

  const mail = await waitForMail(page.url(), customer.email, "order-placed");
  // ₹549 × 2 = ₹1,098, nil-rated (by rate, the store's default): shipping ₹500, GST ₹0; total ₹1,598.
  for (const figure of ["₹1,098", "₹500", "GST — ₹0", "₹1,598", "Cash on Delivery", `/order-confirmation/${orderId}`]) {
    expect(mail.text, figure).toContain(figure);
  }

  // The link used again signs nobody in and says so.
  await page.goto(firstLink);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Your email address was already confirmed.")).toBeVisible();
});

test("registration: the State comes from the list, fields are bounded, and the summary names the first wrong field", async ({ page }) => {
  await page.goto("/?auth=register");
  await waitForHydration(page);
  const dialog = authDialog(page);
  await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();
  const state = dialog.getByRole("combobox", { name: "State" });
  await expect(state.locator("option", { hasText: "Ladakh" })).toHaveCount(1);
  await expect(state.locator("option", { hasText: "Dadra and Nagar Haveli and Daman and Diu" })).toHaveCount(1);
  await expect(dialog.getByLabel("Full name")).toHaveAttribute("maxlength", "80");
  await expect(dialog.getByLabel("Street address")).toHaveAttribute("maxlength", "200");

  // Eight spaces for a password and a pincode starting with 0: each refused beside its field.
  await fillRegistration(dialog, newCustomer({ password: "        ", pincode: "012345" }));
  await expect(dialog.getByRole("alert")).toHaveText("Password cannot be only spaces.");
  await expect(dialog.getByText("Pincode must be 6 digits and cannot start with 0.")).toBeVisible();
  await expect(dialog.getByLabel("Pincode")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();
});

test("a guest at checkout sees the login dialog and cannot place the order until logged in", async ({ page, request }) => {
  const existing = await createAccount(request);
  await page.goto("/");
  await seedCart(page, [{ product: TOMATO, quantity: 1 }]);
  await page.goto("/checkout");
  const dialog = authDialog(page);
  await expect(dialog.getByRole("heading", { name: "Login to Angle" })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?auth=login$/);
  const button = page.getByRole("button", { name: "Login to Place Order" });
  await expect(button).toBeDisabled();
  await expect(page.getByLabel("Street address")).toBeDisabled();

  // Closing the dialog leaves the guest on the page (not trapped behind a dialog that reopens).
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText("Please log in or create an account to place your order.")).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(dialog).toBeHidden();
  await page.getByRole("main").getByRole("link", { name: "Login", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Login to Angle" })).toBeVisible();

  await dialog.getByLabel("Email").fill(existing.email);
  await passwordInput(dialog).fill(existing.password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(placeOrderButton(page)).toBeEnabled();
  await expect(page.getByLabel("Street address")).toHaveValue(existing.street);
});

test("checkout with an empty cart goes back to the cart", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();

  await loginAs(page);
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
});

test("the cart brings stored lines up to date: new prices, unknown products, out of stock", async ({ page }) => {
  await page.goto("/");
  await seedCart(page, [
    { product: TOMATO, quantity: 2, pricePaise: 40000 }, // stored at ₹400, sold at ₹549
    {
      product: {
        id: "nosuchproduct1",
        name: "Bullock Cart Wheel",
        pricePaise: 99900,
        image: "/images/none.svg",
        category: "tools",
        stock: 5,
      },
      quantity: 1,
    },
  ]);
  await page.goto("/cart");
  const notices = page.getByRole("status").filter({ hasText: "changed" });
  await expect(notices).toContainText("The price of Hybrid Tomato Seeds (Arka Rakshak) (10 g) changed from ₹400 to ₹549.");
  await expect(notices).toContainText("Bullock Cart Wheel is no longer available and was removed from your cart.");
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText("₹549 each");
  await expect(lines).toContainText("Price changed (was ₹400)");
  await expect(lines.getByTestId("line-subtotal")).toHaveText("₹1,098");
  await expect(summary(page).getByTestId("summary-subtotal")).toHaveText("₹1,098");
  await expect(page.getByText("Bullock Cart Wheel", { exact: true })).toHaveCount(0);
  await expect
    .poll(async () => (await storedCart(page)).map((l) => [l.product.id, l.product.pricePaise, l.quantity]))
    .toEqual([[TOMATO.id, 54900, 2]]);

  // A product that sold out since it was added: flagged, and checkout is blocked. (Seeded from
  // another page, so the open cart page's own quote cannot write over the seeded lines.)
  await page.goto("/about");
  await seedCart(page, [
    { product: TOMATO, quantity: 1 },
    { product: { ...ROTAVATOR, stock: 4 }, quantity: 1 },
  ]);
  await page.goto("/cart");
  const rotavator = page.getByTestId("cart-line").filter({ hasText: ROTAVATOR.name });
  await expect(rotavator.getByText("Out of stock", { exact: true })).toBeVisible();
  await expect(page.getByText("Remove the out-of-stock items to continue.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveCount(0);
  await expect(page.getByText("Proceed to Checkout")).toHaveAttribute("aria-disabled", "true");

  await loginAs(page);
  await page.goto("/checkout");
  await expect(page.getByText("Some items are out of stock. Please update your cart.")).toBeVisible();
  await expect(placeOrderButton(page)).toBeDisabled();

  // Removing it unblocks the cart.
  await page.goto("/cart");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Remove ${ROTAVATOR.name}` }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
});

test("one customer cannot see another customer's order", async ({ page, browser }) => {
  // Customer A places an order in a context of its own.
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  const a = await loginAs(pageA, { street: "7 Secret Orchard Lane", city: "Ratnagiri" });
  await pageA.goto("/");
  await seedCart(pageA, [{ product: KHURPI, quantity: 1 }]);
  await pageA.goto("/checkout");
  const orderId = await placeOrder(pageA);
  await contextA.close();

  // Customer B opens A's confirmation URL.
  await loginAs(page);
  const response = await page.goto(`/order-confirmation/${orderId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  await expect(page.getByText("The order you're looking for doesn't exist or has been removed.")).toBeVisible();
  const main = page.getByRole("main");
  for (const secret of [a.street, a.city, a.name, a.email, KHURPI.name, "Cash on Delivery", orderId, formatOrderId(orderId)]) {
    await expect(main).not.toContainText(secret);
  }
  const html = await page.content();
  for (const secret of [a.street, a.email, KHURPI.name]) expect(html).not.toContain(secret);
});

test("a cart line from before pack sizes is checked once: Place Order is not taken away again", async ({ page }) => {
  await loginAs(page);
  await page.goto("/");
  // seedCart stores a line without its size, as carts saved before pack sizes were, and such a cart was
  // saved before the store kept the cookie copy of it too: the browser checks it, once.
  await seedCart(page, [{ product: VERMICOMPOST, quantity: 1 }], { cookie: false });
  const quotes: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/resources/cart-quote")) quotes.push(url.searchParams.get("ids") ?? "");
  });
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(placeOrderButton(page)).toBeEnabled();
  // The answer names the line's size, which rewrites the stored line. The cart it leaves was just
  // checked: asking again disabled Place Order for a moment, and a click then was lost (seen in CI).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("angle-cart") ?? "")).toContain("variantId");
  await page.waitForTimeout(500);
  expect(quotes).toHaveLength(1);
  await expect(placeOrderButton(page)).toBeEnabled();
});

test("double-clicking Place Order places exactly one order", { tag: "@postgres" }, async ({ page }) => {
  await loginAs(page);
  await page.goto("/");
  await seedCart(page, [{ product: VERMICOMPOST, quantity: 1 }]);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(placeOrderButton(page)).toBeEnabled();
  await placeOrderButton(page).dblclick();
  await page.waitForURL(/\/order-confirmation\/[a-z0-9]+$/);
  await expect(page.getByTestId("order-status")).toHaveText("Pending");

  // Two submissions of the same checkout form in a row (a second tab, a resubmit): still one order.
  await seedCart(page, [{ product: VERMICOMPOST, quantity: 1 }]);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(placeOrderButton(page)).toBeEnabled();
  await page
    .locator("main form[method=post]")
    .first()
    .evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
  await page.waitForURL(/\/order-confirmation\/[a-z0-9]+$/);

  await page.goto("/orders");
  await expect(page.getByTestId("order-card")).toHaveCount(2);
});

test("My Orders asks a guest to log in and shows 'No orders yet' to a new customer", async ({ page }) => {
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "Please log in" })).toBeVisible();
  await expect(page.getByText("Log in to see your orders.")).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Login" }).click();
  await expect(authDialog(page).getByRole("heading", { name: "Login to Angle" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(authDialog(page)).toBeHidden();

  await loginAs(page);
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
  await expect(page.getByTestId("order-card")).toHaveCount(0);
});
