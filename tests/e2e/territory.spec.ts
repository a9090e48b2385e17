import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { SAMPLE_DEALER_PRODUCTS } from "../../app/features/catalog/server/seed/sample-dealer.server";
import { defined } from "../../app/platform/defined";
import { ADMIN, customerContext, loginAsAdmin, unique } from "./admin-helpers";
import { test as base, expect, waitForHydration } from "./fixtures";
import type { Database } from "./gst-helpers";
import { placeOrder, placeOrderButton, seedCart } from "./helpers";
import { startPrivateStore } from "./private-store";
import { toasts } from "./toast-helpers";
import { licenceForm, nextYear, registerVendorInUi } from "./vendor-helpers";

/*
 * Dealer territory and subsidised fertilisers (docs/decisions/057-territory.md), in English and in
 * Hindi: the sample Punjab-only fertiliser dealer (loaded by `npm run db:seed -- --sample-dealer`,
 * as a store owner would) cannot deliver its zinc sulphate to Maharashtra: the product page's delivery check says so
 * before the cart, checkout says so and keeps Place Order shut, and the server refuses a forced
 * order; to Punjab it is placed. Its subsidised urea shows its MRP without Add to cart until the
 * admin allows subsidised fertilisers to be sold. A vendor's fertiliser registration is refused
 * without its States and the admin sees them. A store of this file's own: it changes settings.
 */
const test = base.extend<object, { store: { url: string; database: Database } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("territory", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      // `npm run db:seed -- --sample-dealer` on its database: the catalogue is there already, the dealer is added.
      const where =
        "sqlitePath" in store.database ? { SQLITE_PATH: store.database.sqlitePath } : { DATABASE_URL: store.database.postgresUrl };
      const env: NodeJS.ProcessEnv = { ...process.env, ...where };
      if ("SQLITE_PATH" in where) delete env.DATABASE_URL;
      const said = execFileSync("npx", ["tsx", join(import.meta.dirname, "../../scripts/db-seed.ts"), "--sample-dealer"], {
        env,
        encoding: "utf8",
      });
      expect(said).toContain("loaded the sample Punjab fertiliser dealer");
      await use({ url: store.url, database: store.database });
      await store.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

const [ZINC, UREA] = SAMPLE_DEALER_PRODUCTS.map((p) => defined(p, "a sample dealer's product"));
const zinc = defined(ZINC, "zinc");
const urea = defined(UREA, "urea");
const OUTSIDE = `${zinc.name} can't be delivered to Maharashtra: its seller's fertiliser licence is valid only in Punjab.`;
const OUTSIDE_HI = `${zinc.nameHi} महाराष्ट्र में नहीं पहुँचाया जा सकता: इसके विक्रेता का उर्वरक लाइसेंस केवल पंजाब में मान्य है।`;

test("the product page's delivery check says a Punjab-only dealer's fertiliser cannot go to Maharashtra, in both languages", async ({
  page,
}) => {
  await page.goto(`/products/${zinc.id}?pin=411001`);
  await expect(page.getByTestId("delivery-refused")).toHaveText(OUTSIDE);
  await expect(page.getByLabel("Pincode")).toHaveAttribute("aria-invalid", "true");
  await page.goto(`/hi/products/${zinc.id}?pin=411001`);
  await expect(page.getByTestId("delivery-refused")).toHaveText(OUTSIDE_HI);
  // Punjab is delivered to, as anywhere the store delivers.
  await page.goto(`/products/${zinc.id}?pin=141001`);
  await expect(page.getByTestId("delivery-result")).toContainText("Delivers to Ludhiana, Punjab");
  await expect(page.getByTestId("delivery-refused")).toHaveCount(0);
});

test("checkout refuses the dealer's fertiliser to Maharashtra, in both languages and on the server; to Punjab it is placed", async ({
  browser,
  store,
}) => {
  test.slow(); // a customer, two languages, a forced order and a real one
  // A customer of Nashik, Maharashtra (their saved address), with the zinc sulphate in the cart.
  const { page, context } = await customerContext(browser, store.url);
  const line = {
    id: zinc.id,
    name: zinc.name,
    pricePaise: zinc.size.pricePaise,
    image: "/images/products/placeholder.svg",
    category: "fertilizers",
    stock: zinc.size.stock,
  };
  await seedCart(page, [{ product: line, quantity: 1 }]);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.locator("#checkout-delivery")).toContainText(OUTSIDE);
  await expect(placeOrderButton(page)).toBeDisabled();
  await page.goto("/hi/checkout");
  await waitForHydration(page);
  await expect(page.locator("#checkout-delivery")).toContainText(OUTSIDE_HI);

  // The server refuses a forced order, with the same words.
  const forced = await page.request.post("/checkout", {
    form: {
      items: JSON.stringify([{ productId: zinc.id, quantity: 1 }]),
      checkoutKey: crypto.randomUUID(),
      paymentMethod: "cod",
      phone: "98765 43210",
      street: "12 Gangapur Road",
      city: "Nashik",
      state: "Maharashtra",
      pincode: "422013",
    },
    headers: { origin: store.url },
  });
  expect(forced.status()).toBe(409);
  expect(await forced.text()).toContain("valid only in Punjab");

  // To Ludhiana, Punjab: the message goes and the order is placed.
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByLabel(/^Street/).fill("Shop 3, Gill Road");
  await page.getByLabel(/^City/).fill("Ludhiana");
  await page.getByLabel(/^Pincode/).fill("141003");
  await expect(page.getByLabel(/^State/)).toHaveValue("Punjab");
  await expect(page.locator("#checkout-delivery")).not.toContainText("valid only in");
  await placeOrder(page);
  await context.close();
});

test("a subsidised fertiliser shows its MRP without Add to cart until the admin allows its sale", async ({ page, browser, store }) => {
  await page.goto(`/products/${urea.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(urea.name);
  await expect(page.getByTestId("retail-only")).toContainText("Buy at your nearest authorised retailer");
  await expect(page.getByTestId("retail-only")).toContainText("Aadhaar-authenticated point-of-sale device");
  await expect(page.getByRole("main")).toContainText("₹266.50");
  await expect(page.getByRole("button", { name: /Add to Cart/i })).toHaveCount(0);
  // Its card in the catalogue leads to the page, without Add to cart.
  await page.goto(`/products?q=${encodeURIComponent("Neem Coated Urea")}`);
  const card = page.getByTestId("product-card").filter({ hasText: urea.name });
  await expect(card.getByRole("link", { name: `Where to buy, ${urea.name}` })).toBeVisible();
  await expect(card.getByRole("button", { name: /Add to Cart/i })).toHaveCount(0);
  await page.goto(`/hi/products/${urea.id}`);
  await expect(page.getByTestId("retail-only")).toContainText("अपने नज़दीकी अधिकृत खुदरा विक्रेता से खरीदें");
  await expect(page.getByTestId("retail-only")).toContainText("आधार से प्रमाणित पॉइंट-ऑफ़-सेल मशीन");

  // The admin allows subsidised fertilisers to be sold like any product.
  const adminContext = await browser.newContext({ baseURL: store.url });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin, store.url);
  await admin.goto("/admin/settings");
  await waitForHydration(admin);
  await admin.getByRole("radio", { name: "Sold and delivered like any product" }).check();
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(toasts(admin)).toContainText("Settings saved.");
  await adminContext.close();

  // A shopper who has not seen the page before (this browser's offline copy is the old page).
  const shopperContext = await browser.newContext({ baseURL: store.url });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/products/${urea.id}`);
  await expect(shopper.getByTestId("retail-only")).toHaveCount(0);
  await expect(shopper.getByRole("button", { name: /Add to Cart/i })).toBeVisible();
  await shopperContext.close();
});

test("a vendor's fertiliser registration needs the States it is valid in (both languages); the admin sees them", async ({
  page,
  browser,
  store,
}) => {
  test.slow(); // a vendor registers, and an admin looks
  const vendor = await registerVendorInUi(page, { businessName: `Aadesh Khad Store ${unique()}` });
  const number = `PB/LDH/${unique().toUpperCase()}`;
  // Sent without a State, in Hindi: refused, in Hindi, beside the States.
  await page.goto("/hi/vendor-login/profile");
  await waitForHydration(page);
  const hindiForm = page.locator('form[data-kind="fertiliser"]');
  await hindiForm.locator('input[name="number"]').fill(number);
  await hindiForm.locator('input[name="expiresOn"]').fill(nextYear());
  await hindiForm.locator('button[type="submit"]').click();
  await expect(page.locator('form[data-kind="fertiliser"]').getByRole("alert")).toHaveText("वे राज्य चुनें जहाँ यह लाइसेंस मान्य है।");

  // In English: refused again, then saved with Punjab ticked.
  await page.goto("/vendor-login/profile");
  await waitForHydration(page);
  await licenceForm(page, "fertiliser")
    .getByLabel(/^Licence number/)
    .fill(number);
  await licenceForm(page, "fertiliser")
    .getByLabel(/^Valid until/)
    .fill(nextYear());
  await licenceForm(page, "fertiliser")
    .getByRole("button", { name: /^Save / })
    .click();
  await expect(licenceForm(page, "fertiliser").getByRole("alert")).toHaveText("Choose the States where this licence is valid.");
  await licenceForm(page, "fertiliser").getByRole("checkbox", { name: "Punjab" }).check();
  await licenceForm(page, "fertiliser")
    .getByRole("button", { name: /^Save / })
    .click();
  await expect(toasts(page)).toContainText("FCO fertiliser dealer registration saved.");
  await expect(licenceForm(page, "fertiliser").getByRole("checkbox", { name: "Punjab" })).toBeChecked();

  // The admin verifying it sees where it is valid.
  const adminContext = await browser.newContext({ baseURL: store.url });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin, store.url);
  await admin.goto("/admin/vendors");
  const row = admin.getByRole("row").filter({ hasText: vendor.businessName });
  await expect(row.locator('[data-kind="fertiliser"]').getByTestId("licence-states")).toHaveText("Valid in Punjab");
  await adminContext.close();
});
