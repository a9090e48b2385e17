import { baseURL } from "../../playwright.config";
import { loginAsAdmin } from "./admin-helpers";
import { expect, test, waitForHydration } from "./fixtures";
import { DEVANAGARI, placeOrderInHindi, registerThroughDialog } from "./hindi-helpers";
import { storedCart } from "./helpers";
import { waitForMail } from "./mail-helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/*
 * Issue 16: a farmer whose phone speaks Hindi buys urea's stand-in from start to finish without
 * meeting English: lands on /hi, searches in Hindi ("यूरिया"), adds to the cart, creates an
 * account, pays cash on delivery, reads the confirmation and the emails in Hindi, and finds the
 * tax invoice once the store confirms the order.
 */
test.use({ locale: "hi-IN", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a farmer's journey, all in Hindi: search यूरिया, cart, register, cash on delivery, confirmation, email, invoice", {
  tag: "@postgres",
}, async ({ page, browser }) => {
  test.setTimeout(180_000);

  // Lands on the Hindi store.
  await page.goto("/");
  expect(new URL(page.url()).pathname).toBe("/hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await waitForHydration(page);

  // Searches in Hindi from the header's search box.
  const search = page.getByRole("banner").locator('input[type="search"]').filter({ visible: true }).first();
  expect(await search.getAttribute("placeholder"), "the search box's hint, in Hindi").toMatch(DEVANAGARI);
  await search.fill("यूरिया");
  await search.press("Enter");
  await page.waitForURL((url) => url.pathname === "/hi/products" && url.searchParams.get("q") === "यूरिया");
  const cards = page.getByTestId("product-card");
  await expect(cards.first(), "a product for यूरिया").toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(DEVANAGARI);

  // Adds the first result that is in stock, from its card or its page (pack sizes). In the sample
  // catalogue यूरिया finds only the neem cake (its description names urea), which is sold out: the
  // farmer then looks for खाद (fertilizers), still in Hindi.
  let added = false;
  for (const query of ["यूरिया", "खाद"]) {
    await page.goto(`/hi/products?q=${encodeURIComponent(query)}`);
    await waitForHydration(page);
    const count = await cards.count();
    for (let i = 0; i < count && !added; i++) {
      const cardButton = cards.nth(i).getByRole("button");
      if ((await cardButton.count()) > 0 && (await cardButton.first().isEnabled())) {
        expect(await cardButton.first().innerText(), "Add to Cart, in Hindi").toMatch(DEVANAGARI);
        await cardButton.first().click();
        added = true;
      }
    }
    for (let i = 0; i < count && !added; i++) {
      await page.goto(`/hi/products?q=${encodeURIComponent(query)}`);
      await waitForHydration(page);
      await cards.nth(i).getByRole("heading", { level: 3 }).getByRole("link").click();
      await page.waitForURL(/\/hi\/products\/[a-z0-9]+$/);
      await waitForHydration(page);
      const add = page.getByRole("main").getByRole("button", { name: "कार्ट में डालें" }).first();
      if ((await add.count()) === 0 || !(await add.isEnabled())) continue;
      await add.click();
      added = true;
    }
    if (added) break;
  }
  expect(added, "a product in stock, found in Hindi").toBe(true);
  await expect.poll(async () => (await storedCart(page)).length).toBe(1);

  // Creates an account from the Hindi register dialog; the emailed link signs in.
  await page.goto("/hi/cart?auth=register");
  const customer = await registerThroughDialog(page);
  expect(new URL(page.url()).pathname, "the confirmation keeps Hindi").toMatch(/^\/hi(\/|$)/);

  // Checks out with cash on delivery.
  await page.goto("/hi/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(DEVANAGARI);
  await waitForHydration(page);
  await page.locator('input[name="paymentMethod"][value="cod"]').check();
  await expect(page.getByTestId("payment-instructions"), "the payment note, in Hindi").toHaveText("डिलीवरी पर नकद भुगतान करें।");
  const orderId = await placeOrderInHindi(page);

  // The confirmation, in Hindi.
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  const thanks = page.getByRole("heading", { level: 1 });
  await expect(thanks).toBeVisible();
  expect(await thanks.innerText(), "the confirmation's heading").toMatch(DEVANAGARI);
  expect(await thanks.innerText()).not.toMatch(/[A-Za-z]{3,}/);
  await expect(page.getByRole("main")).toContainText(formatOrderId(orderId));
  await expect(page.getByRole("main")).toContainText("कैश ऑन डिलीवरी");

  // The order's email: a Hindi subject, the order linked.
  const mail = await waitForMail(baseURL, customer.email, "order-placed");
  expect(mail.subject ?? "", "the order email's subject").toMatch(DEVANAGARI);
  expect(mail.text ?? "").toContain(orderId);
  expect(mail.text ?? "", "the email links the order").toContain(`/order-confirmation/${orderId}`);

  // The store confirms the order; My Orders then links its tax invoice, a PDF.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/orders/${orderId}`);
  await waitForHydration(admin);
  await admin.getByLabel("New status").selectOption("confirmed");
  await admin.getByRole("button", { name: "Update Status" }).click();
  await expect(admin.getByTestId("admin-order-status")).toHaveText("Confirmed");
  await adminContext.close();

  await page.goto("/hi/orders");
  const order = page.getByTestId("order-card").filter({ hasText: formatOrderId(orderId) });
  await expect(order).toBeVisible();
  const invoice = order.locator('a[href^="/documents/"]').first();
  await expect(invoice).toBeVisible();
  expect(await invoice.innerText(), "the invoice link's words").toMatch(DEVANAGARI);
  const pdf = await page.request.get((await invoice.getAttribute("href")) ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
});

test("a pack size chosen on a Hindi page is said in Hindi in the cart", async ({ page }) => {
  // The sample catalogue's tomato seeds, sold in 10 g, 50 g and 100 g packs.
  await page.goto("/hi/products/eoczqk4sbbk5");
  await waitForHydration(page);
  const sizes = page.getByTestId("sizes");
  await expect(sizes.getByRole("link")).toHaveText([/10 ग्राम/, /50 ग्राम/, /100 ग्राम/]);
  await sizes.getByRole("link", { name: /50 ग्राम/ }).click();
  await expect(sizes.getByRole("link", { name: /50 ग्राम/ })).toHaveAttribute("aria-current", "true");
  await page.getByRole("main").getByRole("button", { name: "कार्ट में डालें" }).first().click();
  await expect.poll(async () => (await storedCart(page)).length).toBe(1);

  await page.goto("/hi/cart");
  await waitForHydration(page);
  const items = page.getByRole("list", { name: "कार्ट का सामान" });
  await expect(items).toContainText("50 ग्राम");
  await expect(items).not.toContainText(/\b50 g\b/);
});
