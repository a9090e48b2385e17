import { unique } from "./admin-helpers";
import { addCropProducts } from "./crop-helpers";
import { test as base, expect } from "./fixtures";
import { startPrivateStore } from "./private-store";

type Store = { url: string; tag: string };

/**
 * A store of this file's own, without the sample catalogue, holding three tomato products (one
 * per season, one of them for all seasons) and a paddy one: its counts are this file's alone.
 */
const test = base.extend<object, { store: Store }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("crops", { SEED_ON_EMPTY: "false" });
      const tag = unique();
      await addCropProducts(store.database, [
        { name: `Kharif Tomato Seeds ${tag}`, category: "seeds", pricePaise: 24_900, season: "kharif", crops: ["tomato", "vegetables"] },
        { name: `Rabi Tomato Seeds ${tag}`, category: "seeds", pricePaise: 29_900, season: "rabi", crops: ["tomato"] },
        { name: `Tomato Booster ${tag}`, category: "fertilizers", pricePaise: 45_000, season: "all", crops: ["tomato", "chilli"] },
        { name: `Paddy Seeds ${tag}`, category: "seeds", pricePaise: 99_000, season: "kharif", crops: ["paddy"] },
      ]);
      await use({ url: store.url, tag });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

test('from the home page\'s "Shop by crop" to Tomato and a tomato product', async ({ page, store }) => {
  await page.goto("/");
  const row = page.getByRole("region", { name: "Shop by crop" });
  await row.getByRole("link", { name: "Tomato", exact: true }).click();
  await expect(page).toHaveURL(/\/crops\/tomato$/);
  await expect(page.getByRole("heading", { level: 1, name: "For Tomato" })).toBeVisible();
  await expect(page).toHaveTitle(/^Tomato: /);
  await expect(page.getByTestId("result-count")).toHaveText("Showing 3 of 3 products");
  await expect(page.getByRole("link", { name: `Kharif Tomato Seeds ${store.tag}` }).first()).toBeVisible();
  await expect(page.getByText(`Paddy Seeds ${store.tag}`)).toHaveCount(0);

  await page
    .getByRole("link", { name: `Tomato Booster ${store.tag}` })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Tomato Booster ${store.tag}` })).toBeVisible();
});

test("on a phone the home page's crop row scrolls sideways, the page does not", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const list = page.getByRole("region", { name: "Shop by crop" }).getByRole("list");
  await expect(list.getByRole("link")).toHaveCount(16);
  const widths = await list.evaluate((ul) => ({
    row: ul.scrollWidth,
    shown: ul.clientWidth,
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.row).toBeGreaterThan(widths.shown);
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});

test("/crops lists every crop with its number of products", async ({ page }) => {
  await page.goto("/crops");
  await expect(page.getByRole("heading", { level: 1, name: "Shop by crop" })).toBeVisible();
  const list = page.getByTestId("crop-list");
  await expect(list.getByRole("link")).toHaveCount(16);
  await expect(list.getByRole("link", { name: "Tomato — 3 products" })).toBeVisible();
  await expect(list.getByRole("link", { name: "Chilli — 1 product", exact: true })).toBeVisible();
  await expect(list.getByRole("link", { name: "Wheat — 0 products" })).toBeVisible();
  await list.getByRole("link", { name: "Paddy — 1 product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "For Paddy" })).toBeVisible();
});

test("filters a crop by season and category with a plain form, without JavaScript", async ({ browser, store }) => {
  const context = await browser.newContext({ baseURL: store.url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/crops/tomato");
  await page.getByLabel("Season").selectOption("kharif");
  await page.getByRole("button", { name: "Apply" }).click();
  // A plain form sends every field: the page reads them as the catalogue does.
  await expect(page).toHaveURL(/\/crops\/tomato\?.*season=kharif/);
  await expect(page.getByTestId("result-count")).toHaveText("Showing 2 of 3 products");
  // Kharif, and the product for all seasons; not the rabi one.
  await expect(page.getByRole("link", { name: `Kharif Tomato Seeds ${store.tag}` }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: `Tomato Booster ${store.tag}` }).first()).toBeVisible();
  await expect(page.getByText(`Rabi Tomato Seeds ${store.tag}`)).toHaveCount(0);

  await page.getByLabel("Category").selectOption("seeds");
  await page.getByLabel("Sort by").selectOption("price-high");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/crops\/tomato\?category=seeds&season=kharif&sort=price-high/);
  await expect(page.getByTestId("result-count")).toHaveText("Showing 1 of 3 products");
  await expect(page.getByText(`Tomato Booster ${store.tag}`)).toHaveCount(0);
  await context.close();
});
