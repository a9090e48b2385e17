import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, pageHref, readPageRequest } from "./pagination";

describe("cursors", () => {
  it("round-trips the sort key, also non-ASCII text", () => {
    const values = ["2026-11-22T10:00:00.000Z", "abc123", "बीज", 42];
    const cursor = encodeCursor(values);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ["string", "string", "string", "number"])).toEqual(values);
  });

  it("reads anything malformed as no cursor (page 1)", () => {
    const kinds = ["string", "string"] as const;
    for (const bad of [
      "",
      "not base64!",
      "%00",
      "x".repeat(2000),
      encodeCursor(["only one"]),
      encodeCursor([1, 2]),
      encodeCursor(["a", "b", "c"]),
      btoa('{"a":1}'),
      btoa("[null,null]"),
      btoa("\u00ff\u00fe"),
      encodeCursor(["a", "b\u0000"]),
      "AAAA",
    ]) {
      expect(decodeCursor(bad, kinds), bad.slice(0, 20)).toBeNull();
    }
    expect(decodeCursor(null, kinds)).toBeNull();
  });

  it("keeps filters in the page links and reads the direction", () => {
    const href = pageHref("?q=ravi+k&status=pending&cursor=old&dir=prev", "NEW", "next");
    const params = new URLSearchParams(href.slice(1));
    expect(params.get("q")).toBe("ravi k");
    expect(params.get("status")).toBe("pending");
    expect(params.get("cursor")).toBe("NEW");
    expect(params.has("dir")).toBe(false);
    expect(readPageRequest(new URLSearchParams(pageHref("?q=x", "C", "prev").slice(1)))).toEqual({ cursor: "C", direction: "prev" });
    expect(readPageRequest(new URLSearchParams("dir=sideways"))).toEqual({ cursor: null, direction: "next" });
    const queue = new URLSearchParams(pageHref("?cursor=A", "Q", "prev", "queue").slice(1));
    expect(queue.get("cursor")).toBe("A");
    expect(readPageRequest(queue, "queue")).toEqual({ cursor: "Q", direction: "prev" });
  });
});
