import { expect, test } from "vitest";
import { cookieValue } from "./cookies";

test("a cookie's value is read by its exact name, wherever it stands in the header", () => {
  const header = "better-auth.session_token=abc.def; angle-cart-lines=p1~v1.2|p2~v2.1;x=1";
  expect(cookieValue(header, "angle-cart-lines")).toBe("p1~v1.2|p2~v2.1");
  expect(cookieValue(header, "x")).toBe("1");
  expect(cookieValue(header, "cart-lines")).toBeUndefined();
  expect(cookieValue("angle-cart-lines=", "angle-cart-lines")).toBe("");
  expect(cookieValue(null, "x")).toBeUndefined();
});
