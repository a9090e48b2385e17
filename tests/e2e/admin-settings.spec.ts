import { defined } from "../../app/platform/defined";
import { DEFAULT_GENERAL_SETTINGS } from "../../app/features/settings/domain/settings";
import type { Browser, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./admin-fixtures";
import { seedCart, TOMATO } from "./helpers";
import { customerContext, loginAsAdmin, unique } from "./admin-helpers";
import { toasts } from "./toast-helpers";

/*
 * These tests change settings every page depends on (maintenance mode, site title, payment methods).
 * They run against a store of their own (admin-fixtures.ts), so no other spec sees the changes, one
 * at a time, and each puts the setting back so the next starts from the defaults.
 */
test.describe.configure({ mode: "serial" });

/** This worker's store (its forms must be posted with it as the Origin). */
let store = "";

test.beforeEach(async ({ page, baseURL }) => {
  store = defined(baseURL, "this worker's store");
  await loginAsAdmin(page, store);
});

type General = { siteTitle: string; siteTagline: string; adminEmail: string };
/** The GST part of the form as the sample store has it (issue 14). */
const TAX_FIELDS = {
  taxMode: DEFAULT_GENERAL_SETTINGS.taxMode,
  priceDisplay: DEFAULT_GENERAL_SETTINGS.priceDisplay,
  storeLegalName: DEFAULT_GENERAL_SETTINGS.storeLegalName,
  storeGstin: DEFAULT_GENERAL_SETTINGS.storeGstin,
  storeGstAddress: DEFAULT_GENERAL_SETTINGS.storeGstAddress,
};

async function readGeneral(page: Page): Promise<General> {
  await page.goto("/admin/settings");
  return {
    siteTitle: await page.getByLabel("Site title").inputValue(),
    siteTagline: await page.getByLabel("Site tagline", { exact: true }).inputValue(),
    adminEmail: await page.getByLabel("Admin email").inputValue(),
  };
}

/** Saves general settings straight through the action (maintenance mode off). */
async function saveGeneral(page: Page, s: General) {
  const response = await page.request.post("/admin/settings", { form: { ...TAX_FIELDS, ...s }, headers: { origin: store } });
  expect(response.status(), "general settings saved").toBe(200);
}

async function postPayment(page: Page, form: Record<string, string>) {
  return page.request.post("/admin/payment-settings", { form, headers: { origin: store } });
}

/** A customer at checkout with one cheap line in the cart. */
async function shopperAtCheckout(browser: Browser, url: string) {
  const shopper = await customerContext(browser, url);
  await seedCart(shopper.page, [{ product: TOMATO, quantity: 1 }]);
  await shopper.page.goto("/checkout");
  await waitForHydration(shopper.page);
  await expect(shopper.page.getByRole("radio", { name: "Cash on Delivery" })).toBeVisible();
  return shopper;
}

test.describe("general settings", () => {
  test("the site title and tagline show in the storefront header, footer and home page", async ({ page }) => {
    const original = await readGeneral(page);
    expect(original.siteTitle).toBe("Angle");
    const tag = unique();
    const title = `Angle Krishi ${tag}`;
    const tagline = `Good seed, good harvest ${tag}`;
    try {
      await waitForHydration(page);
      await page.getByLabel("Site title").fill(title);
      await page.getByLabel("Site tagline", { exact: true }).fill(tagline);
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toasts(page)).toContainText("Settings saved.");

      await page.goto("/");
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: `${title} home` })).toContainText(title);
      await expect(header).toContainText(tagline);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(title);
      await expect(footer).toContainText(tagline);
      await expect(footer).toContainText(`© 2024 ${title}. All rights reserved.`);
      await expect(page).toHaveTitle(`${title} — Seeds, farm equipment, garden tools and fertilizers`);
    } finally {
      await saveGeneral(page, original);
    }
    await page.goto("/");
    await expect(page.getByRole("contentinfo")).toContainText(`© 2024 ${original.siteTitle}. All rights reserved.`);
    await expect(page.getByRole("contentinfo")).toContainText(original.siteTagline);
  });

  test("a save redirects (303) and the next page shows 'Settings saved.' once, not after a reload", async ({ page }) => {
    const original = await readGeneral(page);
    // Without JavaScript: the post answers with a redirect carrying the toast in a cookie.
    const post = await page.request.post("/admin/settings", {
      form: { ...TAX_FIELDS, ...original },
      headers: { origin: store },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(303);
    expect(post.headers().location).toBe("/admin/settings");
    const shown = await page.goto("/admin/settings");
    expect(await shown?.text()).toContain("Settings saved.");
    await expect(toasts(page)).toContainText("Settings saved.");
    const again = await page.reload();
    expect(await again?.text()).not.toContain("Settings saved.");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "General Settings" })).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);

    // With JavaScript: the same, through the form, and the toast is announced (aria-live).
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toasts(page)).toContainText("Settings saved.");
    await expect(toasts(page)).toHaveAttribute("aria-live", "polite");
    const reloaded = await page.reload();
    expect(await reloaded?.text()).not.toContain("Settings saved.");
  });

  test("a form posted with an intent the page does not know is a 400 with a message", async ({ page }) => {
    for (const path of ["/admin/payment-settings", "/admin/products", "/admin/users", "/admin/vendors", "/admin/messages"]) {
      const response = await page.request.post(path, { form: { intent: "explode", id: "x" }, headers: { origin: store } });
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toContain("This form asked for an action the page does not know.");
    }
  });

  test("an invalid admin email or an empty title is refused and nothing is saved", async ({ page }) => {
    const original = await readGeneral(page);
    await waitForHydration(page);
    await page.getByLabel("Admin email").fill("not-an-email");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("alert")).toHaveText("Enter a valid email address.");
    await expect(page.getByLabel("Admin email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Admin email").fill("");
    await page.getByLabel("Site title").fill("   ");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("alert")).toHaveText("Site title is required.");

    expect(await readGeneral(page)).toEqual(original);
  });

  test("maintenance mode: guests get a 503 maintenance page while the admin keeps working", async ({ page, browser }) => {
    const original = await readGeneral(page);
    const guestContext = await browser.newContext({ baseURL: store });
    const guest = await guestContext.newPage();
    const guestErrors: string[] = [];
    guest.on("pageerror", (e) => guestErrors.push(String(e)));
    await waitForHydration(page);
    const checkbox = page.getByRole("checkbox", { name: /Maintenance mode/ });
    await expect(checkbox).not.toBeChecked();
    try {
      // On only as long as these few checks take.
      await checkbox.check();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toasts(page)).toContainText("Settings saved.");

      const response = await guest.goto("/");
      expect(response?.status()).toBe(503);
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText("We are tending the fields");
      await expect(guest.getByText("Angle is closed for a short maintenance.")).toBeVisible();
      await expect(guest.getByRole("banner")).toHaveCount(0);

      // Every way in is closed, not just the page: data requests, actions and the other areas.
      const subject = `Closed store ${unique()}`;
      const closed = [
        await guest.request.get("/products.data"),
        await guest.request.get("/resources/cart-quote?ids=x"),
        await guest.request.get("/vendor-login"),
        await guest.request.post("/contact", {
          form: { name: "Asha", email: "asha@example.in", subject, message: "Are you open?" },
          headers: { origin: store },
        }),
        await guest.request.post("/account/auth", {
          form: { intent: "login", email: "a@b.in", password: "whatever1" },
          headers: { origin: store },
        }),
      ];
      for (const response of closed) {
        expect(response.status(), response.url()).toBe(503);
        expect(response.headers()["retry-after"], response.url()).toBe("600");
      }
      expect(await (await guest.request.get("/healthz")).json()).toMatchObject({ status: "ok" });

      const adminView = await page.request.get("/products");
      expect(adminView.status()).toBe(200);
      expect(await adminView.text()).toContain("All products");
      // The admin panel says so on every page, with the way back.
      await page.goto("/admin/dashboard");
      const banner = page.getByRole("region", { name: "Maintenance mode" });
      await expect(banner).toContainText("Maintenance mode is on.");
      await banner.getByRole("link", { name: "General Settings" }).click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      await page.goto("/admin/messages");
      await expect(page.getByText(subject)).toHaveCount(0);
    } finally {
      await saveGeneral(page, original);
    }
    const back = await guest.goto("/");
    expect(back?.status()).toBe(200);
    await expect(guest.getByRole("banner")).toBeVisible();
    expect(guestErrors).toEqual([]);
    await guestContext.close();
    await page.goto("/admin/settings");
    await expect(page.getByRole("checkbox", { name: /Maintenance mode/ })).not.toBeChecked();
    await expect(page.getByRole("region", { name: "Maintenance mode" })).toHaveCount(0);
  });
});

test.describe("payment settings", () => {
  test("defaults: Stripe and Razorpay off, Cash on Delivery on with its instructions", async ({ page }) => {
    await page.goto("/admin/payment-settings");
    for (const name of ["Stripe", "Razorpay", "Bank Transfer"]) {
      await expect(page.getByRole("form", { name }).getByRole("checkbox", { name: "Enabled" }), name).not.toBeChecked();
    }
    const cod = page.getByRole("form", { name: "Cash on Delivery" });
    await expect(cod.getByRole("checkbox", { name: "Enabled" })).toBeChecked();
    await expect(cod.getByLabel("Instructions", { exact: true })).toHaveValue("Pay cash upon delivery.");
    await expect(page.getByRole("form", { name: "Razorpay" }).getByLabel("Secret key")).toHaveAttribute("placeholder", "Not set");
  });

  test("a saved Razorpay secret key is never sent back; the field says one is saved", async ({ page }) => {
    await page.goto("/admin/payment-settings");
    await waitForHydration(page);
    const secret = `rzp_live_secret_${unique()}`;
    const form = page.getByRole("form", { name: "Razorpay" });
    await form.getByLabel("API key").fill("rzp_test_1DP5mmOlF5G5ag");
    await form.getByLabel("Secret key").fill(secret);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toasts(page)).toContainText("Payment settings saved.");
    await expect(form.getByLabel("Secret key")).toHaveAttribute("placeholder", /saved/);
    await expect(form).toContainText("A secret key is saved.");
    await expect(form.getByLabel("Secret key")).toHaveValue("");
    expect(await page.content()).not.toContain(secret);

    await page.reload();
    await expect(form.getByLabel("API key")).toHaveValue("rzp_test_1DP5mmOlF5G5ag");
    await expect(form.getByLabel("Secret key")).toHaveValue("");
    await expect(form.getByLabel("Secret key")).toHaveAttribute("placeholder", /saved/);
    await expect(form.getByRole("checkbox", { name: "Enabled" })).not.toBeChecked();
    expect(await page.content()).not.toContain(secret);
    for (const path of ["/admin/payment-settings", "/admin/payment-settings.data"]) {
      expect(await (await page.request.get(path)).text(), path).not.toContain(secret);
    }
  });

  test("enabling Razorpay makes checkout offer card and UPI, until it is disabled again", async ({ page, browser }) => {
    const shopper = await shopperAtCheckout(browser, store);
    // The payment methods' radios (the saved address is a radio of its own group, "Deliver to").
    const radios = shopper.page.getByRole("group", { name: "Payment Method" }).getByRole("radio");
    await expect(radios).toHaveCount(1);

    await page.goto("/admin/payment-settings");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Razorpay" });
    const apiKey = await form.getByLabel("API key").inputValue();
    try {
      // On only as long as one checkout page load takes (and only with both keys).
      await form.getByLabel("API key").fill("rzp_test_1DP5mmOlF5G5ag");
      await form.getByLabel("Secret key").fill(`rzp_secret_${unique()}`);
      await form.getByRole("checkbox", { name: "Enabled" }).check();
      await form.getByRole("button", { name: "Save" }).click();
      await expect(toasts(page)).toContainText("Payment settings saved.");
      await shopper.page.reload();
      await expect(shopper.page.getByRole("radio", { name: "Credit/Debit Card" })).toBeVisible();
      await expect(shopper.page.getByRole("radio", { name: "UPI Payment" })).toBeVisible();
      await expect(shopper.page.getByRole("radio", { name: "Cash on Delivery" })).toBeVisible();
      await expect(radios).toHaveCount(3);
    } finally {
      expect((await postPayment(page, { intent: "save", method: "razorpay", apiKey })).status()).toBe(200);
    }
    await shopper.page.reload();
    await expect(shopper.page.getByRole("radio", { name: "Cash on Delivery" })).toBeVisible();
    await expect(radios).toHaveCount(1);
    await page.reload();
    await expect(form.getByRole("checkbox", { name: "Enabled" })).not.toBeChecked();
    await shopper.context.close();
  });

  test("a new payment method needs a name and a key of letters, numbers and underscores", async ({ page }) => {
    await page.goto("/admin/payment-settings");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Add payment method" });
    await form.getByRole("button", { name: "Add Payment Method" }).click();
    await expect(form.getByRole("alert")).toHaveText("Payment method display name and unique key are required.");

    await form.getByLabel("Display name", { exact: true }).fill("Cheque");
    await form.getByLabel("Unique key").fill("bad key!");
    await form.getByRole("button", { name: "Add Payment Method" }).click();
    await expect(form.getByRole("alert")).toHaveText("Payment method key can only contain letters, numbers, and underscores.");
    await expect(form.getByLabel("Unique key")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("form", { name: "Cheque" })).toHaveCount(0);
  });

  test("saving settings for an unknown method is refused", async ({ page }) => {
    const attempts: Record<string, string>[] = [
      { intent: "save", method: "unknown_thing", enabled: "on" },
      { method: "unknown_thing", intent: "remove" },
    ];
    for (const form of attempts) {
      const response = await postPayment(page, form);
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Could not save settings for unknown_thing.");
    }
  });

  test("an enabled offline method is offered at checkout with its instructions until it is removed", async ({ page, browser }) => {
    const shopper = await shopperAtCheckout(browser, store);
    const tag = unique();
    const name = `Cheque on Delivery ${tag}`;
    const key = `cheque_${tag}`;
    const instructions = `Hand a cheque payable to Angle Agri to our delivery agent (${tag}).`;

    await page.goto("/admin/payment-settings");
    await waitForHydration(page);
    const add = page.getByRole("form", { name: "Add payment method" });
    try {
      await add.getByLabel("Display name", { exact: true }).fill(name);
      await add.getByLabel("Unique key").fill(key);
      await add.getByLabel("Type").selectOption("offline");
      await add.getByRole("checkbox", { name: "Enabled" }).check();
      await add.getByLabel("Instructions", { exact: true }).fill(instructions);
      await add.getByRole("button", { name: "Add Payment Method" }).click();
      await expect(toasts(page)).toContainText(`Added ${name}.`);
      const section = page.getByRole("form", { name });
      await expect(section).toContainText(`(${key}, offline)`);
      await expect(section.getByRole("checkbox", { name: "Enabled" })).toBeChecked();

      await shopper.page.reload();
      await waitForHydration(shopper.page);
      await expect(shopper.page.getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
      await shopper.page.getByRole("radio", { name }).check();
      await expect(shopper.page.getByTestId("payment-instructions")).toHaveText(instructions);

      await page.getByRole("button", { name: `Remove ${name}` }).click();
      await expect(toasts(page)).toContainText("Payment method removed.");
      await expect(section).toHaveCount(0);
    } finally {
      await postPayment(page, { method: key, intent: "remove" }); // 400 once it is gone
    }
    await shopper.page.reload();
    await expect(shopper.page.getByRole("radio", { name: "Cash on Delivery" })).toBeVisible();
    await expect(shopper.page.getByRole("radio", { name })).toHaveCount(0);
    await shopper.context.close();
  });
});
