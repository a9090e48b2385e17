import { describe, expect, it } from "vitest";
import { backInStockEmail, backInStockSms } from "./back-in-stock-messages";
import { WishlistFormSchema } from "./wishlist";

const store = {
  name: "Angle",
  address: "Pune",
  supportEmail: "help@angle.in",
  supportPhone: "+91 20 1234 5678",
  baseUrl: "https://angle.in",
};

describe("the wishlist form", () => {
  it("takes the four intents with a well-formed id, and nothing else", () => {
    expect(WishlistFormSchema.safeParse({ intent: "save", productId: "abc123def456" }).success).toBe(true);
    expect(WishlistFormSchema.safeParse({ intent: "alert", variantId: "abc123def456" }).success).toBe(true);
    for (const bad of [
      { intent: "save", productId: "../x" },
      { intent: "save", productId: "" },
      { intent: "alert", productId: "abc123def456" },
      { intent: "delete-all", productId: "abc123def456" },
      {},
    ])
      expect(WishlistFormSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe("the back-in-stock message", () => {
  it("names the product and links to its page, in English or Hindi", () => {
    const en = backInStockEmail(store, { name: "DAP (50 kg)", path: "/products/abc123?size=def456" }, "en");
    expect(en.subject).toBe("DAP (50 kg) is back in stock");
    expect(en.blocks).toContainEqual({ kind: "link", label: "See it in the store", path: "/products/abc123?size=def456" });
    const hi = backInStockEmail(store, { name: "डीएपी (50 किलो)", path: "/products/abc123" }, "hi");
    expect(hi.subject).toBe("डीएपी (50 किलो) फिर से स्टॉक में है");
    expect(backInStockSms("Angle", { name: "DAP", link: "https://angle.in/products/abc123" }, "en").text).toBe(
      "Angle: DAP is back in stock. https://angle.in/products/abc123",
    );
  });
});
