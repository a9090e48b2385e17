import { describe, expect, it } from "vitest";
import { canChangeStatus, nextStatuses, ORDER_STATUSES, statusChangeRefusal } from "./orders";
import { english } from "../../../platform/i18n/render-refusal.server";

// Every (from, to) pair an admin may make, written out by hand: anything not listed is refused.
const ALLOWED = new Set([
  "pending→confirmed",
  "pending→cancelled",
  "confirmed→shipped",
  "confirmed→cancelled",
  "shipped→delivered",
  "shipped→cancelled",
]);

describe("order status transitions", () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ALLOWED.has(`${from}→${to}`);
      it(`${from} → ${to} is ${allowed ? "allowed" : "refused"} for an admin`, () => {
        expect(canChangeStatus(from, to, "admin")).toBe(allowed);
        const refused = statusChangeRefusal(from, to, "admin");
        expect(refused && english(refused)).toBe(allowed ? null : `An order that is ${from} cannot be marked ${to}.`);
      });
    }
  }

  it("delivered → pending is refused, and delivered and cancelled are final", () => {
    expect(canChangeStatus("delivered", "pending")).toBe(false);
    expect(nextStatuses("delivered")).toEqual([]);
    expect(nextStatuses("cancelled")).toEqual([]);
  });

  it("customers and vendors cannot move an order at all", () => {
    for (const actor of ["customer", "vendor"] as const) {
      for (const from of ORDER_STATUSES) {
        expect(nextStatuses(from, actor)).toEqual([]);
        for (const to of ORDER_STATUSES) {
          expect(canChangeStatus(from, to, actor)).toBe(false);
          const refused = statusChangeRefusal(from, to, actor);
          expect(refused && english(refused)).toBe("Only an admin can change an order's status.");
        }
      }
    }
  });
});
