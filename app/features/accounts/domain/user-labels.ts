/** How the admin pages name a user's role and status (services return the keys). */
export type UserRole = "user" | "vendor" | "admin";
export type UserStatus = "active" | "suspended";

export const ROLE_LABELS: Record<UserRole, string> = { user: "Customer", vendor: "Vendor", admin: "Admin" };
export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: "Active", suspended: "Suspended" };

export function toUserRole(value: unknown): UserRole {
  return value === "admin" || value === "vendor" ? value : "user";
}
