import type { RefusalCode } from "~/platform/core/refusal";
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

export const WRONG_DOOR = {
  store: "account.wrong_door_store",
  admin: "account.wrong_door_admin",
  vendor: "vendor.wrong_door",
} as const satisfies Record<Door, RefusalCode>;

export function doorAdmits(door: Door, role: Role) {
  return ADMITS[door].includes(role);
}

/** Vendors sell; they cannot buy with their vendor account (checkout and every customer action). */
export function mayBuy(role: Role) {
  return role !== "vendor";
}
