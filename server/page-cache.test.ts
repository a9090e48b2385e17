import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { requestContext } from "../app/platform/log.server";
import {
  createPageCache,
  cutTemplate,
  fillBody,
  fillTemplate,
  isCacheableRequest,
  isStorableResponse,
  type PageCache,
  pageKey,
} from "./page-cache";
import { type CachedPage, createMemoryPageStore, createRedisPageStore, decodePage, encodePage, type PageStore } from "./page-cache-stores";
import { redisForTests, TEST_REDIS_URL, testRedisPrefix } from "../tests/helpers/redis";

/**
 * The rendered-page cache (docs/decisions/027-page-cache.md), with a stand-in for React Router that
 * renders as entry.server does: a fresh nonce in the page and its CSP header, the request id in the
 * page's data. The production build behind it: tests/integration/page-cache.test.ts.
 */
const ORIGIN = "http://localhost:3999";
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });

describe("which requests may be answered from the cache", () => {
  it("takes anonymous GETs of catalogue pages and their .data, with or without the language cookie", () => {
    for (const path of [
      "/",
      "/_.data",
      "/products",
      "/products?category=seeds&page=2",
      "/products.data?_routes=routes/store/products",
      "/products/eoczqk4sbbk5",
      "/products/eoczqk4sbbk5.data",
      "/crops",
      "/crops/tomato?sort=price",
      "/about",
      "/terms",
      "/privacy",
      "/refund",
      "/contact?topic=expert",
    ]) {
      expect(isCacheableRequest(get(path)), path).toBe(true);
      expect(isCacheableRequest(get(path, { cookie: "angle_lang=hi" })), `${path} with angle_lang`).toBe(true);
      // A guest with a cart: the cart's copy of its lines is checkout's alone.
      expect(isCacheableRequest(get(path, { cookie: "angle-cart-lines=abcdef.2; angle_lang=hi" })), `${path} with a cart`).toBe(true);
    }
  });

  it("never takes a visitor with any other cookie, credentials, another method, or a personal page", () => {
    expect(isCacheableRequest(get("/products", { cookie: "angle.session_token=abc" }))).toBe(false);
    expect(isCacheableRequest(get("/products", { cookie: "angle_lang=en; __Secure-angle.session_token=abc" }))).toBe(false);
    expect(isCacheableRequest(get("/products", { cookie: "angle.toast=xyz" }))).toBe(false);
    expect(isCacheableRequest(get("/products", { cookie: "anything=1" }))).toBe(false);
    expect(isCacheableRequest(get("/products", { authorization: "Bearer abc" }))).toBe(false);
    expect(isCacheableRequest(new Request(`${ORIGIN}/products`, { method: "HEAD" }))).toBe(false);
    expect(isCacheableRequest(new Request(`${ORIGIN}/contact`, { method: "POST", body: "x=1" }))).toBe(false);
    for (const path of [
      "/cart",
      "/checkout",
      "/orders",
      "/orders.data",
      "/account",
      "/account/auth",
      "/order-confirmation/abc",
      "/admin",
      "/admin/products",
      "/vendor-login",
      "/language?to=hi",
      "/resources/delivery?pin=422001",
      "/uploads/abcdefgh.webp",
      "/healthz",
      "/products/abc/def",
    ]) {
      expect(isCacheableRequest(get(path)), path).toBe(false);
    }
  });
});

describe("which responses may be kept", () => {
  const html = (init: ResponseInit = {}) =>
    new Response("<html></html>", { status: 200, ...init, headers: { "content-type": "text/html; charset=utf-8", ...init.headers } });
  it("keeps a 200 page or page data for anyone", () => {
    expect(isStorableResponse(html())).toBe(true);
    expect(isStorableResponse(new Response("[]", { headers: { "content-type": "text/x-script" } }))).toBe(true);
  });
  it("never keeps one that sets a cookie, is private or no-store, or is not a 200 page", () => {
    expect(isStorableResponse(html({ headers: { "set-cookie": "angle.toast=; Max-Age=0" } }))).toBe(false);
    expect(isStorableResponse(html({ headers: { "cache-control": "private, no-store" } }))).toBe(false);
    expect(isStorableResponse(html({ headers: { "cache-control": "no-store" } }))).toBe(false);
    expect(isStorableResponse(html({ status: 404 }))).toBe(false);
    expect(isStorableResponse(html({ status: 503 }))).toBe(false);
    expect(isStorableResponse(new Response(null, { status: 302, headers: { location: "/" } }))).toBe(false);
    expect(isStorableResponse(new Response("{}", { headers: { "content-type": "application/json" } }))).toBe(false);
  });
});

describe("the key", () => {
  const base = { build: "b1", version: "7-abc", day: "2026-11-27", locale: "en", request: get("/products?category=seeds") };
  it("holds everything the page depends on", () => {
    const key = pageKey(base);
    expect(pageKey({ ...base, locale: "hi" })).not.toBe(key);
    expect(pageKey({ ...base, version: "8-def" })).not.toBe(key);
    expect(pageKey({ ...base, build: "b2" })).not.toBe(key);
    expect(pageKey({ ...base, day: "2026-11-28" })).not.toBe(key);
    expect(pageKey({ ...base, request: get("/products?category=tools") })).not.toBe(key);
    expect(pageKey({ ...base, request: get("/products?category=seeds&auth=login") })).not.toBe(key);
    expect(pageKey({ ...base, request: get("/products.data?category=seeds") })).not.toBe(key);
    expect(pageKey({ ...base, request: new Request("http://other.example/products?category=seeds") })).not.toBe(key);
    expect(pageKey({ ...base, request: get("/products?category=seeds") })).toBe(key);
  });
});

describe("templates", () => {
  it("cut a page where its nonce and request id were, and fill in others", () => {
    const nonce = "kQjyJn/7Nm4rBv811C15nA==";
    const requestId = randomUUID();
    const page = `<script nonce="${nonce}">a</script><p>${requestId}</p><script nonce="${nonce}">b</script>`;
    const template = cutTemplate(page, { nonce, requestId });
    expect(template.holes).toEqual(["nonce", "requestId", "nonce"]);
    expect(template.parts.join("")).not.toContain(nonce);
    expect(fillTemplate(template, { nonce, requestId })).toBe(page);
    expect(fillTemplate(template, { nonce: "NEW", requestId: "ID" })).toBe(
      `<script nonce="NEW">a</script><p>ID</p><script nonce="NEW">b</script>`,
    );
    expect(cutTemplate("no secrets here", { nonce, requestId: undefined })).toEqual({ parts: ["no secrets here"], holes: [] });
  });

  it("cut a body's bytes the same way, around text in any script, and survive the trip through Redis's encoding", () => {
    const nonce = randomBytes(16).toString("base64");
    const requestId = randomUUID();
    const html = `<html lang="hi-IN"><script nonce="${nonce}">बीज ₹120</script><p>${requestId}</p><script nonce="${nonce}"></script>`;
    const template = cutTemplate(Buffer.from(html), { nonce, requestId });
    expect(template.holes).toEqual(["nonce", "requestId", "nonce"]);
    expect(Buffer.from(fillBody(template, { nonce, requestId })).toString()).toBe(html);
    const page: CachedPage = {
      key: "k\n/products?q=x",
      status: 200,
      headers: [["content-security-policy", cutTemplate(`script-src 'nonce-${nonce}'`, { nonce })]],
      body: template,
      storedAt: 1,
    };
    const decoded = decodePage(encodePage(page));
    expect(decoded.key).toBe(page.key);
    expect(decoded.headers).toEqual(page.headers);
    expect(Buffer.from(fillBody(decoded.body, { nonce: "N", requestId: "R" })).toString()).toBe(
      `<html lang="hi-IN"><script nonce="N">बीज ₹120</script><p>R</p><script nonce="N"></script>`,
    );
  });
});

/** Renders as entry.server does: a nonce of its own in the page and in the CSP header, the request id in the page's data. */
function fakeRender(options: { body?: string; headers?: Record<string, string>; status?: number } = {}) {
  let renders = 0;
  const render = async () => {
    renders += 1;
    const scope = requestContext.getStore();
    const nonce = randomBytes(16).toString("base64");
    if (scope) scope.nonce = nonce;
    const body = `<!DOCTYPE html><html><body>${options.body ?? "Tomato seeds ₹120"}<script nonce="${nonce}">window.requestId=${JSON.stringify(scope?.requestId)}</script></body></html>`;
    return new Response(body, {
      status: options.status ?? 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": `script-src 'self' 'nonce-${nonce}'`,
        vary: "Cookie",
        ...options.headers,
      },
    });
  };
  return { render, renders: () => renders };
}

type Reply = { status: number; cache: string | null; body: string; csp: string | null; requestId: string };

/** One request through the cache, as server/app.ts makes it: inside its request context. */
async function ask(cache: PageCache, request: Request, render: () => Promise<Response>, locale = "en", requestId?: string): Promise<Reply> {
  const id = requestId ?? randomUUID();
  return requestContext.run({ requestId: id, requestIdGenerated: requestId === undefined }, async () => {
    const response = await cache.respond(request, locale, render);
    // The whole body read, as a browser would: only then is the page kept.
    const body = await response.text();
    return {
      status: response.status,
      cache: response.headers.get("x-page-cache"),
      body,
      csp: response.headers.get("content-security-policy"),
      requestId: id,
    };
  });
}

const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];
const memoryCache = (version = async () => "1-a") =>
  createPageCache({ store: createMemoryPageStore({ maxBytes: 1024 * 1024, ttlMs: 60_000 }), catalogVersion: version, build: "test" });

describe("the cache", () => {
  it("serves a kept page with a fresh nonce in the page and its CSP header, and the request's own id", async () => {
    const cache = memoryCache();
    const page = fakeRender();
    const first = await ask(cache, get("/products"), page.render);
    const second = await ask(cache, get("/products"), page.render);
    const third = await ask(cache, get("/products"), page.render);
    expect([first.cache, second.cache, third.cache]).toEqual(["miss", "hit", "hit"]);
    expect(page.renders()).toBe(1);
    const nonces = [first, second, third].map((r) => nonceOf(r.body));
    expect(new Set(nonces).size).toBe(3);
    for (const [i, reply] of [first, second, third].entries()) {
      expect(reply.csp).toBe(`script-src 'self' 'nonce-${nonces[i]}'`);
      expect(reply.body).toContain(`window.requestId="${reply.requestId}"`);
      expect(reply.body).toContain("Tomato seeds ₹120");
    }
  });

  it("keeps each language, path and query apart", async () => {
    const cache = memoryCache();
    const english = fakeRender({ body: "English" });
    const hindi = fakeRender({ body: "हिन्दी" });
    expect((await ask(cache, get("/products"), english.render, "en")).cache).toBe("miss");
    const hi = await ask(cache, get("/products"), hindi.render, "hi");
    expect(hi.cache).toBe("miss");
    expect(hi.body).toContain("हिन्दी");
    expect((await ask(cache, get("/products"), english.render, "en")).body).toContain("English");
    expect((await ask(cache, get("/products"), hindi.render, "hi")).body).toContain("हिन्दी");
    expect((await ask(cache, get("/products?page=2"), english.render, "en")).cache).toBe("miss");
  });

  it("never answers a signed-in visitor from the cache, nor keeps their page", async () => {
    const cache = memoryCache();
    const anonymous = fakeRender({ body: "Login" });
    await ask(cache, get("/products"), anonymous.render);
    const signedIn = fakeRender({ body: "Hello, Asha", headers: { "cache-control": "private, no-store" } });
    const asha = await ask(cache, get("/products", { cookie: "angle.session_token=abc.def" }), signedIn.render);
    expect(asha.cache).toBeNull();
    expect(asha.body).toContain("Hello, Asha");
    expect(signedIn.renders()).toBe(1);
    const stranger = await ask(cache, get("/products"), anonymous.render);
    expect(stranger.cache).toBe("hit");
    expect(stranger.body).not.toContain("Asha");
  });

  it("never keeps a response that sets a cookie, is private, or is not a 200", async () => {
    const cases: Parameters<typeof fakeRender>[0][] = [
      { headers: { "set-cookie": "angle.toast=; Max-Age=0; Path=/" } },
      { headers: { "cache-control": "private, no-store" } },
      { status: 503 },
      { status: 404 },
    ];
    for (const options of cases) {
      const cache = memoryCache();
      const page = fakeRender(options);
      await ask(cache, get("/products"), page.render);
      const again = await ask(cache, get("/products"), page.render);
      expect(again.cache, JSON.stringify(options)).not.toBe("hit");
      expect(page.renders()).toBe(2);
    }
  });

  it("does not keep a page rendered with a request id the visitor chose (it might be any text on the page)", async () => {
    const cache = memoryCache();
    const page = fakeRender({ body: "eoczqk4sbbk5" });
    await ask(cache, get("/products"), page.render, "en", "eoczqk4sbbk5");
    expect((await ask(cache, get("/products"), page.render)).cache).toBe("miss");
    const hit = await ask(cache, get("/products"), page.render, "en", "visitor-chosen-id");
    expect(hit.cache).toBe("hit");
    expect(hit.body).toContain("eoczqk4sbbk5");
    expect(hit.body).toContain('window.requestId="visitor-chosen-id"');
  });

  it("renders afresh after the catalogue changes", async () => {
    let version = "1-a";
    const cache = memoryCache(async () => version);
    let price = "₹120";
    const render = async () => fakeRender({ body: `Tomato seeds ${price}` }).render();
    expect((await ask(cache, get("/products/tomato"), render)).body).toContain("₹120");
    expect((await ask(cache, get("/products/tomato"), render)).cache).toBe("hit");
    price = "₹99";
    version = "2-b";
    const after = await ask(cache, get("/products/tomato"), render);
    expect(after.cache).toBe("miss");
    expect(after.body).toContain("₹99");
  });

  it("renders when the catalogue's version cannot be read", async () => {
    const cache = memoryCache(async () => {
      throw new Error("database away");
    });
    const page = fakeRender();
    expect((await ask(cache, get("/products"), page.render)).status).toBe(200);
    expect((await ask(cache, get("/products"), page.render)).status).toBe(200);
    expect(page.renders()).toBe(2);
  });
});

describe("the memory store", () => {
  const page = (key: string, storedAt = Date.now()): CachedPage => ({
    key,
    status: 200,
    headers: [],
    body: { parts: [Buffer.from(key)], holes: [] },
    storedAt,
  });
  it("holds at most its bytes, dropping the least recently used first", async () => {
    const store = createMemoryPageStore({ maxBytes: 300, ttlMs: 60_000 });
    await store.set(page("a"), 100);
    await store.set(page("b"), 100);
    await store.set(page("c"), 100);
    await store.get("a"); // a is now the most recently used
    await store.set(page("d"), 100);
    expect(await store.get("b")).toBeUndefined();
    for (const key of ["a", "c", "d"]) expect(await store.get(key), key).toBeDefined();
    await store.set(page("huge"), 301);
    expect(await store.get("huge")).toBeUndefined();
  });
  it("forgets pages past their time, and all of them when the catalogue's version moves", async () => {
    const store = createMemoryPageStore({ maxBytes: 1000, ttlMs: 1_000 });
    await store.set(page("old", Date.now() - 2_000), 10);
    expect(await store.get("old")).toBeUndefined();
    store.versionSeen("1");
    await store.set(page("p"), 10);
    store.versionSeen("1");
    expect(await store.get("p")).toBeDefined();
    store.versionSeen("2");
    expect(await store.get("p")).toBeUndefined();
  });
});

// Redis: the store every instance shares with PAGE_CACHE_STORE=redis. Needs Redis at REDIS_URL
// (default redis://127.0.0.1:6379): skipped on a machine without one, a failure in CI.
const REDIS_URL = TEST_REDIS_URL;
const PREFIX = testRedisPrefix("page:");
const redisUp = await redisForTests("the shared page cache tests");

/** Asks until an answer satisfies `done` (a Redis store connects after it is made), at most ~5 s. */
async function askUntil(cache: PageCache, path: string, render: () => Promise<Response>, done: (reply: Reply) => boolean) {
  for (let i = 0; ; i++) {
    const reply = await ask(cache, get(path), render);
    if (done(reply) || i >= 50) return reply;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!redisUp)("the shared store in Redis", () => {
  const stores: PageStore[] = [];
  const redisCache = (version: () => Promise<string>) => {
    const store = createRedisPageStore({ url: REDIS_URL, prefix: PREFIX, ttlSeconds: 60 });
    stores.push(store);
    return createPageCache({ store, catalogVersion: version, build: "test" });
  };
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("lets two instances share pages, each served with its own nonce, until the catalogue changes", async () => {
    let version = "1-a";
    const catalogVersion = async () => version;
    const one = redisCache(catalogVersion);
    const two = redisCache(catalogVersion);
    const onOne = fakeRender({ body: "Rendered on one ₹120" });
    const onTwo = fakeRender({ body: "Rendered on two" });

    const kept = await askUntil(one, "/crops/tomato", onOne.render, (r) => r.cache === "hit");
    expect(kept.cache).toBe("hit");
    const shared = await askUntil(two, "/crops/tomato", onTwo.render, (r) => r.cache === "hit");
    expect(shared.cache).toBe("hit");
    expect(shared.body).toContain("Rendered on one ₹120");
    expect(onTwo.renders()).toBe(0);
    expect(nonceOf(shared.body)).not.toBe(nonceOf(kept.body));
    expect(shared.csp).toBe(`script-src 'self' 'nonce-${nonceOf(shared.body)}'`);
    expect(shared.body).toContain(`window.requestId="${shared.requestId}"`);

    version = "2-b";
    const changed = await ask(two, get("/crops/tomato"), onTwo.render);
    expect(changed.cache).toBe("miss");
    expect(changed.body).toContain("Rendered on two");
  });

  it("renders, without failing the request, when Redis cannot be reached", async () => {
    const store = createRedisPageStore({ url: "redis://127.0.0.1:1", prefix: PREFIX, ttlSeconds: 60 });
    stores.push(store);
    const cache = createPageCache({ store, catalogVersion: async () => "1-a", build: "test" });
    const page = fakeRender();
    for (let i = 0; i < 3; i++) {
      const reply = await ask(cache, get("/products"), page.render);
      expect(reply.status).toBe(200);
      expect(reply.body).toContain("Tomato seeds ₹120");
    }
    expect(page.renders()).toBe(3);
  });
});
