import fc from "fast-check";
import { baseURL } from "../../playwright.config";
import { loginAsAdmin } from "./admin-helpers";
import { test, expect } from "./fixtures";
import { loginAs } from "./helpers";

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("' or 1=1 --", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "%_\\", "\u0000x", "-1", "0.5", "1e309", "NaN", "[]", "{}", "[{\"productId\":\"a\",\"quantity\":-3}]", "__proto__"),
  fc.integer().map(String),
  fc.string({ minLength: 3000, maxLength: 6000 }),
);
const fields = ["intent", "name", "email", "password", "phone", "street", "city", "state", "pincode", "subject", "message", "items", "checkoutKey", "paymentMethod", "category", "price", "stock", "description", "gstNumber", "id", "status", "note", "reason", "method", "key", "type", "enabled", "siteTitle", "adminEmail", "maintenanceMode"];
const anyForm = fc.dictionary(fc.constantFrom(...fields), hostile, { maxKeys: 12 });

test.describe.configure({ timeout: 120_000 });

test("random forms thrown at every action never get a 500", async ({ page, browser }) => {
  const customer = await browser.newContext({ baseURL });
  const customerPage = await customer.newPage();
  await loginAs(customerPage);
  await loginAsAdmin(page);
  const targets: [string, typeof page.request][] = [
    ["/contact", customerPage.request],
    ["/account/auth", customerPage.request],
    ["/checkout", customerPage.request],
    ["/vendor-login", customerPage.request],
    ["/admin/products/new", page.request],
    ["/admin/users", page.request],
    // (General and payment settings are left out: a random valid form would change the store
    // under the other tests running alongside; their validation has its own tests.)
    ["/admin/vendors", page.request],
    ["/admin/orders/nosuchorder1", page.request],
  ];
  const samples = fc.sample(anyForm, { numRuns: 25, seed: 20261121 });
  for (const [path, request] of targets) {
    for (const form of samples) {
      const response = await request.post(path, { form, headers: { origin: baseURL }, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(form).slice(0, 200)}`).toBeLessThan(500);
    }
  }
  await customer.close();
});

test("HTML sent through the contact form is shown to admins as text, never run", async ({ page, request }) => {
  const marker = `x${Date.now()}`;
  const payload = `<script>window.__pwned_${marker}=1</script><img src=x onerror="window.__pwned_${marker}=1">`;
  const sent = await request.post("/contact", { form: { name: `<b>Eve ${marker}</b>`, email: "eve@example.com", subject: payload, message: payload }, headers: { origin: baseURL } });
  expect(sent.status()).toBe(200);
  await loginAsAdmin(page);
  await page.goto("/admin/messages");
  await expect(page.getByText(payload).first()).toBeVisible();
  expect(await page.evaluate((m) => (window as unknown as Record<string, unknown>)[`__pwned_${m}`], marker)).toBeUndefined();
  expect(await page.content()).not.toContain(`<script>window.__pwned_${marker}`);
});
