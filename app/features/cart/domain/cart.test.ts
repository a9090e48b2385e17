import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defined } from "~/platform/defined";
import { addAllToCart, addToCart, type CartProduct, lineKey, lineName, readCart, removeFromCart, setCartQuantity } from "./cart";
import { cartCookieValue, parseCartCookie, quotedCookieCart } from "./cart-cookie";

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

describe("the cart's cookie (the server draws checkout from it)", () => {
  const sized = (id: string, variantId: string, stock = 10): CartProduct => ({
    ...product(id),
    category: "seeds",
    variantId,
    variantLabel: "50 g",
    stock,
  });
  const quoted = (productId: string, variantId: string, stock: number, pricePaise = 12_500) => ({
    key: variantId,
    productId,
    variantId,
    variantLabel: "50 g",
    name: `Product ${productId}`,
    pricePaise,
    mrpPaise: 15_000,
    image: "/x.svg",
    category: "seeds" as const,
    stock,
    gstRate: 5,
    sellerStateCode: null,
  });

  it("mirrors every write of the cart: sizes and quantities only, and goes when the cart is empty", async () => {
    const jar = new Map<string, string>();
    const options: unknown[] = [];
    Object.assign(globalThis, {
      cookieStore: {
        set: async (o: { name: string; value: string }) => {
          options.push(o);
          jar.set(o.name, o.value);
        },
        delete: async (o: { name: string }) => {
          options.push(o);
          jar.delete(o.name);
        },
      },
    });
    try {
      addToCart(sized("aaaaaa", "aaaav1"), 2);
      addToCart(product("bbbbbb") as CartProduct, 1);
      expect(jar.get("angle-cart-lines")).toBe("aaaaaa~aaaav1.2|bbbbbb.1");
      expect(options.at(-1)).toMatchObject({ path: "/", sameSite: "lax" });
      removeFromCart("aaaav1");
      expect(jar.get("angle-cart-lines")).toBe("bbbbbb.1");
      removeFromCart("bbbbbb");
      expect(jar.has("angle-cart-lines")).toBe(false);
      expect(options.at(-1)).toEqual({ name: "angle-cart-lines", path: "/" });
    } finally {
      Reflect.deleteProperty(globalThis, "cookieStore");
    }
  });

  it("names a line without a size by its product, and has no value for a cart too long for a cookie", () => {
    expect(cartCookieValue([{ product: product("aaaaaa"), quantity: 1 }])).toBe("aaaaaa.1");
    const long = Array.from({ length: 50 }, (_, i) => ({
      product: sized(`p${"x".repeat(38)}${i}`.slice(0, 40), `v${"y".repeat(38)}${i}`.slice(0, 40)),
      quantity: 999,
    }));
    expect(cartCookieValue(long)).toBe("");
    expect(cartCookieValue(long.slice(0, 10))).not.toBe("");
  });

  it("reads back only what this store writes", () => {
    expect(parseCartCookie("aaaaaa~aaaav1.2|bbbbbb~bbbbv2.999")).toEqual([
      { productId: "aaaaaa", variantId: "aaaav1", quantity: 2 },
      { productId: "bbbbbb", variantId: "bbbbv2", quantity: 999 },
    ]);
    expect(parseCartCookie("aaaaaa.2")).toEqual([{ productId: "aaaaaa", quantity: 2 }]);
    for (const bad of [
      undefined,
      "",
      "aaaaaa.2|aaaaaa~aaaaaa.1",
      "aaaaaa~aaaav1.0",
      "aaaaaa~aaaav1.1000",
      "AAAAAA~aaaav1.1",
      "aaaaaa~aaaav1.1|aaaaaa~aaaav1.2",
      "a~b.1",
      "aaaaaa~aaaav1.1;x",
    ])
      expect(parseCartCookie(bad), String(bad)).toBeNull();
    expect(parseCartCookie(Array.from({ length: 51 }, (_, i) => `aaaaaa~v${String(i).padStart(6, "0")}.1`).join("|"))).toBeNull();
  });

  it("draws the cart only when the quote changes nothing", () => {
    const wanted = [
      { productId: "aaaaaa", variantId: "aaaav1", quantity: 2 },
      { productId: "bbbbbb", variantId: "bbbbv2", quantity: 3 },
    ];
    const lines = defined(
      quotedCookieCart(wanted, [quoted("bbbbbb", "bbbbv2", 3, 9_900), quoted("aaaaaa", "aaaav1", 5)]),
      "the drawn cart",
    );
    expect(lines.map((l) => [l.product.variantId, l.quantity, l.product.pricePaise, l.product.gstRate])).toEqual([
      ["aaaav1", 2, 12_500, 5],
      ["bbbbv2", 3, 9_900, 5],
    ]);
    // A size gone, out of stock, fewer left than wanted, or another product's size of that id: the scripts say so.
    expect(quotedCookieCart(wanted, [quoted("aaaaaa", "aaaav1", 5)])).toBeNull();
    expect(quotedCookieCart(wanted, [quoted("aaaaaa", "aaaav1", 5), quoted("bbbbbb", "bbbbv2", 0)])).toBeNull();
    expect(quotedCookieCart(wanted, [quoted("aaaaaa", "aaaav1", 5), quoted("bbbbbb", "bbbbv2", 2)])).toBeNull();
    expect(quotedCookieCart(wanted, [quoted("aaaaaa", "aaaav1", 5), quoted("cccccc", "bbbbv2", 9)])).toBeNull();
    expect(quotedCookieCart([], [])).toBeNull();
    // A line naming only its product is its first size, as quoted for it.
    const bare = defined(
      quotedCookieCart([{ productId: "aaaaaa", quantity: 1 }], [{ ...quoted("aaaaaa", "aaaav1", 5), key: "aaaaaa" }]),
      "a bare line",
    );
    expect(bare.map((l) => [l.product.id, l.product.variantId])).toEqual([["aaaaaa", "aaaav1"]]);
  });
});
