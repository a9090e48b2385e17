import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../platform/core/dates";
import { orderTimeline, reachedAt } from "./orders";

const PLACED = "2026-11-02T04:30:00.000Z"; // 2 November, 10:00 am in India
const CONFIRMED = "2026-11-02T18:45:00.000Z"; // 3 November, 12:15 am in India: the day follows India, not UTC
const SHIPPED = "2026-11-04T09:00:00.000Z";

describe("the delivery timeline's dates", () => {
  it("shows when each step happened, from the history, and the spec's estimates for steps ahead", () => {
    const events = [
      { status: "confirmed" as const, createdAt: CONFIRMED },
      { status: "pending" as const, createdAt: PLACED },
      { status: "shipped" as const, createdAt: SHIPPED },
    ];
    expect(orderTimeline("shipped", events)).toEqual([
      { label: "Order Confirmed", when: "Today", done: true, at: PLACED },
      { label: "Processing", when: "1-2 days", done: true, at: CONFIRMED },
      { label: "Shipped", when: "3-5 days", done: true, at: SHIPPED },
      { label: "Delivered", when: "5-7 days", done: false, at: null },
    ]);
    expect(formatDateTime(CONFIRMED)).toBe("3 November 2026 at 12:15 am");
  });

  it("takes the first time a status was reached (a later note under the same status does not move it)", () => {
    const events = [
      { status: "confirmed" as const, createdAt: "2026-11-05T10:00:00.000Z" },
      { status: "confirmed" as const, createdAt: CONFIRMED },
    ];
    expect(reachedAt(events, "confirmed")).toBe(CONFIRMED);
    expect(reachedAt(events, "delivered")).toBeNull();
  });

  it("a step that is done but has no history row (an order from before) keeps its estimate", () => {
    const steps = orderTimeline("confirmed", []);
    expect(steps.map((s) => [s.done, s.at])).toEqual([
      [true, null],
      [true, null],
      [false, null],
      [false, null],
    ]);
  });

  it("a pending order has only its placement dated; a cancelled one has no step done", () => {
    expect(orderTimeline("pending", [{ status: "pending", createdAt: PLACED }]).map((s) => s.at)).toEqual([PLACED, null, null, null]);
    expect(orderTimeline("cancelled", [{ status: "pending", createdAt: PLACED }]).every((s) => !s.done && s.at === null)).toBe(true);
  });
});
