import type { Db } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { type ActingPerson, actingPerson } from "~/platform/auth/acting-person.server";
import { changesBetween } from "../domain/audit-changes";

export type AuditRecord = {
  /** What was done, as `<object>.<verb>`: product.update, order.ship, settings.payment. */
  kind: string;
  object: { type: string; id: string };
  /** The object's fields before (null: it was made) and after (null: it went). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
  /** Who acted, when not in a request whose guard kept its person (scripts, jobs, tests); else the system. */
  actor?: ActingPerson;
};

const SYSTEM: ActingPerson = { id: null, name: "System", role: "system", ip: null };

/**
 * Writes one audit entry in the caller's transaction, with only the fields that changed (secrets
 * masked); nothing when nothing changed. A change that fails rolls its entry back with it.
 */
export async function recordAudit(trx: Db, record: AuditRecord): Promise<void> {
  const changes = changesBetween(record.before, record.after);
  if (Object.keys(changes).length === 0 && record.before !== null && record.after !== null) return;
  const actor = (await actingPerson()) ?? record.actor ?? SYSTEM;
  await trx
    .insertInto("audit_entry")
    .values({
      id: newId(),
      at: new Date().toISOString(),
      actor_id: actor.id,
      actor_role: actor.role,
      actor_name: actor.name,
      ip: actor.ip,
      kind: record.kind,
      object_type: record.object.type,
      object_id: record.object.id,
      changes: JSON.stringify(changes),
      reason: record.reason?.trim() || null,
    })
    .execute();
}
