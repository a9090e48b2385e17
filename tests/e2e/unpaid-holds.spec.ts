import { test as base, expect } from "./fixtures";
import { loginAs, product, SECATEURS, seedCart, waitForHydration } from "./helpers";
import { startPrivateStore } from "./private-store";

/**
 * What an order waiting for a card or UPI payment may hold (docs/decisions/031-unpaid-holds.md), as
 * the checkout page says it: a store of its own with the local fake gateway, so UPI is offered.
 */
const test = base.extend<object, { store: { url: string } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("holds", { FAKE_GATEWAY: "on", FAKE_GATEWAY_PORT: "0" });
      await use({ url: store.url });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

const TRACTOR = product("Mahindra Arjun Novo 605 DI 4WD Tractor"); // ₹15,00,000

test("finding 6: a tractor by UPI and more than half the secateurs are refused at checkout, in English and Hindi", async ({
  page,
  store,
}) => {
  await loginAs(page, {}, store.url);
  await seedCart(page, [{ product: TRACTOR, quantity: 1 }]);
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByRole("radio", { name: "UPI Payment" }).check();
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout"));
  await page.getByRole("button", { name: "Place Order", exact: true }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole("alert").first()).toHaveText(
    "An order paid by card or UPI can be at most ₹2,00,000. Please reduce the order, or choose another payment method.",
  );
  await expect(page).toHaveURL(/\/checkout$/);

  // The sample catalogue has 160 packs of secateurs: one customer's unpaid orders may hold 80.
  await seedCart(page, [{ product: SECATEURS, quantity: 81 }]);
  await page.goto("/hi/checkout");
  await waitForHydration(page);
  await page.getByRole("radio", { name: "UPI से भुगतान" }).check();
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/hi/checkout"));
  await page.getByRole("button", { name: "ऑर्डर करें", exact: true }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole("alert").first()).toHaveText(
    `भुगतान के इंतज़ार वाले ऑर्डर में आपके लिए ${SECATEURS.name} के ज़्यादा से ज़्यादा 80 नग रखे जा सकते हैं। मात्रा घटाएँ, या पहले अपने बाकी ऑर्डर का भुगतान करें।`,
  );
  await expect(page).toHaveURL(/\/hi\/checkout$/);
});
