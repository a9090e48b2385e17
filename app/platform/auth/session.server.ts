import { getSessionCookie } from "better-auth/cookies";
import { authCookiePrefix, getAuth, PASSWORD_DEADLINE, STAFF_ROLE } from "./auth.server";
import { type StaffRole, staffRoleOf } from "~/platform/core/staff-policy";

export type Role = "user" | "vendor" | "admin";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  phone: string;
  address: { street: string; city: string; state: string; pincode: string };
  /** A mobile number proved by an SMS code (E.164), or "" (docs/decisions/013-mobile-sign-in.md). */
  mobile: string;
  /** The account proved an address it can be reached at (a verified email or mobile number): it may order and submit listings. */
  verified: boolean;
  /** An admin's role on the store's team (issue 33, staff-policy.ts); null for customers and vendors. */
  staffRole: StaffRole | null;
};

/**
 * An admin-issued password's deadline, read with the session: kept beside the user rather than in
 * it, as the pages are given the user and this is for the password policy alone.
 */
const passwordDeadlines = new WeakMap<SessionUser, string | null>();

/** The user's temporary password deadline as read with their session, or undefined when this user was not read from one. */
export function passwordDeadlineOf(user: SessionUser): string | null | undefined {
  return passwordDeadlines.get(user);
}

// Guests carry no session cookie: skip the database for them.
export function hasSessionCookie(request: Request) {
  return getSessionCookie(request, { cookiePrefix: authCookiePrefix() }) !== null;
}

/** The signed-in user for this request, from the database session; null for guests. */
export async function getSessionUser(request: Request, options: { refresh?: boolean } = {}): Promise<SessionUser | null> {
  if (!hasSessionCookie(request)) return null;
  // `refresh: false` reads without extending the session, for requests that must write nothing.
  const session = await getAuth().api.getSession({
    headers: request.headers,
    ...(options.refresh === false ? { query: { disableRefresh: true } } : {}),
  });
  if (!session) return null;
  const u = session.user as typeof session.user & Record<string, unknown>;
  if (u.banned) return null;
  const role = u.role === "admin" || u.role === "vendor" ? u.role : "user";
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const user: SessionUser = {
    id: u.id,
    name: u.name,
    email: u.email,
    role,
    phone: text(u.phone),
    address: { street: text(u.street), city: text(u.city), state: text(u.state), pincode: text(u.pincode) },
    mobile: text(u.phoneNumber),
    verified: Boolean(u.emailVerified || u.phoneNumberVerified),
    staffRole: role === "admin" ? staffRoleOf(u[STAFF_ROLE]) : null,
  };
  const deadline = u[PASSWORD_DEADLINE];
  passwordDeadlines.set(user, typeof deadline === "string" ? deadline : null);
  return user;
}
