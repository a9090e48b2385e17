import { afterEach, describe, expect, it, vi } from "vitest";
import { isReadableOrderId } from "./core/order-id";
import { isId, newId, newOrderId } from "./ids";

describe("ids", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are well formed and never repeat", () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId(40)).toMatch(/^[a-z0-9]{40}$/);
    const orderIds = Array.from({ length: 2000 }, () => newOrderId());
    expect(orderIds.every(isReadableOrderId)).toBe(true);
    expect(new Set(orderIds).size).toBe(orderIds.length);
  });

  it("draw the system's random bytes a block at a time, each byte once", () => {
    const draw = vi.spyOn(crypto, "getRandomValues");
    const ids = Array.from({ length: 200 }, () => newId());
    // 200 ids of 16 bytes each are 3,200 bytes: at most one block of 4 KB, or two across a block's end.
    expect(draw.mock.calls.length).toBeLessThanOrEqual(2);
    expect(new Set(ids).size).toBe(200);
    // A longer id than a block is drawn on its own.
    expect(newId(5000)).toHaveLength(5000);
  });
});
