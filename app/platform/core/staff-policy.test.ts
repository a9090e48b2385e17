import { describe, expect, it } from "vitest";
import { discountLimitPaise, may, permissionFor, STAFF_ROLES, staffRoleOf } from "./staff-policy";

describe("staff policy (issue 33)", () => {
  it("asks by address, method and intent; an address it does not know is the owner's alone", () => {
    expect(permissionFor("/admin/orders/abc123", "GET")).toBe("orders.read");
    expect(permissionFor("/admin/orders/abc123.data", "GET")).toBe("orders.read");
    expect(permissionFor("/admin/orders/abc123", "POST", "ship")).toBe("orders");
    expect(permissionFor("/admin/orders/abc123", "POST", "mark-paid")).toBe("money");
    expect(permissionFor("/admin/products/new", "POST")).toBe("catalogue");
    expect(permissionFor("/admin/users", "GET")).toBe("customers.read");
    expect(permissionFor("/admin/assisted-orders/new", "POST", "place")).toBe("assist");
    expect(permissionFor("/admin/draft-orders", "GET")).toBe("assist");
    expect(permissionFor("/admin/draft-orders/abc123", "POST", "discount")).toBe("assist");
    expect(permissionFor("/admin/users", "POST", "add")).toBe("users");
    expect(permissionFor("/admin/something-new", "GET")).toBe("staff");
    expect(permissionFor("/admin/products/a/b", "GET")).toBe("staff");
  });

  it("limits a discount to a share of the goods by role, rounded down to the paisa", () => {
    expect(discountLimitPaise("support", 2_066_00)).toBe(103_30);
    expect(discountLimitPaise("support", 1_999)).toBe(99);
    expect(discountLimitPaise("orders", 2_066_00)).toBe(206_60);
    expect(discountLimitPaise("owner", 2_066_00)).toBe(2_066_00);
    expect(discountLimitPaise("catalogue", 2_066_00)).toBe(0);
    expect(discountLimitPaise("accounts", 2_066_00)).toBe(0);
    expect(discountLimitPaise("support", -5)).toBe(0);
  });

  it("gives each role its own job and the owner everything", () => {
    const table = Object.fromEntries(
      STAFF_ROLES.map((role) => [
        role,
        ["catalogue", "orders", "money", "messages", "assist", "settings", "staff"].filter((p) => may(role, p as never)),
      ]),
    );
    expect(table).toEqual({
      owner: ["catalogue", "orders", "money", "messages", "assist", "settings", "staff"],
      catalogue: ["catalogue"],
      orders: ["orders", "assist"],
      accounts: ["money"],
      support: ["messages", "assist"],
    });
    expect(staffRoleOf(null)).toBe("owner");
    expect(staffRoleOf("support")).toBe("support");
    expect(staffRoleOf("root")).toBe("support");
  });
});
