import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createProduct } from "../factories";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import {
  address,
  loadProductionBuild,
  ORIGIN,
  type ProductionApp,
  type Reply,
  registerCustomer,
  send,
  unique,
} from "../helpers/production-app";

/**
 * The request policy (docs/decisions/009-request-policy.md) on the production build, served by the
 * Hono app in this process on this test file's database: maintenance mode closes every storefront,
 * account and vendor request (pages, `.data` and actions) and writes nothing, while admins, /healthz
 * and pictures keep working; personalised responses are never cached.
 */
let app: ProductionApp;

beforeAll(async () => {
  const { build, clientDir } = await loadProductionBuild();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
});

afterAll(() => setMaintenance(false));

function setMaintenance(on: boolean) {
  return saveSetting("general", { siteTitle: "Angle", siteTagline: "Grow with us", adminEmail: "", maintenanceMode: on });
}

async function registerAdmin() {
  const admin = await registerCustomer(app, "Policy Admin", "policy");
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
      const productsPage = await send(app, "/products");
      const closed: [string, Reply][] = [
        ["GET /products", productsPage],
        ["GET /products.data", await send(app, "/products.data")],
        ["GET product .data", await send(app, `/products/${product.id}.data`)],
        ["GET /_root.data", await send(app, "/_root.data")],
        ["POST /contact", await send(app, "/contact", { form: contact })],
        ["POST /contact.data", await send(app, "/contact.data", { form: contact })],
        ["POST /account/auth", await send(app, "/account/auth", { form: customer })],
        ["POST /account/auth.data", await send(app, "/account/auth.data", { form: customer })],
        ["GET /vendor-login", await send(app, "/vendor-login")],
        ["GET /vendor-login/products.data", await send(app, "/vendor-login/products.data")],
        ["POST /vendor-login?index", await send(app, "/vendor-login?index", { form: vendor })],
        ["GET /resources/cart-quote", await send(app, `/resources/cart-quote?ids=${product.id}`)],
        ["POST /logout", await send(app, "/logout", { form: {} })],
        ["GET /checkout", await send(app, "/checkout")],
        // Only a picture's exact address is open: anything else under /uploads is a storefront page.
        ["GET /uploads/a/b", await send(app, "/uploads/a/b")],
        ["GET /uploads/a/b.data", await send(app, "/uploads/a/b.data")],
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
      const hindiPage = await send(app, "/hi/products");
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
    expect((await send(app, "/contact", { form: contact })).status).toBe(303);
    expect(await messageCount(contact.subject)).toBe(1);
    expect((await send(app, "/account/auth", { form: customer })).status).toBe(200);
    expect(await userCount(customerEmail)).toBe(1);
    expect((await send(app, "/vendor-login?index", { form: vendor })).status).toBe(200);
    expect(await userCount(vendorEmail)).toBe(1);
    expect((await send(app, `/resources/cart-quote?ids=${product.id}`)).text).toContain(product.name);
  });

  it("keeps the admin panel, a signed-in admin's storefront, /healthz and pictures working", async () => {
    const product = await createProduct({ name: `Admin Okra ${unique()}` });
    const admin = await registerAdmin();
    const customer = await registerCustomer(app, "Policy Customer", "policy");
    await setMaintenance(true);
    try {
      const health = await send(app, "/healthz");
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text)).toMatchObject({ status: "ok" });
      expect((await send(app, "/admin/login")).status).toBe(200);
      expect((await send(app, "/uploads/nosuchpicture1.webp")).status).toBe(404);

      const dashboard = await send(app, "/admin/dashboard", { cookie: admin.cookie });
      expect(dashboard.status).toBe(200);
      expect(dashboard.text).toContain("Maintenance mode is on.");
      expect(dashboard.text).toContain('href="/admin/settings"');
      for (const path of ["/products", "/products.data", `/resources/cart-quote?ids=${product.id}`]) {
        const reply = await send(app, path, { cookie: admin.cookie });
        expect(reply.status, path).toBe(200);
        expect(reply.text, path).toContain(product.name);
      }
      // A customer's session is no key.
      expect((await send(app, "/products", { cookie: customer.cookie })).status).toBe(503);
    } finally {
      await setMaintenance(false);
    }
    expect((await send(app, "/admin/dashboard", { cookie: admin.cookie })).text).not.toContain("Maintenance mode is on.");
  });
});

describe("caching", () => {
  it("marks every personalised response private, no-store, and leaves anonymous catalogue pages shareable", async () => {
    const product = await createProduct({ name: `Cached Cabbage ${unique()}` });
    const customer = await registerCustomer(app, "Cache Customer", "policy");
    const admin = await registerAdmin();

    for (const path of ["/", "/products", `/products/${product.id}`, "/products.data", "/about"]) {
      const reply = await send(app, path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get("cache-control") ?? "", path).not.toContain("private");
      expect(reply.headers.get("vary") ?? "", path).toContain("Cookie");
    }

    const signedInHome = await send(app, "/", { cookie: customer.cookie });
    const personal: [string, Reply][] = [
      ["signed-in home page", signedInHome],
      ["signed-in catalogue", await send(app, "/products", { cookie: customer.cookie })],
      ["signed-in .data", await send(app, "/products.data", { cookie: customer.cookie })],
      ["orders", await send(app, "/orders", { cookie: customer.cookie })],
      ["orders (guest)", await send(app, "/orders")],
      ["checkout", await send(app, "/checkout", { cookie: customer.cookie })],
      ["checkout (guest)", await send(app, "/checkout")],
      ["cart quote", await send(app, `/resources/cart-quote?ids=${product.id}`)],
      ["admin dashboard", await send(app, "/admin/dashboard", { cookie: admin.cookie })],
      ["admin login", await send(app, "/admin/login")],
      ["admin (guest)", await send(app, "/admin/dashboard")],
      ["vendor area", await send(app, "/vendor-login")],
      ["vendor products", await send(app, "/vendor-login/products", { cookie: customer.cookie })],
      ["sign-in", await send(app, "/account/auth", { form: { intent: "login", email: customer.email, password: customer.password } })],
      ["a page under /uploads that is not a picture", await send(app, "/uploads/a/b", { cookie: customer.cookie })],
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
    const customer = await registerCustomer(app, "No Passthrough", "policy");
    const value = decodeURIComponent(defined(/^[^=;]+=([^;]+)/.exec(customer.cookie)?.[1], "the session cookie's value"));
    const token = defined(value.split(".")[0], "the session token");
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/admin/list-users"]) {
      const reply = await send(app, path, { cookie: customer.cookie });
      expect(reply.status, path).toBe(404);
      expect(reply.text, path).not.toContain(token);
    }
    // Nothing answers a post there either (the storefront's not-found page has no action); sign-out is /logout.
    expect((await send(app, "/api/auth/sign-out", { cookie: customer.cookie, form: {} })).status).toBe(405);
    // The session still works where the store uses it.
    expect((await send(app, "/", { cookie: customer.cookie })).text).toContain("No Passthrough");
  });
});
