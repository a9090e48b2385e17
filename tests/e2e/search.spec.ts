import { test, expect, waitForHydration } from "./storefront-fixtures";
import { catalog, cardNames, headerSearch, MAIZE, ROTAVATOR, TRACTOR } from "./storefront-helpers";

/** Issue 12: search as a shopper types it, on the sample catalogue. */
const TOMATO = "Hybrid Tomato Seeds (Arka Rakshak)";
/** Named with "seed", or listed under "Seeds & Saplings" (the category's words are a product's too). */
const seeds = catalog.filter((p) => /seed/i.test(p.name) || p.category === "seeds").map((p) => p.name);
const fertilizers = catalog.filter((p) => p.category === "fertilizers").map((p) => p.name);

async function searchFromHeader(page: import("@playwright/test").Page, q: string) {
  await headerSearch(page).fill(q);
  await headerSearch(page).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Results for “${q}”` })).toBeVisible();
}

test.describe("search that forgives", { tag: "@postgres" }, () => {
  test("American spellings, plurals and words in any order find the products", async ({ page }) => {
    await page.goto("/");
    await searchFromHeader(page, "fertilizer");
    // Named "Fertiliser" or listed under Fertilizers first, alphabetically; then products that say
    // it only in the description.
    await expect(cardNames(page).nth(0)).toHaveText("DAP Fertiliser 50 kg");
    const found = await cardNames(page).allTextContents();
    expect(found.slice(0, fertilizers.length).sort()).toEqual([...fertilizers].sort());
    expect(found.indexOf("Drip Irrigation Kit (1 acre)")).toBeGreaterThanOrEqual(fertilizers.length);

    await searchFromHeader(page, "tomatoes");
    await expect(cardNames(page).first()).toHaveText(TOMATO);

    await searchFromHeader(page, "tractor mahindra");
    await expect(cardNames(page)).toHaveText([TRACTOR.name]);
    await expect(page.getByTestId("result-count")).toHaveText("Showing 1 of 16 products");
  });

  test("best match lists products named with the word first, and the sorts still apply", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    // The form showed the catalogue sorted by name; a new search still gets best match.
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("seed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByLabel("Sort by")).toHaveValue("best");
    const names = await cardNames(page).allTextContents();
    expect(names.slice(0, seeds.length).sort()).toEqual([...seeds].sort());
    expect(names.indexOf(ROTAVATOR.name)).toBeGreaterThanOrEqual(seeds.length); // "seedbed" only in its description

    await page.getByLabel("Sort by").selectOption({ label: "Name" });
    await expect(page).toHaveURL(/sort=name/);
    const byName = [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(byName).not.toEqual(names); // the two orders differ on this catalogue, so the check below means something
    await expect(cardNames(page)).toHaveText(byName);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a misspelling suggests the closest product names as links", async ({ page }) => {
    await page.goto("/products?q=tomatto");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    const didYouMean = page.getByTestId("did-you-mean");
    await expect(didYouMean).toContainText("Did you mean:");
    await didYouMean.getByRole("link", { name: TOMATO }).click();
    await expect(page).toHaveURL(/\/products\?q=Hybrid\+Tomato\+Seeds/);
    await expect(cardNames(page).first()).toHaveText(TOMATO);
  });

  test("a word the catalogue has never heard of suggests nothing", async ({ page }) => {
    await page.goto("/products?q=qqqxxzz");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByTestId("did-you-mean")).toHaveCount(0);
    await expect(page.getByText(MAIZE.name)).toHaveCount(0);
  });
});
