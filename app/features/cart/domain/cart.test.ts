import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defined } from "~/platform/defined";
import { addAllToCart, addToCart, type CartProduct, lineKey, lineName, readCart, removeFromCart, setCartQuantity } from "./cart";

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

describe("pack sizes in the cart", () => {
  // A cart saved before pack sizes: lines name only their product.
  const oldLine = (id: string, quantity: number) => ({
    product: { id, name: "Neem Oil", pricePaise: 45_000, image: "/x.svg", category: "fertilizers", stock: 20 },
    quantity,
  });
  const size = (productId: string, variantId: string, variantLabel: string, stock = 20): CartProduct => ({
    id: productId,
    variantId,
    variantLabel,
    name: "Neem Oil",
    pricePaise: variantLabel === "1 L" ? 45_000 : 14_000,
    image: "/x.svg",
    category: "fertilizers",
    stock,
  });
  const saved = () => JSON.parse(stored.get("angle-cart") ?? "[]") as { product: CartProduct; quantity: number }[];

  it("loads a cart from before sizes as it was: lines keyed by their product", () => {
    stored.set("angle-cart", JSON.stringify([oldLine("neem000001", 2), oldLine("hoe0000001", 1)]));
    const lines = readCart();
    expect(lines.map((l) => [lineKey(l.product), l.product.variantId, l.quantity])).toEqual([
      ["neem000001", undefined, 2],
      ["hoe0000001", undefined, 1],
    ]);
    expect(lineName(defined(lines[0], "a line").product)).toBe("Neem Oil");
  });

  it("adds the first size (its id is the product's) to an old line of that product, as one line", () => {
    stored.set("angle-cart", JSON.stringify([oldLine("neem000001", 2)]));
    addAllToCart([{ product: size("neem000001", "neem000001", "1 L"), quantity: 3 }]);
    expect(saved().map((l) => [l.product.id, l.product.variantId, l.product.variantLabel, l.quantity])).toEqual([
      ["neem000001", "neem000001", "1 L", 5],
    ]);
    expect(lineName(defined(readCart()[0], "the line").product)).toBe("Neem Oil (1 L)");
  });

  it("keeps two sizes of one product on two lines, each adding up and capped at its own stock", () => {
    stored.set("angle-cart", JSON.stringify([oldLine("neem000001", 1)]));
    addAllToCart([
      { product: size("neem000001", "small00001", "250 ml", 4), quantity: 3 },
      { product: size("neem000001", "neem000001", "1 L"), quantity: 1 },
    ]);
    addToCart(size("neem000001", "small00001", "250 ml", 4), 3);
    expect(saved().map((l) => [l.product.variantId ?? l.product.id, l.quantity])).toEqual([
      ["neem000001", 2],
      ["small00001", 4],
    ]);
    expect(readCart().map((l) => lineName(l.product))).toEqual(["Neem Oil (1 L)", "Neem Oil (250 ml)"]);

    // Changing or removing one size leaves the other alone.
    setCartQuantity("small00001", 2);
    expect(readCart().map((l) => [lineKey(l.product), l.quantity])).toEqual([
      ["neem000001", 2],
      ["small00001", 2],
    ]);
    removeFromCart("neem000001");
    expect(readCart().map((l) => [lineKey(l.product), l.quantity])).toEqual([["small00001", 2]]);
  });

  it("reads an old line and a line of the product's first size as one line; drops a line whose size is not a string", () => {
    stored.set(
      "angle-cart",
      JSON.stringify([
        oldLine("neem000001", 2),
        { product: size("neem000001", "neem000001", "1 L"), quantity: 3 },
        { product: size("neem000001", "small00001", "250 ml"), quantity: 1 },
        { product: { ...size("neem000001", "small00002", "500 ml"), variantId: 42 }, quantity: 1 },
      ]),
    );
    expect(readCart().map((l) => [lineKey(l.product), l.quantity])).toEqual([
      ["neem000001", 5],
      ["small00001", 1],
    ]);
  });
});
