import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { linkToken } from "../account-links";
import { defined } from "~/platform/defined";
import {
  address,
  listen,
  loadProductionBuildAsStarted,
  ORIGIN,
  type ProductionApp,
  type Reply,
  registerCustomer,
  send,
  unique,
  visit,
} from "../helpers/production-app";

/**
 * What the production build answers a request, as `npm start` serves it, with no browser: the
 * security headers and the script nonce, the refusal of other sites' posts, the session cookie's
 * flags, a 4xx for malformed input, and private, no-store answers for a signed-in visitor. (Moved
 * from tests/e2e/security.spec.ts, where a browser added nothing, so they run on both engines.)
 */
let app: ProductionApp;

beforeAll(async () => {
  const { build, clientDir } = await loadProductionBuildAsStarted();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
});

/** A POST of `form` carrying another site's origin (`from`). */
const postFrom = (from: string, path: string, form: Record<string, string>) =>
  app.request(`${ORIGIN}${path}`, { method: "POST", headers: { origin: from }, body: new URLSearchParams(form), redirect: "manual" });

/** Where a browser ends up after `reply`: its redirects followed, as a request from a page follows them. */
const settled = async (reply: Reply) => {
  const location = reply.headers.get("location");
  if (reply.status < 300 || reply.status >= 400 || !location) return reply;
  const next = new URL(location, ORIGIN);
  return visit(app, next.pathname + next.search);
};

describe("security", () => {
  it("pages carry security headers and a per-response script nonce", async () => {
    const first = await send(app, "/");
    const second = await send(app, "/");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    const nonce = defined(/'nonce-([^']+)'/.exec(csp)?.[1], "the script nonce");
    const scripts = first.text.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const asset = defined(/\/assets\/[^"]+\.js/.exec(first.text)?.[0], "a script of the build");
    const server = await listen(app);
    try {
      expect((await fetch(`${server.url}${asset}`)).headers.get("cache-control")).toContain("immutable");
    } finally {
      await server.close();
    }
    expect(JSON.parse((await send(app, "/healthz")).text)).toMatchObject({ status: "ok" });
  });

  it("state-changing requests from another site are refused", async () => {
    const contact = { name: "Eve", email: "eve@example.com", subject: "Hi", message: "Forged" };
    expect((await postFrom("https://evil.example", "/contact", contact)).status).toBe(403);
    expect((await postFrom("https://evil.example", "/account/auth", { intent: "login", email: "a@b.in", password: "x" })).status).toBe(403);
    // The same message from the store's own page is taken (and the visitor sent back to the form).
    const accepted = await send(app, "/contact", { form: contact });
    expect(accepted.status, accepted.text).toBe(303);
    expect((await settled(accepted)).status).toBe(200);
  });

  it("the session cookie is HttpOnly and SameSite=Lax, and passwords never come back", async () => {
    const customer = { name: "Asha Cookie", email: `asha.${unique()}@example.com`, password: "kheti-2024-secure", ...address };
    const response = await send(app, "/account/auth", { form: { intent: "register", ...customer } });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain(customer.password);
    // Registration signs nobody in; the emailed link does, with this cookie.
    const confirmed = await send(app, "/verify-email", { form: { token: await linkToken(customer.email), password: customer.password } });
    expect(confirmed.status, confirmed.text).toBe(303);
    expect(confirmed.text).not.toContain(customer.password);
    const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("angle.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("malformed input gets a 4xx, never a 500", async () => {
    /** A POST of `data` as JSON, which no form of the store sends. */
    const json = async (path: string, data: unknown): Promise<Reply> => {
      const response = await app.request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify(data),
        redirect: "manual",
      });
      return { status: response.status, headers: response.headers, text: await response.text(), cookie: "" };
    };
    const cases: [string, Promise<Reply>][] = [
      [
        "POST /contact (too long)",
        send(app, "/contact", { form: { name: "x".repeat(10_000), email: "<script>", subject: "", message: "" } }),
      ],
      ["POST /account/auth (register)", send(app, "/account/auth", { form: { intent: "register", email: "not-an-email", password: "1" } })],
      ["POST /account/auth (login)", send(app, "/account/auth", { form: { intent: "login", email: "", password: "" } })],
      ["POST /checkout", send(app, "/checkout", { form: { items: "{not json" } })],
      ["GET /products (bad filters)", send(app, "/products?page=-1&sort=%00&category=%27%20or%201%3D1")],
      ["GET /products/<dot segments>", send(app, "/products/%2e%2e%2f%2e%2e%2fetc%2fpasswd")],
      ["GET /order-confirmation/<script>", send(app, "/order-confirmation/%3Cscript%3E")],
      ["GET /resources/cart-quote (5000 ids)", send(app, `/resources/cart-quote?ids=${"a,".repeat(5000)}`)],
      ["GET /uploads/<dot segments>", send(app, "/uploads/..%2f..%2fpackage.json")],
      ["GET /products?q=ab%00c", send(app, "/products?q=ab%00c")],
      ["GET /products?q=%00%00%00", send(app, "/products?q=%00%00%00")],
      ["POST /contact (JSON)", json("/contact", { name: "x" })],
      [
        "POST /contact (NUL)",
        send(app, "/contact", { form: { name: "Nul\u0000", email: "a@b.in", subject: "s\u0000", message: "m\u0000" } }),
      ],
      ["GET /admin/orders/%00", send(app, "/admin/orders/%00")],
      ["POST /vendor-login?index", send(app, "/vendor-login?index", { form: { intent: "register", businessName: "x".repeat(10_000) } })],
    ];
    for (const [what, reply] of cases) {
      // As the browser's request saw it: its redirects followed.
      const answer = await settled(await reply);
      expect(answer.status, what).toBeLessThan(500);
    }
  });

  it("a signed-in visitor's responses are private, no-store; an anonymous catalogue page is not", async () => {
    for (const path of ["/", "/products"]) {
      const anonymous = await send(app, path);
      expect(anonymous.status, path).toBe(200);
      expect(anonymous.headers.get("cache-control") ?? "", path).not.toContain("private");
    }
    for (const path of ["/checkout", "/orders", "/resources/cart-quote?ids=x", "/admin/login", "/vendor-login"]) {
      expect((await send(app, path)).headers.get("cache-control"), `${path} (guest)`).toBe("private, no-store");
    }
    const customer = await registerCustomer(app, "Private Parul", "answers");
    const home = await visit(app, "/", { cookie: customer.cookie });
    // The customer's own page: their menu, which the page's script moves into the header, names them.
    expect(home.text).toContain("Private Parul");
    expect(home.headers.get("cache-control")).toBe("private, no-store");
    for (const path of ["/products", "/products.data", "/orders", "/checkout", "/vendor-login/products", "/admin/dashboard"]) {
      expect((await send(app, path, { cookie: customer.cookie })).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});
