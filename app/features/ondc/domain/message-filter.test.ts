import { describe, expect, it } from "vitest";
import { readMessageFilter } from "./message-filter";

describe("readMessageFilter", () => {
  it("reads each filter from the admin page's URL", () => {
    const filter = readMessageFilter(new URLSearchParams("direction=out&action=on_confirm&tx=t-1&signature=refused"));
    expect(filter).toEqual({ direction: "out", action: "on_confirm", transactionId: "t-1", signature: "refused" });
  });

  it("takes a malformed or unknown value as no filter, never an error", () => {
    const filter = readMessageFilter(new URLSearchParams(`direction=sideways&action=DROP%20TABLE&tx=${"x".repeat(101)}&signature=maybe`));
    expect(filter).toEqual({ direction: null, action: null, transactionId: null, signature: null });
    expect(readMessageFilter(new URLSearchParams(""))).toEqual({ direction: null, action: null, transactionId: null, signature: null });
  });
});
