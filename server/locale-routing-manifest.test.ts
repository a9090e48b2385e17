import { describe, expect, it } from "vitest";
import { routeLocale } from "./locale-routing";

describe("a Hindi page's route discovery", () => {
  it("asks React Router about the English paths", () => {
    const paths = ["/", "/hi", "/hi/account", "/hi/account/auth", "/cart"].join(",");
    const routing = routeLocale({
      method: "GET",
      path: `/hi/__manifest?paths=${encodeURIComponent(paths)}&version=abc`,
      cookie: null,
      acceptLanguage: null,
      secFetchMode: "cors",
      accept: "*/*",
    });
    if (!("locale" in routing)) throw new Error("expected no redirect");
    const url = new URL(routing.path, "http://x");
    expect(routing.locale).toBe("hi");
    expect(url.pathname).toBe("/__manifest");
    expect(url.searchParams.get("paths")?.split(",")).toEqual(["/", "/account", "/account/auth", "/cart"]);
    expect(url.searchParams.get("version")).toBe("abc");
  });
});
