import { describe, expect, it } from "vitest";
import { localizeLocation, requestInLocale, routeLocale } from "./locale-routing";

const visit = (path: string, extra: Partial<Parameters<typeof routeLocale>[0]> = {}) =>
  routeLocale({ method: "GET", path, cookie: null, acceptLanguage: null, secFetchMode: "navigate", accept: "text/html", ...extra });

describe("the language of a request", () => {
  it("takes /hi off a Hindi page's path and serves it in Hindi", () => {
    expect(visit("/hi/products?category=seeds")).toEqual({ locale: "hi", path: "/products?category=seeds" });
    expect(visit("/hi")).toEqual({ locale: "hi", path: "/" });
    expect(visit("/hi/products.data", { secFetchMode: "cors" })).toEqual({ locale: "hi", path: "/products.data" });
  });

  it("sends a browser that asks for Hindi first, or chose it, from an English page to its Hindi twin", () => {
    expect(visit("/products?q=urea", { acceptLanguage: "hi-IN,hi;q=0.9,en;q=0.8" })).toEqual({ redirect: "/hi/products?q=urea" });
    expect(visit("/", { cookie: "angle_lang=hi" })).toEqual({ redirect: "/hi" });
    // The visitor's explicit choice beats the browser's languages.
    expect(visit("/products", { cookie: "angle_lang=en", acceptLanguage: "hi" })).toEqual({ locale: "en", path: "/products" });
    expect(visit("/products", { acceptLanguage: "en-IN,hi;q=0.5" })).toEqual({ locale: "en", path: "/products" });
  });

  it("never redirects data requests, form posts, files or single-language areas", () => {
    const hindi = { cookie: "angle_lang=hi" };
    expect(visit("/products.data", { ...hindi, secFetchMode: "cors" })).toEqual({ locale: "en", path: "/products.data" });
    expect(visit("/checkout", { ...hindi, method: "POST" })).toEqual({ locale: "en", path: "/checkout" });
    expect(visit("/favicon.svg", hindi)).toEqual({ locale: "en", path: "/favicon.svg" });
    expect(visit("/admin/orders", hindi)).toEqual({ locale: "en", path: "/admin/orders" });
    expect(visit("/language?to=en&next=/", hindi)).toEqual({ locale: "en", path: "/language?to=en&next=/" });
    // Without Sec-Fetch-Mode (an older browser), a request for HTML is a page visit.
    expect(visit("/cart", { ...hindi, secFetchMode: null, accept: "text/html,*/*" })).toEqual({ redirect: "/hi/cart" });
    expect(visit("/cart", { ...hindi, secFetchMode: null, accept: "*/*" })).toEqual({ locale: "en", path: "/cart" });
  });

  it("opens the English address of a single-language area asked for under /hi", () => {
    expect(visit("/hi/admin/orders")).toEqual({ redirect: "/admin/orders" });
    expect(visit("/hi/language?to=en&next=/cart")).toEqual({ redirect: "/language?to=en&next=/cart" });
  });

  it("keeps a Hindi page's redirects in Hindi, and no others", () => {
    expect(localizeLocation("/cart", "hi")).toBe("/hi/cart");
    expect(localizeLocation("/hi/cart", "hi")).toBe("/hi/cart");
    expect(localizeLocation("/admin", "hi")).toBe("/admin");
    expect(localizeLocation("https://pay.example/x", "hi")).toBe("https://pay.example/x");
    expect(localizeLocation("/cart", "en")).toBe("/cart");
  });

  it("hands the language on in a header of ours, whatever the visitor sent", async () => {
    const spoofed = new Request("http://x.test/hi/contact", {
      method: "POST",
      headers: { "x-angle-locale": "en", "content-type": "application/x-www-form-urlencoded" },
      body: "name=A",
    });
    const inner = requestInLocale(spoofed, "hi", "/contact");
    expect(new URL(inner.url).pathname).toBe("/contact");
    expect(inner.headers.get("x-angle-locale")).toBe("hi");
    expect(await inner.text()).toBe("name=A");
    const english = requestInLocale(new Request("http://x.test/contact", { headers: { "x-angle-locale": "hi" } }), "en", "/contact");
    expect(english.headers.get("x-angle-locale")).toBe("en");
  });
});

describe("open redirect through the language routing", () => {
  it.each([
    ["an English address of a Hindi reader", "//evil.example/", { cookie: "angle_lang=hi" }],
    ["a browser asking for Hindi first", "//evil.example/x", { acceptLanguage: "hi-IN,hi;q=0.9" }],
    ["a Hindi address of a one-language page", "/hi//evil.example/admin", {}],
    ["a Hindi address whose path is a host", "/hi//evil.example/", {}],
  ])("never answers a Location off the site: %s", (_name, path, extra) => {
    const routing = visit(path, extra);
    if ("redirect" in routing) {
      expect(routing.redirect.startsWith("/")).toBe(true);
      expect(new URL(routing.redirect, "https://angle.example/x").origin).toBe("https://angle.example");
    }
  });

  it("still sends a Hindi reader from an English page to its Hindi twin", () => {
    expect(visit("/products?category=seeds", { cookie: "angle_lang=hi" })).toEqual({ redirect: "/hi/products?category=seeds" });
  });
});
