import { describe, expect, it } from "vitest";
import { MASK, changesBetween, maskSecrets } from "./audit-changes";

describe("changesBetween", () => {
  it("keeps only the fields that changed, each as [before, after]", () => {
    expect(changesBetween({ price: 500, name: "Urea", stock: 4 }, { price: 450, name: "Urea", stock: 4 })).toEqual({ price: [500, 450] });
  });

  it("records every field of an object made or gone", () => {
    expect(changesBetween(null, { name: "Urea", price: 500 })).toEqual({ name: [null, "Urea"], price: [null, 500] });
    expect(changesBetween({ name: "Urea" }, null)).toEqual({ name: ["Urea", null] });
  });

  it("sees no change between equal objects and between undefined and null", () => {
    expect(changesBetween({ a: { b: 1 }, c: undefined }, { a: { b: 1 }, c: null })).toEqual({});
  });

  it("masks secrets, at the top and inside, yet shows that they changed", () => {
    const changes = changesBetween(
      { keySecret: "old-secret", razorpay: { keyId: "rzp_1", mode: "test" }, webhook_secret: "" },
      { keySecret: "new-secret", razorpay: { keyId: "rzp_2", mode: "live" }, webhook_secret: "whsec" },
    );
    expect(changes).toEqual({
      keySecret: [MASK, MASK],
      razorpay: [
        { keyId: MASK, mode: "test" },
        { keyId: MASK, mode: "live" },
      ],
      webhook_secret: [null, MASK],
    });
    expect(JSON.stringify(changes)).not.toMatch(/old-secret|new-secret|rzp_|whsec/);
  });

  it("masks passwords, tokens and API keys wherever they are", () => {
    expect(maskSecrets([{ password: "p", apiKey: "k", token: "t", api_key: "x", note: "n" }])).toEqual([
      { password: MASK, apiKey: MASK, token: MASK, api_key: MASK, note: "n" },
    ]);
  });
});
