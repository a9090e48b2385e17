import { test as base } from "./fixtures";
import { startPrivateStore } from "./private-store";

export { expect, waitForHydration } from "./fixtures";

/*
 * The storefront specs assert the sample catalogue exactly (16 products, "4 products" per
 * category, every sort order), while the admin and vendor specs add products and switch on
 * maintenance mode on the shared server. So each worker running these specs gets a store of its
 * own: the same production build on a fresh database, started once per worker.
 */
export const test = base.extend<object, { storeURL: string }>({
  storeURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("store");
      await use(store.url);
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ storeURL }, use) => use(storeURL),
});
