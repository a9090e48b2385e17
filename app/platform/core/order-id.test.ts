import { describe, expect, it } from "vitest";
import { isId, newOrderId } from "../ids";
import {
  formatOrderId,
  isReadableOrderId,
  ORDER_ID_ALPHABET,
  ORDER_ID_LENGTH,
  ORDER_ID_RANDOM_LENGTH,
  orderIdCheck,
  orderIdFromInput,
} from "./order-id";

describe("order ids read out on a phone call", () => {
  it("have none of the look-alikes 0, o, 1, l, i", () => {
    expect(ORDER_ID_ALPHABET).toHaveLength(31);
    for (const c of "0o1li") expect(ORDER_ID_ALPHABET).not.toContain(c);
    for (let n = 0; n < 200; n++) {
      const id = newOrderId();
      expect(id).toMatch(/^[2-9a-hjkmnp-z]{18}$/);
      expect(isReadableOrderId(id)).toBe(true);
      // Still an id the store's routes and services accept.
      expect(isId(id)).toBe(true);
    }
  });

  it("are at least as hard to guess as the 16 base-36 characters they replace", () => {
    expect(ORDER_ID_RANDOM_LENGTH * Math.log2(ORDER_ID_ALPHABET.length)).toBeGreaterThan(16 * Math.log2(36));
    const seen = new Set(Array.from({ length: 2000 }, () => newOrderId()));
    expect(seen.size).toBe(2000);
  });

  it("are shown in upper case in three groups of six, and typed back in any case, with or without dashes", () => {
    const id = newOrderId();
    const shown = formatOrderId(id);
    expect(shown).toMatch(/^[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}$/);
    for (const typed of [shown, shown.toLowerCase(), shown.replaceAll("-", ""), `#${shown.replaceAll("-", " ")}`, ` ${shown} `]) {
      expect(orderIdFromInput(typed)).toBe(id);
    }
  });

  it("carry a check character that catches one wrong character or two swapped neighbours", () => {
    const id = newOrderId();
    for (let i = 0; i < ORDER_ID_LENGTH; i++) {
      for (const c of ORDER_ID_ALPHABET) {
        if (c === id[i]) continue;
        expect(isReadableOrderId(id.slice(0, i) + c + id.slice(i + 1))).toBe(false);
      }
      const a = id[i] ?? "";
      const b = id[i + 1] ?? "";
      if (i + 1 < ORDER_ID_LENGTH && a !== b) expect(isReadableOrderId(id.slice(0, i) + b + a + id.slice(i + 2))).toBe(false);
    }
    expect(orderIdCheck("22222222222222222")).toBe("2");
  });

  it("made before keep working: shown in groups of four, never mistaken for the new kind", () => {
    expect(formatOrderId("k3j0ab12cd34ef56")).toBe("K3J0-AB12-CD34-EF56");
    expect(isReadableOrderId("k3j0ab12cd34ef56")).toBe(false);
    expect(orderIdFromInput("K3J0-AB12-CD34-EF56")).toBe("k3j0ab12cd34ef56");
  });
});
