import type { Role } from "./session.server";

/**
 * Which roles may sign in at which door, and what the others are told. The one home of this rule:
 * the store's Login dialog, /admin/login and /vendor-login all sign in through `signInAtDoor`.
 */
export type Door = "store" | "admin" | "vendor";

const ADMITS: Record<Door, readonly Role[]> = {
  store: ["user", "admin"],
  admin: ["admin"],
  vendor: ["vendor"],
};

export const WRONG_DOOR: Record<Door, string> = {
  store: "This is a vendor account. Please sign in on the Become Vendor page.",
  admin: "Failed to log in. Please check your credentials or ensure you are an admin.",
  vendor: "This is not a vendor account. Register your business below, or use the customer login in the store.",
};

export function doorAdmits(door: Door, role: Role) {
  return ADMITS[door].includes(role);
}

/** Vendors sell; they cannot buy with their vendor account (checkout and every customer action). */
export function mayBuy(role: Role) {
  return role !== "vendor";
}
export const VENDOR_CANNOT_BUY = "Vendor accounts cannot place orders. Please use a customer account.";
