import { test as base } from "./fixtures";
import { startPrivateStore } from "./private-store";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN } from "./admin-helpers";

export { expect, expectAccessible, waitForHydration } from "./fixtures";

/*
 * The settings tests switch on maintenance mode, rename the store and change which payment methods
 * checkout offers: on the server every other spec shares, that would break whatever ran at that
 * moment. So they get a store of their own: the same production build (tests/e2e/store-server.mjs)
 * on a fresh database (SQLite file, or with E2E_DB=postgres a database of its own), with the same
 * admin, started once per worker and removed afterwards. `baseURL` points at it.
 */
export const test = base.extend<object, { storeURL: string }>({
  storeURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("admin", {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        RATE_LIMIT_REGISTER_MAX: "1000",
        UPLOAD_DIR: join(tmpdir(), `angle-admin-uploads-${Date.now()}`),
      });
      await use(store.url);
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ storeURL }, use) => use(storeURL),
});
