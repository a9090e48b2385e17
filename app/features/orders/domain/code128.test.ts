import { describe, expect, it } from "vitest";
import { code128Values, code128Widths } from "./code128";

describe("Code 128", () => {
  it("packs a pincode two digits a symbol in set C, with its checksum", () => {
    // Start C (105), 41, 10, 01; checksum (105 + 41·1 + 10·2 + 1·3) mod 103 = 66; stop.
    expect(code128Values("411001")).toEqual([105, 41, 10, 1, 66, 106]);
  });

  it("writes other text in set B", () => {
    // Start B (104), "A" = 33, "1" = 17; checksum (104 + 33 + 34) mod 103 = 68.
    expect(code128Values("A1")).toEqual([104, 33, 17, 68, 106]);
    expect(() => code128Values("टमाटर")).toThrow(RangeError);
  });

  it("draws every symbol 11 modules wide and the stop 13, bars and spaces alternating", () => {
    const widths = code128Widths("411001");
    expect(widths.reduce((a, b) => a + b, 0)).toBe(5 * 11 + 13);
    expect(widths.length % 2).toBe(1); // starts and ends with a bar
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]);
  });
});
