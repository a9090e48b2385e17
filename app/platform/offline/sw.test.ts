import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CACHED_AT, FRESH_MS, NETWORK_TIMEOUT_MS, PAGES_LIMIT, PAGES_MAX_AGE_MS } from "./policy";
import { startServiceWorker, type WorkerBuild } from "./sw";

/*
 * The worker's lifecycle and answers, against stand-ins for what a browser gives it: the Cache API
 * (a map per cache, in order of writing, as the real one lists), the network (a function per
 * address) and its clients. What the browser itself does around the worker (when it activates a
 * waiting one, navigation preload) is tests/e2e/offline.spec.ts's.
 */

const ORIGIN = "https://angle.test";
const BUILD: WorkerBuild = {
  version: "v2",
  precache: ["/assets/entry.client-a.js", "/assets/manifest-m2.js", "/offline.html", "/offline-hi.html"],
  routeManifest: "/assets/manifest-m2.js",
  routeManifestVersion: "m2",
  offlinePage: { en: "/offline.html", hi: "/offline-hi.html" },
  notice: { en: "Offline notice", hi: "ऑफ़लाइन सूचना" },
  savedPages: { en: "Saved pages", hi: "सहेजे गए पेज" },
};

type RequestLike = { url: string; method: string; mode: string };
const href = (request: RequestLike | string) => new URL(typeof request === "string" ? request : request.url, ORIGIN).href;

/** A response as a browser hands one over from our own origin ("basic"), its copies too. */
function basic(response: Response): Response {
  if (response.type === "basic") return response;
  const clone = response.clone.bind(response);
  Object.defineProperty(response, "type", { value: "basic" });
  Object.defineProperty(response, "clone", { value: () => basic(clone()) });
  return response;
}

class FakeCache {
  entries = new Map<string, Response>();
  async match(request: RequestLike | string) {
    return this.entries.get(href(request))?.clone();
  }
  async put(request: RequestLike | string, response: Response) {
    this.entries.delete(href(request));
    this.entries.set(href(request), basic(response));
  }
  async delete(request: RequestLike | string) {
    return this.entries.delete(href(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url, method: "GET", mode: "cors" }));
  }
  async addAll(requests: RequestLike[]) {
    for (const request of requests) {
      const response = await network(request);
      if (!response.ok) throw new TypeError(`${request.url}: ${response.status}`);
      await this.put(request, response);
    }
  }
}

class FakeCacheStorage {
  stores = new Map<string, FakeCache>();
  async open(name: string) {
    const cache = this.stores.get(name) ?? new FakeCache();
    this.stores.set(name, cache);
    return cache;
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async match(request: RequestLike | string) {
    for (const cache of this.stores.values()) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }
}

let storage: FakeCacheStorage;
/** What the network answers, by path; a missing path is a network failure (offline). */
let routes: Record<string, () => Response | Promise<Response>>;
let network: (request: RequestLike) => Promise<Response>;
let fetches: string[];
let messages: { client: string; message: unknown }[];
let worker: ReturnType<typeof fakeWorker>;

function fakeWorker({ active = false, windows = 0 } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: new URL(ORIGIN),
    navigator: { onLine: true },
    registration: { active: active ? {} : null, navigationPreload: { enable: vi.fn(async () => {}) } },
    clients: {
      matchAll: vi.fn(async () => Array.from({ length: windows }, () => ({ url: `${ORIGIN}/` }))),
      get: vi.fn(async (id: string) => ({ url: `${ORIGIN}/`, postMessage: (message: unknown) => messages.push({ client: id, message }) })),
      claim: vi.fn(async () => {}),
    },
    skipWaiting: vi.fn(async () => {}),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  vi.stubGlobal("self", scope);
  startServiceWorker(BUILD);

  async function lifecycle(type: "install" | "activate") {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  }
  /** Dispatches a fetch event; `answer` is undefined when the worker leaves the request to the browser. */
  async function request(path: string, { method = "GET", mode = "cors", clientId = "" } = {}) {
    const pending: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get("fetch")?.({
      request: { url: new URL(path, ORIGIN).href, method, mode, headers: new Headers() },
      clientId,
      preloadResponse: Promise.resolve(undefined),
      respondWith: (r: Promise<Response>) => {
        answer = Promise.resolve(r);
      },
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    const response = await answer;
    // What the worker does after answering (keeping a copy, telling the page) settles too.
    for (let settled = 0; settled < pending.length; ) {
      const batch = pending.slice(settled);
      settled = pending.length;
      await Promise.allSettled(batch);
    }
    return response;
  }
  /** A page's message to the worker; resolves once what the worker does about it has settled. */
  async function message(data: unknown) {
    const pending: Promise<unknown>[] = [];
    listeners.get("message")?.({ data, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  }
  return { scope, lifecycle, request, message };
}

const html = (title: string, headers: Record<string, string> = {}) =>
  new Response(`<!DOCTYPE html><html><head><title>${title}</title></head><body class="min-h-screen"><main>${title}</main></body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  });

beforeEach(() => {
  storage = new FakeCacheStorage();
  messages = [];
  fetches = [];
  routes = {
    "/assets/entry.client-a.js": () => new Response("entry", { headers: { "content-type": "text/javascript" } }),
    "/assets/manifest-m2.js": () =>
      new Response(
        'window.__reactRouterManifest={"version":"m2","routes":{"root":{"id":"root"},"routes/store/crops":{"id":"routes/store/crops"}}};',
      ),
    "/offline.html": () => html("You are offline <!--saved-pages-->"),
    "/offline-hi.html": () => html("आप ऑफ़लाइन हैं <!--saved-pages-->"),
  };
  network = async (request) => {
    const url = new URL(request.url);
    fetches.push(url.pathname + url.search);
    const route = routes[url.pathname + url.search] ?? routes[url.pathname];
    if (!route) throw new TypeError("Failed to fetch");
    return basic(await route());
  };
  vi.stubGlobal("caches", storage);
  vi.stubGlobal("fetch", (request: RequestLike | string) =>
    network(typeof request === "string" ? { url: href(request), method: "GET", mode: "cors" } : request),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("install and activate: a new build never mixes with an old one", () => {
  test("the first worker fetches its files and takes over at once", async () => {
    worker = fakeWorker();
    await worker.lifecycle("install");
    expect([...(storage.stores.get("angle-static-v2")?.entries.keys() ?? [])].map((u) => new URL(u).pathname)).toEqual(BUILD.precache);
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
  });

  test("an update waits while any page of ours is open (it may run the old worker, whose caches activating would delete)", async () => {
    worker = fakeWorker({ active: true, windows: 1 });
    await worker.lifecycle("install");
    expect(worker.scope.skipWaiting).not.toHaveBeenCalled();
    worker = fakeWorker({ active: true, windows: 0 });
    await worker.lifecycle("install");
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
  });

  test("activating deletes every other version's caches, keeps its own and others', and claims the pages", async () => {
    for (const name of ["angle-static-v1", "angle-pages-v1", "angle-static-v2", "angle-pages-v2", "someone-else"]) await storage.open(name);
    worker = fakeWorker({ active: true });
    await worker.lifecycle("activate");
    expect(await storage.keys()).toEqual(["angle-static-v2", "angle-pages-v2", "someone-else"]);
    expect(worker.scope.registration.navigationPreload.enable).toHaveBeenCalled();
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });

  test("a hashed file comes from any version's cache, else the network, then kept", async () => {
    (await storage.open("angle-static-v1")).entries.set(`${ORIGIN}/assets/old-x.js`, basic(new Response("old")));
    worker = fakeWorker();
    expect(await (await worker.request("/assets/old-x.js"))?.text()).toBe("old");
    expect(await (await worker.request("/assets/entry.client-a.js"))?.text()).toBe("entry");
    expect(storage.stores.get("angle-static-v2")?.entries.has(`${ORIGIN}/assets/entry.client-a.js`)).toBe(true);
  });
});

describe("catalogue pages", () => {
  const keptPages = () =>
    [...(storage.stores.get("angle-pages-v2")?.entries.keys() ?? [])].map((u) => new URL(u).pathname + new URL(u).search);

  test("kept from the network; shown with the notice when the network fails; a recent copy at once (stale-while-revalidate)", async () => {
    worker = fakeWorker();
    routes["/products/a"] = () => html("Tomato seeds · Angle");
    expect(await (await worker.request("/products/a", { mode: "navigate" }))?.text()).toContain("<main>Tomato seeds · Angle</main>");
    expect(keptPages()).toEqual(["/products/a"]);

    // Recent: shown at once, and fetched again behind it.
    fetches = [];
    const fresh = await (await worker.request("/products/a", { mode: "navigate" }))?.text();
    expect(fresh).not.toContain("offline-notice");
    expect(fetches).toEqual(["/products/a"]);

    // Older than FRESH_MS and no network: the kept copy, with the notice.
    const entry = storage.stores.get("angle-pages-v2")?.entries.get(`${ORIGIN}/products/a`);
    entry?.headers.set(CACHED_AT, String(Date.now() - FRESH_MS - 1));
    delete routes["/products/a"];
    const stale = await (await worker.request("/products/a", { mode: "navigate" }))?.text();
    expect(stale).toContain('<body class="min-h-screen"><p id="offline-notice" role="status"');
    expect(stale).toContain(">Offline notice</p>");
  });

  test("the cart page comes from the network online even when a recent copy is kept: the server draws it with the cart of the moment", async () => {
    worker = fakeWorker();
    routes["/cart"] = () => html("Cart with 2 tomato packs · Angle");
    expect(await (await worker.request("/cart", { mode: "navigate" }))?.text()).toContain("Cart with 2 tomato packs");
    expect(keptPages()).toEqual(["/cart"]);
    // The cart changed a moment later: the page that comes is the new one, not the kept copy.
    routes["/cart"] = () => html("Cart with a rotavator · Angle");
    expect(await (await worker.request("/cart", { mode: "navigate" }))?.text()).toContain("Cart with a rotavator");
    routes["/hi/cart"] = () => html("कार्ट एक · Angle");
    await worker.request("/hi/cart", { mode: "navigate" });
    routes["/hi/cart"] = () => html("कार्ट दो · Angle");
    expect(await (await worker.request("/hi/cart", { mode: "navigate" }))?.text()).toContain("कार्ट दो");
    // Offline, the kept copy still opens, with the notice.
    worker.scope.navigator.onLine = false;
    delete routes["/cart"];
    const offline = await (await worker.request("/cart", { mode: "navigate" }))?.text();
    expect(offline).toContain("Cart with a rotavator");
    expect(offline).toContain("offline-notice");
  });

  test("pages a first visit saw before the worker took control are fetched and kept (catalogue only, never private ones)", async () => {
    worker = fakeWorker();
    routes["/hi/products/a"] = () => html("टमाटर के बीज · Angle");
    routes["/hi/products"] = () => html("उत्पाद · Angle");
    routes["/hi/products/b.data"] = () => new Response("[data]", { headers: { "content-type": "text/x-script" } });
    routes["/cart"] = () => html("Cart · Angle");
    await worker.message({
      angleSeen: [
        `${ORIGIN}/hi/products/a`,
        `${ORIGIN}/hi/products#reviews`,
        `${ORIGIN}/hi/products/b.data?_routes=routes%2Fstore%2Fproduct`,
        `${ORIGIN}/cart`,
        `${ORIGIN}/checkout`,
        `${ORIGIN}/orders`,
        "https://elsewhere.test/products",
      ],
    });
    expect(keptPages()).toEqual(["/hi/products/a", "/hi/products", "/hi/products/b.data?_routes=routes%2Fstore%2Fproduct", "/cart"]);
    expect(fetches).not.toContain("/checkout");
    expect(fetches).not.toContain("/orders");

    // Kept as if seen now: offline, the Hindi page opens with the notice.
    worker.scope.navigator.onLine = false;
    routes = { "/offline-hi.html": routes["/offline-hi.html"] ?? (() => html("")) };
    const page = await (await worker.request("/hi/products/a", { mode: "navigate" }))?.text();
    expect(page).toContain("<main>टमाटर के बीज · Angle</main>");
    expect(page).toContain(">ऑफ़लाइन सूचना</p>");

    // One already kept is not fetched again; a signed-in visitor's (private) answer keeps nothing at all.
    worker.scope.navigator.onLine = true;
    fetches = [];
    routes["/products/c"] = () => html("Khurpi · Angle", { "cache-control": "private, no-store" });
    await worker.message({ angleSeen: [`${ORIGIN}/hi/products/a`, `${ORIGIN}/products/c`] });
    expect(fetches).toEqual(["/products/c"]);
    expect(keptPages()).toEqual([]);
  });

  test("a message that is not a list of addresses is ignored", async () => {
    worker = fakeWorker();
    for (const data of [null, "x", { angleSeen: "/products" }, { angleSeen: [1, {}, "::"] }, { other: ["/products"] }])
      await worker.message(data);
    expect(fetches).toEqual([]);
  });

  test("recent but known to be offline: still with the notice", async () => {
    worker = fakeWorker();
    routes["/hi/products"] = () => html("बीज");
    await worker.request("/hi/products", { mode: "navigate" });
    delete routes["/hi/products"];
    worker.scope.navigator.onLine = false;
    expect(await (await worker.request("/hi/products", { mode: "navigate" }))?.text()).toContain(">ऑफ़लाइन सूचना</p>");
  });

  test("a slow network: the kept copy with the notice after NETWORK_TIMEOUT_MS, and the late answer kept", async () => {
    worker = fakeWorker();
    routes["/crops/tomato"] = () => html("Tomato v1");
    await worker.request("/crops/tomato", { mode: "navigate" });
    storage.stores
      .get("angle-pages-v2")
      ?.entries.get(`${ORIGIN}/crops/tomato`)
      ?.headers.set(CACHED_AT, String(Date.now() - FRESH_MS - 1));
    let answer: (r: Response) => void = () => {};
    routes["/crops/tomato"] = () => new Promise<Response>((resolve) => (answer = resolve));
    vi.useFakeTimers();
    const shown = worker.request("/crops/tomato", { mode: "navigate" });
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS + 1);
    answer(html("Tomato v2"));
    vi.useRealTimers();
    const text = await (await shown)?.text();
    expect(text).toContain("<main>Tomato v1</main>");
    expect(text).toContain("offline-notice");
    expect(await (await storage.match(`${ORIGIN}/crops/tomato`))?.text()).toContain("Tomato v2");
  });

  test("never kept when answered privately (signed in), and what was kept before is dropped", async () => {
    worker = fakeWorker();
    routes["/products"] = () => html("Products");
    await worker.request("/products", { mode: "navigate" });
    expect(keptPages()).toEqual(["/products"]);
    routes["/products"] = () => html("Products for Asha", { "cache-control": "private, no-store" });
    await worker.request("/products", { mode: "navigate" });
    expect(keptPages()).toEqual([]);
  });

  test("a write (sign-in, sign-out, an order) is left to the browser and drops the kept pages", async () => {
    worker = fakeWorker();
    routes["/"] = () => html("Home");
    await worker.request("/", { mode: "navigate" });
    expect(await worker.request("/account/auth.data", { method: "POST" })).toBeUndefined();
    expect(await storage.keys()).not.toContain("angle-pages-v2");
  });

  test("at most PAGES_LIMIT kept, oldest out; none older than PAGES_MAX_AGE_MS shown", async () => {
    worker = fakeWorker();
    await worker.lifecycle("install");
    routes["/products"] = () => html("Products");
    for (let i = 0; i <= PAGES_LIMIT; i++) await worker.request(`/products?page=${i}`, { mode: "navigate" });
    expect(keptPages()).toHaveLength(PAGES_LIMIT);
    expect(keptPages()[0]).toBe("/products?page=1");

    storage.stores
      .get("angle-pages-v2")
      ?.entries.get(`${ORIGIN}/products?page=5`)
      ?.headers.set(CACHED_AT, String(Date.now() - PAGES_MAX_AGE_MS - 1));
    delete routes["/products"];
    const answer = await worker.request("/products?page=5", { mode: "navigate" });
    expect(answer?.status).toBe(503);
    expect(await answer?.text()).toContain("You are offline");
  });
});

describe("everything else", () => {
  test("a signed-in customer's orders: never kept; offline, the offline page listing the kept pages of its language", async () => {
    worker = fakeWorker();
    await worker.lifecycle("install");
    routes["/orders"] = () => html("Your orders");
    routes["/products/a"] = () => html("Tomato seeds · Angle");
    routes["/hi/products/a"] = () => html("टमाटर के बीज · Angle");
    await worker.request("/orders", { mode: "navigate" });
    await worker.request("/products/a", { mode: "navigate" });
    await worker.request("/hi/products/a", { mode: "navigate" });
    expect(keptUrls()).not.toContain("/orders");

    delete routes["/orders"];
    const offline = await worker.request("/orders", { mode: "navigate" });
    expect(offline?.status).toBe(503);
    const text = (await offline?.text()) ?? "";
    expect(text).toContain("You are offline");
    expect(text).not.toContain("Your orders");
    expect(text).toContain("Saved pages");
    expect(text).toContain('href="/products/a">Tomato seeds · Angle</a>');
    expect(text).not.toContain("टमाटर");
    expect(await (await worker.request("/hi/orders", { mode: "navigate" }))?.text()).toContain("आप ऑफ़लाइन हैं");
  });

  test("page data that cannot be had: React Router is told to load the page itself", async () => {
    worker = fakeWorker();
    const answer = await worker.request("/products/b.data?_routes=routes%2Fstore%2Fproduct", { clientId: "tab" });
    expect(answer?.status).toBe(204);
    expect(answer?.headers.get("X-Remix-Redirect")).toBe(`${ORIGIN}/products/b`);
    expect(answer?.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect((await worker.request("/orders.data"))?.headers.get("X-Remix-Redirect")).toBe(`${ORIGIN}/orders`);
    expect((await worker.request("/hi/about.data"))?.headers.get("X-Remix-Redirect")).toBe(`${ORIGIN}/hi/about`);
  });

  test("kept page data offline: answered, and the page told to show the notice (and to take it away when fresh again)", async () => {
    worker = fakeWorker();
    routes["/products/a.data"] = () => new Response("[data]", { headers: { "content-type": "text/x-script" } });
    await worker.request("/products/a.data", { clientId: "tab" });
    expect(messages).toEqual([{ client: "tab", message: { angleOffline: null } }]);
    delete routes["/products/a.data"];
    worker.scope.navigator.onLine = false;
    expect(await (await worker.request("/products/a.data", { clientId: "tab" }))?.text()).toBe("[data]");
    expect(messages.at(-1)).toEqual({ client: "tab", message: { angleOffline: "Offline notice" } });
  });

  test("route discovery offline: this build's whole manifest; another build's page loads afresh", async () => {
    worker = fakeWorker();
    await worker.lifecycle("install");
    const same = await worker.request("/__manifest?paths=%2Fcrops&version=m2");
    expect(await same?.json()).toEqual({ root: { id: "root" }, "routes/store/crops": { id: "routes/store/crops" } });
    const other = await worker.request("/__manifest?paths=%2Fcrops&version=m1");
    expect(other?.status).toBe(204);
    expect(other?.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  test("fetchers, pictures and other sites are left to the browser", async () => {
    worker = fakeWorker();
    expect(await worker.request("/resources/cart-quote.data?ids=a")).toBeUndefined();
    expect(await worker.request("/images/seeds/tomato.svg")).toBeUndefined();
    expect(await worker.request("https://checkout.razorpay.com/v1/checkout.js")).toBeUndefined();
  });
});

function keptUrls() {
  return [...(storage.stores.get("angle-pages-v2")?.entries.keys() ?? [])].map((u) => new URL(u).pathname);
}
