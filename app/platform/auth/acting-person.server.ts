import type { StaffRole } from "~/platform/core/staff-policy";
import { keepInRequest, keptInRequest } from "~/platform/request-memo.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";

/**
 * Who is acting in this request, for the audit trail (docs/decisions/061-audit-trail.md): the guards
 * (requireAdminAction, requireVendorAction) keep the signed-in person in the request's memo, so a
 * change deep in a service finds its author without the route passing it down.
 */
export type ActingPerson = { id: string | null; name: string; role: StaffRole | "vendor" | "system"; ip: string | null };

const KEY = "audit.acting-person";

/** Keeps the person acting in this request (with the client's address as our server recorded it). */
export function keepActingPerson(request: Request, person: Omit<ActingPerson, "ip">) {
  const ip = clientAddress(request);
  keepInRequest<ActingPerson>(KEY, { ...person, ip: ip === "unknown" ? null : ip });
}

/** The person the guards kept for this request, if any. */
export function actingPerson(): Promise<ActingPerson | undefined> {
  return keptInRequest<ActingPerson>(KEY) ?? Promise.resolve(undefined);
}
