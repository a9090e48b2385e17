import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./safe-return-path";

const STORE = "https://angle.example";

/** Where a browser would go from a Location header holding `location`, on a page of this store. */
function browserTarget(location: string) {
  // The URL parser is the one browsers use: it strips tabs and newlines and reads \ as / in http URLs.
  return new URL(location, `${STORE}/products`);
}

describe("safeReturnPath (open redirect)", () => {
  it.each([
    ["/products?category=seeds", "/products?category=seeds"],
    ["/hi/products/abc#reviews", "/hi/products/abc#reviews"],
    ["/", "/"],
    ["/products?q=टमाटर", "/products?q=%E0%A4%9F%E0%A4%AE%E0%A4%BE%E0%A4%9F%E0%A4%B0"],
    ["/crops/tomato?season=rabi&x=a%20b", "/crops/tomato?season=rabi&x=a%20b"],
  ])("keeps a path on this site: %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    ["tab after the first slash (the finding: /language?next=/%09/host)", "/\t/host"],
    ["CR and LF", "/\r\n/host"],
    ["a LF alone", "/\n/evil.example"],
    ["a percent-encoded tab", "/%09/host"],
    ["a percent-encoded CR", "/%0d/host"],
    ["backslash", "/\\evil.example"],
    ["slash and backslash", "/\\/evil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["protocol-relative", "//evil.example/x"],
    ["an absolute URL", "https://evil.example/"],
    ["a scheme", "javascript:alert(1)"],
    ["a dot segment that leaves //", "/.//evil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["a NUL", "/\u0000//evil.example"],
    ["a leading space", " /products"],
    ["empty", ""],
    ["too long", `/${"a".repeat(2001)}`],
  ])("refuses %s", (_name, input) => {
    expect(safeReturnPath(input)).toBe("/");
  });

  it("answers the fallback for no value", () => {
    expect(safeReturnPath(null, "/orders")).toBe("/orders");
    expect(safeReturnPath(undefined)).toBe("/");
  });

  it("never returns an address a browser takes off this site, nor one that is not a valid header value", () => {
    const pieces = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\r",
      "\n",
      "%09",
      "%2F",
      "%5C",
      ".",
      "..",
      "evil.example",
      ":",
      "@",
      "?",
      "#",
      "hi",
      " ",
      "é",
      "%",
    );
    const candidate = fc.oneof(
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
      fc.array(pieces, { maxLength: 8 }).map((parts) => `/${parts.join("")}`),
      fc.string({ maxLength: 40 }),
    );
    let kept = 0;
    fc.assert(
      fc.property(candidate, (input) => {
        const out = safeReturnPath(input);
        if (out !== "/") kept++;
        expect(out.startsWith("/")).toBe(true);
        expect(out.startsWith("//")).toBe(false);
        expect(browserTarget(out).origin).toBe(STORE);
        expect(/^[\u0021-\u007e]+$/.test(out)).toBe(true);
        expect(() => new Headers({ Location: out })).not.toThrow();
      }),
      { numRuns: 3000 },
    );
    // The generator reaches the accepting branch too, not only the refusals.
    expect(kept).toBeGreaterThan(100);
  });
});
