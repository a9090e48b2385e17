import { defineConfig, devices } from "@playwright/test";

// Stores started for the tests take no payments unless a spec asks for the fake gateway
// (tests/e2e/payments.spec.ts): the others expect a fresh store to offer cash on delivery only.
process.env.FAKE_GATEWAY ??= "off";
// Their passwords are hashed at a thousandth of the standard cost (app/platform/auth/password-hashing.server.ts).
process.env.PASSWORD_HASHING ??= "fast-for-tests";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/**
 * Where the store on `port` writes its emails (.eml files): the shared test server and every private
 * store (tests/e2e/private-store.ts) alike, so a test finds a store's mail from its address alone.
 */
export const mailDirFor = (storePort: number | string) => `/tmp/angle-e2e-mail-${storePort}-${process.env.E2E_DB ?? "sqlite"}`;
/** The shared test server's emails. */
export const mailDir = mailDirFor(port);
/** Where the store on `port` writes its SMS (.txt files, with no MSG91 settings). */
export const smsDirFor = (storePort: number | string) => `/tmp/angle-e2e-sms-${storePort}-${process.env.E2E_DB ?? "sqlite"}`;
/** The shared test server's SMS. */
export const smsDir = smsDirFor(port);
/**
 * Traces and failure artefacts, one folder per engine and port: a run empties its folder when it
 * starts, and `npm test` runs both engines at once (the other run's traces must survive that).
 */
const outputDir = `test-results/${process.env.E2E_DB ?? "sqlite"}-${port}`;

// Debian's Chromium, no browser download exists on these machines: its headless shell (the package
// chromium-headless-shell), the browser Playwright itself runs headless tests in. The full browser's
// headless mode draws as a desktop browser does and took twice as long on two cores (storefront.spec.ts:
// 82 s, against 45 s). E2E_CHROMIUM=/usr/bin/chromium runs them in the full browser.
const launchOptions = {
  executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Template databases for the private stores, migrated once per run.
  globalSetup: "./tests/e2e/global-setup.ts",
  testMatch: "**/*.spec.ts",
  outputDir,
  fullyParallel: true,
  workers: 2,
  // CI tries a failed test once more, and the list reporter marks one that then passes as "flaky"
  // (read them in its output: a flaky test is a bug to fix, not to ignore). Locally, no second try.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  // CI runs both engines' browsers, their servers and Vitest at once on two cores: a long journey
  // (an admin tour, a whole checkout) needs more time there than on an idle machine.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  // A trace records every test's screencast and DOM snapshots and throws them away when it passes:
  // about a third of the end-to-end run's CPU (search.spec.ts: 23.7 s with, 16.6 s without). CI's
  // two cores are its bottleneck and it keeps no artefacts, so it runs without; a failure there still
  // prints its error and writes error-context.md. Locally a failing test leaves its trace.
  use: { baseURL, trace: process.env.CI ? "off" : "retain-on-failure", launchOptions },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions }, testIgnore: /mobile\.spec\.ts/ },
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      BASE_URL: baseURL,
      E2E_DB: process.env.E2E_DB ?? "sqlite",
      RATE_LIMIT_REGISTER_MAX: "1000",
      RATE_LIMIT_SIGNIN_MAX: "200",
      // Every spec's browser checks out from one address.
      RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "1000",
      ADMIN_EMAIL: "admin@angle.test",
      ADMIN_PASSWORD: "admin-e2e-password",
      UPLOAD_DIR: `/tmp/angle-e2e-uploads-${port}`,
      MAIL_DIR: mailDir,
      // Emails are written within a fraction of a second: tests read confirmation links from them.
      OUTBOX_POLL_MS: "200",
      SMS_DIR: smsDir,
      // Every spec's browser asks for sign-in codes from one address.
      RATE_LIMIT_MOBILE_CODE_ADDRESS_MAX: "1000",
    },
  },
});
