import { describe, expect, test } from "vitest";
import { hydrateWhen, modulesOnIntent } from "./hydrate-when.server";

const page = { leafRouteId: "routes/store/products", search: "", toast: false, failed: false };

describe("hydrateWhen", () => {
  test("catalogue pages wait for the person's intent", () => {
    for (const leafRouteId of [
      "routes/store/home",
      "routes/store/products",
      "routes/store/product",
      "routes/store/crop",
      "routes/store/cart",
    ])
      expect(hydrateWhen({ ...page, leafRouteId }), leafRouteId).toBe("intent");
    expect(hydrateWhen({ ...page, search: "?q=tomato&sort=price_asc" })).toBe("intent");
  });

  test("forms, checkout, accounts and the admin area hydrate at once", () => {
    for (const leafRouteId of [
      "routes/store/checkout",
      "routes/store/contact",
      "routes/account/account",
      "routes/admin/products",
      "routes/vendor-login/home",
      undefined,
    ])
      expect(hydrateWhen({ ...page, leafRouteId }), String(leafRouteId)).toBe("load");
  });

  test("checkout waits for intent only when the server drew its cart", () => {
    const checkout = { ...page, leafRouteId: "routes/store/checkout" };
    expect(hydrateWhen({ ...checkout, leafData: { cart: { lines: [], items: [] } } })).toBe("intent");
    expect(hydrateWhen({ ...checkout, leafData: { cart: null } })).toBe("load");
    expect(hydrateWhen({ ...checkout, leafData: undefined })).toBe("load");
    expect(hydrateWhen({ ...checkout, leafData: { cart: { lines: [], items: [] } }, search: "?auth=login" })).toBe("load");
    // Another page's data with a `cart` is no reason.
    expect(hydrateWhen({ ...page, leafRouteId: "routes/store/contact", leafData: { cart: {} } })).toBe("load");
  });

  test("a dialog in the address, a toast or an error page needs the scripts at once", () => {
    expect(hydrateWhen({ ...page, search: "?auth=login" })).toBe("load");
    expect(hydrateWhen({ ...page, toast: true })).toBe("load");
    expect(hydrateWhen({ ...page, failed: true })).toBe("load");
  });

  test("a checkout drawn by the server fetches only its own modules on intent, never the framework's", () => {
    const manifest = {
      entry: { module: "/assets/entry.client-A.js", imports: [] },
      routes: {
        root: { module: "/assets/root-B.js", imports: ["/assets/entry.client-A.js"] },
        "routes/store/layout": { module: "/assets/layout-C.js", imports: ["/assets/entry.client-A.js", "/assets/shared-D.js"] },
        "routes/store/checkout": {
          module: "/assets/checkout-E.js",
          imports: ["/assets/entry.client-A.js", "/assets/shared-D.js", "/assets/forms-F.js"],
        },
        "routes/store/products": { module: "/assets/products-G.js", imports: ["/assets/catalog-H.js"] },
      },
    };
    const checkout = ["root", "routes/store/layout", "routes/store/checkout"];
    expect([...modulesOnIntent(manifest, checkout, "intent")]).toEqual(["/assets/checkout-E.js", "/assets/forms-F.js"]);
    // Hydrating at once (the server could not draw the cart), or any other page: everything after the first paint.
    expect(modulesOnIntent(manifest, checkout, "load").size).toBe(0);
    expect(modulesOnIntent(manifest, ["root", "routes/store/layout", "routes/store/products"], "intent").size).toBe(0);
    expect(modulesOnIntent(manifest, [], "intent").size).toBe(0);
  });
});
