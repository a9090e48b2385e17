import { defined } from "../../app/platform/defined";
import { baseURL } from "../../playwright.config";
import { test, expect } from "./fixtures";
import { loginAs, newCustomer, userMenu } from "./helpers";
import { confirmByEmail } from "./mail-helpers";

test("pages carry security headers and a per-response script nonce", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain("unsafe-inline'; script");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(second.headers()["content-security-policy"]).not.toBe(csp);
  const nonce = defined(/'nonce-([^']+)'/.exec(csp)?.[1], "the script nonce");
  const html = await first.text();
  for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  expect(first.headers()["x-content-type-options"]).toBe("nosniff");
  expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const asset = defined(/\/assets\/[^"]+\.js/.exec(html)?.[0], "a script of the build");
  expect((await request.get(asset)).headers()["cache-control"]).toContain("immutable");
  expect(await (await request.get("/healthz")).json()).toMatchObject({ status: "ok" });
});

test("state-changing requests from another site are refused", async ({ request }) => {
  const contact = { name: "Eve", email: "eve@example.com", subject: "Hi", message: "Forged" };
  expect((await request.post("/contact", { form: contact, headers: { origin: "https://evil.example" } })).status()).toBe(403);
  expect(
    (
      await request.post("/account/auth", {
        form: { intent: "login", email: "a@b.in", password: "x" },
        headers: { origin: "https://evil.example" },
      })
    ).status(),
  ).toBe(403);
  expect((await request.post("/contact", { form: contact, headers: { origin: baseURL } })).status()).toBe(200);
});

test("the session cookie is HttpOnly and SameSite=Lax, and passwords never come back", async ({ request }) => {
  const customer = newCustomer();
  const response = await request.post("/account/auth", { form: { intent: "register", ...customer }, headers: { origin: baseURL } });
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain(customer.password);
  // Registration signs nobody in; the emailed link does, with this cookie.
  const confirmed = await confirmByEmail(request, baseURL, customer.email, customer.password);
  const cookie = confirmed
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("angle.session_token="))?.value;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
});

test("malformed input gets a 4xx, never a 500", async ({ request }) => {
  const h = { origin: baseURL };
  const cases = [
    request.post("/contact", { form: { name: "x".repeat(10_000), email: "<script>", subject: "", message: "" }, headers: h }),
    request.post("/account/auth", { form: { intent: "register", email: "not-an-email", password: "1" }, headers: h }),
    request.post("/account/auth", { form: { intent: "login", email: "", password: "" }, headers: h }),
    request.post("/checkout", { form: { items: "{not json" }, headers: h }),
    request.get("/products?page=-1&sort=%00&category=%27%20or%201%3D1"),
    request.get("/products/%2e%2e%2f%2e%2e%2fetc%2fpasswd"),
    request.get("/order-confirmation/<script>"),
    request.get(`/resources/cart-quote?ids=${"a,".repeat(5000)}`),
    request.get("/uploads/..%2f..%2fpackage.json"),
    request.get("/products?q=ab%00c"),
    request.get("/products?q=%00%00%00"),
    request.post("/contact", { data: { name: "x" }, headers: h }),
    request.post("/contact", { form: { name: "Nul\u0000", email: "a@b.in", subject: "s\u0000", message: "m\u0000" }, headers: h }),
    request.get("/admin/orders/%00"),
    request.post("/vendor-login?index", { form: { intent: "register", businessName: "x".repeat(10_000) }, headers: h }),
  ];
  for (const response of await Promise.all(cases)) {
    expect(response.status(), response.url()).toBeLessThan(500);
  }
});

test("a signed-in visitor's responses are private, no-store; an anonymous catalogue page is not", async ({ page }) => {
  for (const path of ["/", "/products"]) {
    const anonymous = await page.request.get(path);
    expect(anonymous.status(), path).toBe(200);
    expect(anonymous.headers()["cache-control"] ?? "", path).not.toContain("private");
  }
  for (const path of ["/checkout", "/orders", "/resources/cart-quote?ids=x", "/admin/login", "/vendor-login"]) {
    expect((await page.request.get(path, { maxRedirects: 0 })).headers()["cache-control"], `${path} (guest)`).toBe("private, no-store");
  }
  const customer = await loginAs(page);
  const home = await page.goto("/");
  await expect(userMenu(page, customer)).toBeVisible();
  expect(home?.headers()["cache-control"]).toBe("private, no-store");
  for (const path of ["/products", "/products.data", "/orders", "/checkout", "/vendor-login/products", "/admin/dashboard"]) {
    expect((await page.request.get(path, { maxRedirects: 0 })).headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("Better Auth's own API is not exposed: no script can read the session token from get-session", async ({ page }) => {
  await loginAs(page);
  const token = (await page.context().cookies()).find((c) => c.name === "angle.session_token")?.value ?? "";
  expect(token).not.toBe("");
  const session = await page.request.get("/api/auth/get-session");
  expect(session.status()).toBe(404);
  expect(await session.text()).not.toContain(decodeURIComponent(token).split(".")[0]);
  await page.goto("/");
  const fromScript = await page.evaluate(async () => {
    const response = await fetch("/api/auth/get-session");
    return { status: response.status, body: await response.text() };
  });
  expect(fromScript.status).toBe(404);
  expect(fromScript.body).not.toContain(decodeURIComponent(token).split(".")[0]);
});
