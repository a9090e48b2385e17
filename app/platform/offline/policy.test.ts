import { createMemoryRouter, redirect } from "react-router";
import { describe, expect, test } from "vitest";
import {
  cacheKey,
  cachesToDelete,
  classify,
  isKeepable,
  localeOf,
  overLimit,
  pageOfData,
  reloadDocumentHeaders,
  SEEN_LIMIT,
  seenBeforeControl,
  titleOf,
  withNotice,
  withSavedPages,
} from "./policy";

const ORIGIN = "https://angle.test";
const get = (path: string, mode = "cors") => ({ method: "GET", mode, url: ORIGIN + path });
const page = (path: string) => classify(get(path, "navigate"), ORIGIN);
const data = (path: string) => classify(get(path), ORIGIN);

describe("classify", () => {
  test("catalogue pages and their data, in both languages, are kept", () => {
    for (const path of ["/", "/products", "/products?category=seeds&q=tomato", "/products/abc123", "/crops", "/crops/tomato", "/cart"]) {
      expect(page(path), path).toBe("catalogue-page");
      expect(page(`/hi${path === "/" ? "" : path}`), `/hi${path}`).toBe("catalogue-page");
    }
    expect(page("/?source=pwa")).toBe("catalogue-page");
    expect(data("/_.data")).toBe("catalogue-data");
    expect(data("/hi.data")).toBe("catalogue-data");
    expect(data("/hi/_.data")).toBe("catalogue-data");
    expect(data("/products/abc123.data?_routes=routes%2Fstore%2Fproduct")).toBe("catalogue-data");
    expect(data("/hi/crops/tomato.data")).toBe("catalogue-data");
  });

  test("personal, account, admin, seller and sign-in addresses are never kept", () => {
    for (const path of [
      "/orders",
      "/orders/review/abc",
      "/account",
      "/checkout",
      "/order-confirmation/abc",
      "/admin",
      "/admin/products",
      "/vendor-login",
      "/vendor-login/orders",
      "/forgot-password",
      "/about",
      "/hi/orders",
      "/hi/checkout",
    ]) {
      expect(page(path), path).toBe("page");
      expect(data(`${path}.data`), `${path}.data`).toBe("data");
    }
    // The cart page with a query (a sign-in dialog, …), and any page with the sign-in dialog open.
    expect(page("/cart?auth=login")).toBe("page");
    expect(page("/cart?x=1")).toBe("page");
    expect(page("/products?auth=register")).toBe("page");
  });

  test("writes, sign-in endpoints, fetchers and other sites are left alone; a language switch drops kept pages", () => {
    expect(classify({ method: "POST", mode: "cors", url: `${ORIGIN}/checkout.data` }, ORIGIN)).toBe("mutation");
    expect(classify({ method: "POST", mode: "navigate", url: `${ORIGIN}/products` }, ORIGIN)).toBe("mutation");
    expect(data("/api/auth/get-session")).toBe("other");
    expect(data("/resources/cart-quote.data?ids=a")).toBe("other");
    expect(data("/resources/cart-quote?ids=a")).toBe("other");
    expect(data("/images/seeds/tomato.svg")).toBe("other");
    expect(classify({ method: "GET", mode: "cors", url: "https://checkout.razorpay.com/v1/checkout.js" }, ORIGIN)).toBe("other");
    expect(page("/language?to=hi")).toBe("state-change");
    expect(data("/assets/entry.client-abc.js")).toBe("asset");
    expect(data("/__manifest?paths=%2Fproducts&version=abc")).toBe("route-manifest");
    expect(data("/hi/__manifest?paths=%2Fproducts&version=abc")).toBe("route-manifest");
  });
});

test("a page's data address names its page", () => {
  expect(pageOfData(new URL(`${ORIGIN}/products/x.data?_routes=a,b&q=1`)).href).toBe(`${ORIGIN}/products/x?q=1`);
  expect(pageOfData(new URL(`${ORIGIN}/_.data`)).pathname).toBe("/");
  expect(pageOfData(new URL(`${ORIGIN}/hi/_.data`)).pathname).toBe("/hi/");
  expect(reloadDocumentHeaders(new URL(`${ORIGIN}/hi/products.data?category=seeds&_routes=x`))).toEqual({
    "X-Remix-Redirect": `${ORIGIN}/hi/products?category=seeds`,
    "X-Remix-Status": "302",
    "X-Remix-Reload-Document": "true",
  });
});

describe("the page React Router goes to when the worker tells it to load a page itself", () => {
  /**
   * React Router's own reading of the worker's answer (single fetch turns it into this redirect; in
   * a browser the document is then loaded at that address, here the router goes there): a Hindi
   * page's router has /hi as its basename.
   */
  async function followed(from: string, to: string) {
    const basename = from.startsWith("/hi") ? "/hi" : "/";
    // The worker shares the page's origin; a memory router's is http://localhost.
    const location = reloadDocumentHeaders(new URL(`http://localhost${to}.data?_routes=x`))["X-Remix-Redirect"] ?? "";
    // Offline, the page's data is not had: the worker's answer, once (the page loaded again is the kept one).
    let answered = false;
    const offline = () => {
      if (answered) return null;
      answered = true;
      return redirect(location, { headers: { "X-Remix-Reload-Document": "yes" } });
    };
    const router = createMemoryRouter(
      [
        { path: "/", loader: () => null },
        { path: "/products", loader: () => null },
        { path: "/about", loader: offline },
        { path: "*", loader: () => null },
      ],
      { basename, initialEntries: [from] },
    );
    await router.navigate(to.replace(/^\/hi/, "") || "/");
    const { pathname, search } = router.state.location;
    router.dispose();
    return pathname + search;
  }

  test("a Hindi page's link stays one /hi deep (never /hi/hi/…)", async () => {
    expect(await followed("/hi/products", "/hi/about")).toBe("/hi/about");
  });

  test("an English page's link goes where it points", async () => {
    expect(await followed("/products", "/about")).toBe("/about");
  });
});

test("the home-screen app's ?source=pwa is not part of a page's key", () => {
  expect(cacheKey(`${ORIGIN}/?source=pwa`)).toBe(`${ORIGIN}/`);
  expect(cacheKey(`${ORIGIN}/products?q=seeds`)).toBe(`${ORIGIN}/products?q=seeds`);
});

describe("isKeepable", () => {
  const response = (headers: Record<string, string>, status = 200, type = "basic") => ({ status, type, headers: new Headers(headers) });
  test("a public 200 page or page data from us", () => {
    expect(isKeepable(response({ "content-type": "text/html; charset=utf-8", vary: "Cookie" }))).toBe(true);
    expect(isKeepable(response({ "content-type": "text/x-script" }))).toBe(true);
  });
  test("never a signed-in (private, no-store) answer, an error, a redirect or another site's", () => {
    expect(isKeepable(response({ "content-type": "text/html", "cache-control": "private, no-store" }))).toBe(false);
    expect(isKeepable(response({ "content-type": "text/html", "cache-control": "no-store" }))).toBe(false);
    expect(isKeepable(response({ "content-type": "text/html", "cache-control": "private" }))).toBe(false);
    expect(isKeepable(response({ "content-type": "text/html" }, 404))).toBe(false);
    expect(isKeepable(response({ "content-type": "text/x-script" }, 202))).toBe(false);
    expect(isKeepable(response({}, 0, "opaqueredirect"))).toBe(false);
    expect(isKeepable(response({ "content-type": "text/html" }, 200, "cors"))).toBe(false);
    expect(isKeepable(response({ "content-type": "application/json" }))).toBe(false);
  });
});

test("kept pages: at most the limit, oldest first out; only other versions' Angle caches go", () => {
  expect(overLimit([1, 2, 3], 3)).toEqual([]);
  expect(overLimit([1, 2, 3, 4, 5], 3)).toEqual([1, 2]);
  expect(
    cachesToDelete(
      ["angle-static-new", "angle-pages-new", "angle-static-old", "angle-pages-old", "someone-else"],
      ["angle-static-new", "angle-pages-new"],
    ),
  ).toEqual(["angle-static-old", "angle-pages-old"]);
});

test("the notice goes first in the body, once, escaped; the page's language by its address", () => {
  const html = '<html><head><script>p.id="offline-notice"</script></head><body class="min-h-screen"><div>page</div></body></html>';
  const shown = withNotice(html, "Offline <now>");
  expect(shown).toContain('<body class="min-h-screen"><p id="offline-notice" role="status" class="');
  expect(shown).toContain(">Offline &lt;now&gt;</p><div>page</div>");
  expect(withNotice(shown, "again")).toBe(shown);
  expect(localeOf("/hi")).toBe("hi");
  expect(localeOf("/hi/products")).toBe("hi");
  expect(localeOf("/hindi")).toBe("en");
  expect(localeOf("/products")).toBe("en");
});

test("the offline page lists kept pages by their titles, escaped", () => {
  expect(titleOf("<head><title>Seeds &amp; saplings · Angle</title></head>")).toBe("Seeds & saplings · Angle");
  expect(titleOf("<head></head>")).toBeNull();
  const html = withSavedPages("<main><!--saved-pages--></main>", "Saved", [{ href: "/products/a?x=1&y=2", title: "<Tomato> & co" }]);
  expect(html).toContain('href="/products/a?x=1&amp;y=2">&lt;Tomato&gt; &amp; co</a>');
  expect(withSavedPages("<main><!--saved-pages--></main>", "Saved", [])).toBe("<main></main>");
});

test("what a page saw before the worker took control: this site's catalogue pages and their data, each once, a bounded list", () => {
  expect(
    seenBeforeControl(
      {
        angleSeen: [
          `${ORIGIN}/hi`,
          `${ORIGIN}/hi/products?category=seeds#top`,
          `${ORIGIN}/hi/products?category=seeds`,
          `${ORIGIN}/products/x.data?_routes=a`,
          `${ORIGIN}/?source=pwa`,
          `${ORIGIN}/cart?auth=login`,
          `${ORIGIN}/account`,
          `${ORIGIN}/resources/cart-quote.data?ids=a`,
          "https://elsewhere.test/products",
          "http://[",
          42,
        ],
      },
      ORIGIN,
    ),
  ).toEqual([`${ORIGIN}/hi`, `${ORIGIN}/hi/products?category=seeds`, `${ORIGIN}/products/x.data?_routes=a`, `${ORIGIN}/`]);
  expect(seenBeforeControl({ angleSeen: "/products" }, ORIGIN)).toEqual([]);
  expect(seenBeforeControl(null, ORIGIN)).toEqual([]);
  const many = Array.from({ length: 100 }, (_, i) => `${ORIGIN}/products/p${i}`);
  expect(seenBeforeControl({ angleSeen: many }, ORIGIN)).toHaveLength(SEEN_LIMIT);
});
