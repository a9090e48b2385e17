import { describe, expect, it } from "vitest";
import { cookieLocale, delocalizePath, hasHindiTwin, localizePath, preferredLocale } from "./locale";

describe("language in the URL", () => {
  it("puts Hindi pages under /hi and leaves English and single-language paths alone", () => {
    expect(localizePath("/", "hi")).toBe("/hi");
    expect(localizePath("/products?category=seeds&page=2", "hi")).toBe("/hi/products?category=seeds&page=2");
    expect(localizePath("/?q=urea", "hi")).toBe("/hi?q=urea");
    expect(localizePath("/hi/cart", "hi")).toBe("/hi/cart");
    expect(localizePath("/hi/cart", "en")).toBe("/cart");
    expect(localizePath("/admin/orders", "hi")).toBe("/admin/orders");
    expect(localizePath("/documents/abc", "hi")).toBe("/documents/abc");
    expect(localizePath("https://example.com/x", "hi")).toBe("https://example.com/x");
    expect(localizePath("//evil.example/x", "hi")).toBe("//evil.example/x");
  });
  it("reads the language back off a path", () => {
    expect(delocalizePath("/hi")).toEqual({ locale: "hi", path: "/" });
    expect(delocalizePath("/hi/products/abc")).toEqual({ locale: "hi", path: "/products/abc" });
    expect(delocalizePath("/hindi-seeds")).toEqual({ locale: "en", path: "/hindi-seeds" });
    expect(delocalizePath("/hi?q=beej")).toEqual({ locale: "hi", path: "/?q=beej" });
  });
  it("knows which areas are English only", () => {
    expect(hasHindiTwin("/vendor-login/products")).toBe(true);
    expect(hasHindiTwin("/admin")).toBe(false);
    expect(hasHindiTwin("/administrator")).toBe(true);
    expect(hasHindiTwin("/account/auth")).toBe(false);
    expect(hasHindiTwin("/account")).toBe(true);
  });
});

describe("the browser's languages", () => {
  it("follows the higher quality of Hindi and English", () => {
    expect(preferredLocale("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("hi");
    expect(preferredLocale("en-GB,en;q=0.9,hi;q=0.5")).toBe("en");
    expect(preferredLocale("ta-IN,ta;q=0.9,hi;q=0.8")).toBe("hi");
    expect(preferredLocale("ta-IN")).toBeNull();
    expect(preferredLocale("hi;q=0")).toBeNull();
    expect(preferredLocale(undefined)).toBeNull();
  });
  it("reads the remembered choice from the cookie", () => {
    expect(cookieLocale("a=1; angle_lang=hi; b=2")).toBe("hi");
    expect(cookieLocale("angle_lang=en")).toBe("en");
    expect(cookieLocale("angle_lang=fr")).toBeNull();
    expect(cookieLocale("xangle_lang=hi")).toBeNull();
  });
});

describe("dates in each language", () => {
  it("writes the spec's long format in Hindi with Latin digits, in India's time", async () => {
    const { formatDate } = await import("../core/dates");
    expect(formatDate("2026-11-21T20:00:00Z", "hi")).toBe("22 नवंबर 2026");
    expect(formatDate("2026-11-21T20:00:00Z", "en")).toBe("22 November 2026");
  });
});
