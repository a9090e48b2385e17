import { afterEach, beforeEach, expect, it } from "vitest";
import { readCart } from "./cart";

// The cart lives in the visitor's local storage: a stand-in for it, holding what a visitor wrote there.
const stored = new Map<string, string>();
beforeEach(() => {
  stored.clear();
  Object.assign(globalThis, {
    window: { localStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) } },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, "window");
});

const product = (id: string) => ({ id, name: `Product ${id}`, pricePaise: 10_000, image: "/x.svg", category: "tools", stock: 5000 });

it("reads lines for one product as one line, capped at 999 after they are added up", () => {
  stored.set(
    "angle-cart",
    JSON.stringify([
      { product: product("aaaaaa"), quantity: 999 },
      { product: product("bbbbbb"), quantity: 2 },
      { product: product("aaaaaa"), quantity: 999 },
      { product: product("aaaaaa"), quantity: 999 },
      { product: product("bbbbbb"), quantity: 3 },
    ]),
  );
  expect(readCart().map((l) => [l.product.id, l.quantity])).toEqual([
    ["aaaaaa", 999],
    ["bbbbbb", 5],
  ]);
});
