import type { Page, Response } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { createProduct, loginAsAdmin, sizeRow } from "./admin-helpers";
import { loginAs } from "./helpers";

/**
 * The rendered-page cache (docs/decisions/027-page-cache.md) as browsers meet it: a guest's second
 * visit comes from the cache and still runs its scripts under a CSP naming its own nonce; an
 * admin's price change shows on the next guest visit, in both languages; a signed-in customer's
 * pages never come from it.
 */

/** The CSP header's nonce and the page's script nonces: one and the same. */
async function nonceOf(response: Response | null) {
  expect(response, "a response").not.toBeNull();
  const csp = (await response?.allHeaders())?.["content-security-policy"] ?? "";
  const inHeader = /'nonce-([^']+)'/.exec(csp)?.[1];
  const inPage = new Set([...((await response?.text()) ?? "").matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  expect([...inPage], "the page's scripts carry the CSP header's nonce").toEqual([inHeader]);
  return inHeader;
}

const cacheOf = async (response: Response | null) => (await response?.allHeaders())?.["x-page-cache"] ?? null;

/**
 * Visits `path` until the answer comes from the cache, and returns that answer: another spec's order or
 * edit on this shared store may move the catalogue's version between two visits (that visit renders
 * and stores the page again), so it takes a few visits at most.
 */
async function cachedVisit(visitor: Page, path: string) {
  let response: Response | null = null;
  const visit = async () => {
    response = await visitor.goto(path);
    return cacheOf(response);
  };
  await expect.poll(visit, { message: `${path} served from the cache`, timeout: 15_000 }).toBe("hit");
  return response;
}

/** A page whose console errors (a script the CSP refused, a failed hydration) fail the test. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

test("an admin's price change shows on the next guest visit, in English and Hindi; cached copies run with their own nonce", {
  tag: "@postgres",
}, async ({ page, browser }) => {
  test.slow(); // two browser contexts, several visits
  await loginAsAdmin(page);
  const product = await createProduct(page, { price: "250" });
  // The server's cache is under test: the service worker (which keeps a page it has just fetched for
  // a minute, docs/decisions/029-offline.md) would answer the second visit itself.
  const guest = await browser.newContext({ serviceWorkers: "block" });
  try {
    const visitor = await guest.newPage();
    const errors = watchConsole(visitor);
    for (const path of [`/products/${product.id}`, `/hi/products/${product.id}`]) {
      const first = await visitor.goto(path);
      expect(await cacheOf(first), path).toBe("miss");
      const firstNonce = await nonceOf(first);
      const second = await cachedVisit(visitor, path);
      expect(await nonceOf(second), path).not.toBe(firstNonce);
      // The cached copy's scripts run: the page hydrates under its CSP.
      await waitForHydration(visitor);
      // Shown with its 5% GST (the store's default): ₹250 + ₹12.50.
      await expect(visitor.getByTestId("price")).toContainText("₹262.50");
    }
    const listing = `/products?q=${encodeURIComponent(product.name)}`;
    await visitor.goto(listing);
    await cachedVisit(visitor, listing);
    await expect(visitor.getByTestId("product-card").filter({ hasText: product.name })).toContainText("₹262.50");

    // The admin lowers the price in the product form (a higher one would pass its MRP, ₹262.50).
    await page.goto(`/admin/products/${product.id}`);
    await waitForHydration(page);
    await sizeRow(page, 1).getByLabel("Price (₹)").fill("240");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    for (const path of [`/products/${product.id}`, `/hi/products/${product.id}`]) {
      const next = await visitor.goto(path);
      expect(await cacheOf(next), path).toBe("miss");
      // ₹240 + 5% GST ₹12.
      await expect(visitor.getByTestId("price"), path).toContainText("₹252");
      await cachedVisit(visitor, path);
      await expect(visitor.getByTestId("price"), path).toContainText("₹252");
    }
    await visitor.goto(listing);
    await expect(visitor.getByTestId("product-card").filter({ hasText: product.name })).toContainText("₹252");
    expect(errors, "console errors on the guest's pages").toEqual([]);
  } finally {
    await guest.close();
  }
});

test("a signed-in customer's pages never come from the cache, nor go into it", { tag: "@postgres" }, async ({ page, browser }) => {
  const guest = await browser.newContext({ serviceWorkers: "block" }); // the server's cache, as above
  try {
    const visitor = await guest.newPage();
    // A guest fills the cache first (again, if the file's other test, running beside this one,
    // has just changed the catalogue and so emptied it).
    await visitor.goto("/products");
    await expect.poll(async () => cacheOf(await visitor.goto("/products"))).toBe("hit");

    const customer = await loginAs(page, { name: "Cache Meera" });
    for (const path of ["/products", "/", "/orders", "/account"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await cacheOf(response), path).toBeNull();
      expect((await response?.allHeaders())?.["cache-control"], path).toBe("private, no-store");
      await expect(page.locator("body"), path).toContainText(customer.name);
    }
    // The guest's copy is still theirs. (Whether it is still a hit depends on the other tests: any
    // catalogue change empties the cache; page-cache.test.ts checks that on its own database.)
    const after = await visitor.goto("/products");
    expect(await after?.text()).not.toContain(customer.name);
  } finally {
    await guest.close();
  }
});
