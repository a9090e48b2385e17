import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { loadProductionBuild, ORIGIN, type ProductionApp, send } from "../helpers/production-app";

/**
 * Open redirect: every address the store sends a visitor back to passes one check
 * (app/platform/http/safe-return-path.ts). Here through the production build's language switch, whose `next`
 * is the one return address a stranger can write into a link, and the Referer it falls back to.
 */
let app: ProductionApp;

beforeAll(async () => {
  const { build, clientDir } = await loadProductionBuild();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
});

/** Where a browser goes from the answer's Location, from a page of this store. */
const target = (location: string | null) => new URL(location ?? "", `${ORIGIN}/products`);

describe("open redirect through /language?next=", () => {
  it.each([
    ["a tab after the first slash", "/%09/evil.example"],
    ["CR and LF", "/%0D%0A/evil.example"],
    ["a backslash", "/%5Cevil.example"],
    ["slash and backslash", "/%5C/evil.example"],
    ["protocol-relative", "//evil.example"],
    ["an absolute URL", "https%3A%2F%2Fevil.example%2F"],
    ["a dot segment leaving //", "/.//evil.example"],
    ["Hindi prefix leaving //", "/hi//evil.example"],
    ["a doubly encoded tab", "/%2509/evil.example"],
    ["encoded slashes", "/%252F%252Fevil.example"],
  ])("never leaves the store: %s", async (_name, next) => {
    for (const to of ["en", "hi"]) {
      const reply = await send(app, `/language?to=${to}&next=${next}`);
      expect(reply.status, reply.text).toBe(302);
      const location = reply.headers.get("location");
      expect(target(location).origin, `Location: ${location}`).toBe(ORIGIN);
      expect(location).not.toMatch(/^\/\/|[\t\r\n\\]/);
    }
  });

  it.each([
    ["non-ASCII", "/products?q=%E0%A4%9F%E0%A4%AE%E0%A4%BE%E0%A4%9F%E0%A4%B0"],
    ["a raw CR", "/products%0D"],
    ["a NUL", "/%00products"],
  ])("answers a redirect to a safe page, never a 500, for %s", async (_name, next) => {
    const reply = await send(app, `/language?to=hi&next=${next}`);
    expect(reply.status, reply.text).toBe(302);
    expect(target(reply.headers.get("location")).origin).toBe(ORIGIN);
  });

  it("still returns to the page and filters the switch was clicked on", async () => {
    const reply = await send(app, `/language?to=hi&next=${encodeURIComponent("/products?category=seeds&q=टमाटर")}`);
    expect(reply.status).toBe(302);
    const location = target(reply.headers.get("location"));
    expect(location.pathname).toBe("/hi/products");
    expect(location.searchParams.get("category")).toBe("seeds");
    expect(location.searchParams.get("q")).toBe("टमाटर");
  });

  it("falls back to the Referer only when it is this store's page, and checks it the same way", async () => {
    const referred = async (referer: string) =>
      app.request(`${ORIGIN}/language?to=en`, { headers: { origin: ORIGIN, referer }, redirect: "manual" });
    expect((await referred(`${ORIGIN}/hi/crops/tomato?season=rabi`)).headers.get("location")).toBe("/crops/tomato?season=rabi");
    expect((await referred("https://evil.example/products")).headers.get("location")).toBe("/");
    expect(target((await referred(`${ORIGIN}/hi//evil.example`)).headers.get("location")).origin).toBe(ORIGIN);
  });
});

describe("open redirect through the wishlist's returnTo (issue 31)", () => {
  it("sends a guest back to the page they were on, with the Login dialog open", async () => {
    for (const [returnTo, expected] of [
      ["/products/abcdef123456?size=ghijkl789012", "/products/abcdef123456?size=ghijkl789012&auth=login"],
      ["/hi/products/abcdef123456", "/hi/products/abcdef123456?auth=login"],
    ] as const) {
      const reply = await send(app, "/account/wishlist", { form: { intent: "save", productId: "abcdef123456", returnTo } });
      expect(reply.status, reply.text).toBe(302);
      expect(reply.headers.get("location")).toBe(expected);
    }
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a backslash", "/\\evil.example"],
    ["a tab after the first slash", "/\t/evil.example"],
    ["a script", "javascript:alert(1)"],
  ])("never leaves the store: %s", async (_name, returnTo) => {
    const reply = await send(app, "/account/wishlist", { form: { intent: "save", productId: "abcdef123456", returnTo } });
    expect(reply.status, reply.text).toBe(302);
    const location = reply.headers.get("location");
    expect(target(location).origin, `Location: ${location}`).toBe(ORIGIN);
    expect(location).not.toMatch(/^\/\/|[\t\r\n\\]/);
  });
});
