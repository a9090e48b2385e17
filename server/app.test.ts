import { expect, it } from "vitest";
import { clientAddress, isCrossSite } from "./app";

const origin = "https://angle.example";
const req = (method: string, headers: Record<string, string>) => new Request(`${origin}/contact`, { method, headers });

it("refuses state-changing requests from another site", () => {
  expect(isCrossSite(req("POST", { origin: "https://evil.example" }), origin)).toBe(true);
  expect(isCrossSite(req("POST", { "sec-fetch-site": "cross-site" }), origin)).toBe(true);
  expect(isCrossSite(req("DELETE", { origin: "null" }), origin)).toBe(true);
});

it("lets same-origin posts and all reads through", () => {
  expect(isCrossSite(req("POST", { origin }), origin)).toBe(false);
  expect(isCrossSite(req("POST", { "sec-fetch-site": "same-origin" }), origin)).toBe(false);
  expect(isCrossSite(req("GET", { origin: "https://evil.example" }), origin)).toBe(false);
});

it("takes the client address from the socket unless a trusted proxy says otherwise", () => {
  expect(clientAddress("10.0.0.5", "1.2.3.4", 0)).toBe("10.0.0.5");
  expect(clientAddress("10.0.0.5", "6.6.6.6, 1.2.3.4", 1)).toBe("1.2.3.4");
  expect(clientAddress("10.0.0.5", "6.6.6.6, 1.2.3.4, 10.0.0.9", 2)).toBe("1.2.3.4");
  expect(clientAddress("10.0.0.5", undefined, 1)).toBe("10.0.0.5");
});
