import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { linkToken } from "../account-links";
import { createProduct } from "../factories";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { defined } from "~/lib/defined";
import { saveSetting } from "~/services/settings/save-setting.server";

/**
 * The request policy (docs/decisions/009-request-policy.md) on the production build, served by the
 * Hono app in this process on this test file's database: maintenance mode closes every storefront,
 * account and vendor request (pages, `.data` and actions) and writes nothing, while admins, /healthz
 * and pictures keep working; personalised responses are never cached.
 */
const ORIGIN = getEnv().BASE_URL;
const ROOT = resolve(import.meta.dirname, "../..");
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const buildDir = resolve(ROOT, getEnv().BUILD_DIR);
  const build = (await import(resolve(buildDir, "server/index.js"))) as ServerBuild;
  await (build.entry.module as unknown as { ready: Promise<void> }).ready;
  app = createApp({ build, clientDir: resolve(buildDir, "client"), https: false, origin: ORIGIN });
});

afterAll(() => setMaintenance(false));

function setMaintenance(on: boolean) {
  return saveSetting("general", { siteTitle: "Angle", siteTagline: "Grow with us", adminEmail: "", maintenanceMode: on });
}

type Reply = { status: number; headers: Headers; text: string; cookie: string };

async function send(path: string, init: { method?: string; form?: Record<string, string>; cookie?: string } = {}): Promise<Reply> {
  const headers = new Headers({ origin: ORIGIN });
  if (init.cookie) headers.set("cookie", init.cookie);
  const response = await app.request(`${ORIGIN}${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, headers: response.headers, text: await response.text(), cookie };
}

const address = { phone: "9876543210", street: "1 Road", city: "Pune", state: "Maharashtra", pincode: "411001" };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Registers a customer through the store's own action; returns the session cookie. */
async function registerCustomer(name: string) {
  const email = `policy-${unique()}@example.in`;
  const reply = await send("/account/auth", { form: { intent: "register", name, email, password: "policy-pass-123", ...address } });
  expect(reply.status, reply.text).toBe(200);
  // Registration signs nobody in: the emailed link does.
  const confirmed = await send("/verify-email", { form: { token: await linkToken(email) } });
  expect(confirmed.status, confirmed.text).toBe(303);
  return { email, cookie: confirmed.cookie };
}

async function registerAdmin() {
  const admin = await registerCustomer("Policy Admin");
  await getDb().updateTable("user").set({ role: "admin" }).where("email", "=", admin.email).execute();
  return admin;
}

const userCount = async (email: string) => (await getDb().selectFrom("user").select("id").where("email", "=", email).execute()).length;
const messageCount = async (subject: string) =>
  (await getDb().selectFrom("contact_message").select("id").where("subject", "=", subject).execute()).length;

describe("maintenance mode", () => {
  it("closes pages, .data requests, actions and resource routes with a 503 and Retry-After, writing nothing", async () => {
    const product = await createProduct({ name: `Maintenance Marigold ${unique()}` });
    const contact = { name: "Asha", email: "asha@example.in", subject: `Closed ${unique()}`, message: "Is the store open?" };
    const customerEmail = `closed-${unique()}@example.in`;
    const customer = { intent: "register", name: "Closed Door", email: customerEmail, password: "closed-pass-123", ...address };
    const vendorEmail = `vendor-${unique()}@example.in`;
    const vendor = {
      intent: "register",
      businessName: "Kisan Tools",
      email: vendorEmail,
      password: "vendor-pass-123",
      gstNumber: "27AAPFU0939F1ZV",
      ...address,
    };
    await setMaintenance(true);
    try {
      const productsPage = await send("/products");
      const closed: [string, Reply][] = [
        ["GET /products", productsPage],
        ["GET /products.data", await send("/products.data")],
        ["GET product .data", await send(`/products/${product.id}.data`)],
        ["GET /_root.data", await send("/_root.data")],
        ["POST /contact", await send("/contact", { form: contact })],
        ["POST /contact.data", await send("/contact.data", { form: contact })],
        ["POST /account/auth", await send("/account/auth", { form: customer })],
        ["POST /account/auth.data", await send("/account/auth.data", { form: customer })],
        ["GET /vendor-login", await send("/vendor-login")],
        ["GET /vendor-login/products.data", await send("/vendor-login/products.data")],
        ["POST /vendor-login?index", await send("/vendor-login?index", { form: vendor })],
        ["GET /resources/cart-quote", await send(`/resources/cart-quote?ids=${product.id}`)],
        ["POST /logout", await send("/logout", { form: {} })],
        ["GET /checkout", await send("/checkout")],
        // Only a picture's exact address is open: anything else under /uploads is a storefront page.
        ["GET /uploads/a/b", await send("/uploads/a/b")],
        ["GET /uploads/a/b.data", await send("/uploads/a/b.data")],
      ];
      for (const [what, reply] of closed) {
        expect(reply.status, what).toBe(503);
        expect(reply.headers.get("retry-after"), what).toBe("600");
        expect(reply.headers.get("cache-control"), what).toBe("no-store");
        expect(reply.text, what).not.toContain(product.name);
        expect(reply.cookie, what).toBe("");
      }
      // Documents keep the friendly page.
      expect(productsPage.headers.get("content-type")).toContain("text/html");
      expect(productsPage.text).toContain("We are tending the fields");
      expect(productsPage.text.replaceAll("<!-- -->", "")).toContain("Angle is closed for a short maintenance.");
      expect(productsPage.text).toContain("<title>Angle · Back soon</title>");
      // A Hindi page's maintenance page, browser tab included, is in Hindi.
      const hindiPage = await send("/hi/products");
      expect(hindiPage.status).toBe(503);
      expect(hindiPage.text).toContain("<title>Angle · जल्द लौटेंगे</title>");
      expect(hindiPage.text).toContain("हम खेतों की देखभाल कर रहे हैं");

      expect(await messageCount(contact.subject)).toBe(0);
      expect(await userCount(customerEmail)).toBe(0);
      expect(await userCount(vendorEmail)).toBe(0);
    } finally {
      await setMaintenance(false);
    }
    // The same forms are accepted once the store is open again: they were refused for maintenance only.
    expect((await send("/contact", { form: contact })).status).toBe(303);
    expect(await messageCount(contact.subject)).toBe(1);
    expect((await send("/account/auth", { form: customer })).status).toBe(200);
    expect(await userCount(customerEmail)).toBe(1);
    expect((await send("/vendor-login?index", { form: vendor })).status).toBe(200);
    expect(await userCount(vendorEmail)).toBe(1);
    expect((await send(`/resources/cart-quote?ids=${product.id}`)).text).toContain(product.name);
  });

  it("keeps the admin panel, a signed-in admin's storefront, /healthz and pictures working", async () => {
    const product = await createProduct({ name: `Admin Okra ${unique()}` });
    const admin = await registerAdmin();
    const customer = await registerCustomer("Policy Customer");
    await setMaintenance(true);
    try {
      const health = await send("/healthz");
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text)).toMatchObject({ status: "ok" });
      expect((await send("/admin/login")).status).toBe(200);
      expect((await send("/uploads/nosuchpicture1.webp")).status).toBe(404);

      const dashboard = await send("/admin/dashboard", { cookie: admin.cookie });
      expect(dashboard.status).toBe(200);
      expect(dashboard.text).toContain("Maintenance mode is on.");
      expect(dashboard.text).toContain('href="/admin/settings"');
      for (const path of ["/products", "/products.data", `/resources/cart-quote?ids=${product.id}`]) {
        const reply = await send(path, { cookie: admin.cookie });
        expect(reply.status, path).toBe(200);
        expect(reply.text, path).toContain(product.name);
      }
      // A customer's session is no key.
      expect((await send("/products", { cookie: customer.cookie })).status).toBe(503);
    } finally {
      await setMaintenance(false);
    }
    expect((await send("/admin/dashboard", { cookie: admin.cookie })).text).not.toContain("Maintenance mode is on.");
  });
});

describe("caching", () => {
  it("marks every personalised response private, no-store, and leaves anonymous catalogue pages shareable", async () => {
    const product = await createProduct({ name: `Cached Cabbage ${unique()}` });
    const customer = await registerCustomer("Cache Customer");
    const admin = await registerAdmin();

    for (const path of ["/", "/products", `/products/${product.id}`, "/products.data", "/about"]) {
      const reply = await send(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get("cache-control") ?? "", path).not.toContain("private");
      expect(reply.headers.get("vary") ?? "", path).toContain("Cookie");
    }

    const signedInHome = await send("/", { cookie: customer.cookie });
    const personal: [string, Reply][] = [
      ["signed-in home page", signedInHome],
      ["signed-in catalogue", await send("/products", { cookie: customer.cookie })],
      ["signed-in .data", await send("/products.data", { cookie: customer.cookie })],
      ["orders", await send("/orders", { cookie: customer.cookie })],
      ["orders (guest)", await send("/orders")],
      ["checkout", await send("/checkout", { cookie: customer.cookie })],
      ["checkout (guest)", await send("/checkout")],
      ["cart quote", await send(`/resources/cart-quote?ids=${product.id}`)],
      ["admin dashboard", await send("/admin/dashboard", { cookie: admin.cookie })],
      ["admin login", await send("/admin/login")],
      ["admin (guest)", await send("/admin/dashboard")],
      ["vendor area", await send("/vendor-login")],
      ["vendor products", await send("/vendor-login/products", { cookie: customer.cookie })],
      ["sign-in", await send("/account/auth", { form: { intent: "login", email: customer.email, password: "policy-pass-123" } })],
      ["a page under /uploads that is not a picture", await send("/uploads/a/b", { cookie: customer.cookie })],
    ];
    for (const [what, reply] of personal) {
      expect(reply.status, what).toBeLessThan(500);
      expect(reply.headers.get("cache-control"), what).toBe("private, no-store");
    }
    expect(signedInHome.text).toContain("Cache Customer");
  });
});

describe("Better Auth's own HTTP API", () => {
  it("is not exposed: get-session, which would hand the session token to a script, is a 404", async () => {
    const customer = await registerCustomer("No Passthrough");
    const value = decodeURIComponent(defined(/^[^=;]+=([^;]+)/.exec(customer.cookie)?.[1], "the session cookie's value"));
    const token = defined(value.split(".")[0], "the session token");
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/admin/list-users"]) {
      const reply = await send(path, { cookie: customer.cookie });
      expect(reply.status, path).toBe(404);
      expect(reply.text, path).not.toContain(token);
    }
    // Nothing answers a post there either (the storefront's not-found page has no action); sign-out is /logout.
    expect((await send("/api/auth/sign-out", { cookie: customer.cookie, form: {} })).status).toBe(405);
    // The session still works where the store uses it.
    expect((await send("/", { cookie: customer.cookie })).text).toContain("No Passthrough");
  });
});
