import { getDb } from "~/platform/db/db.server";
import { type Keyset, paginate, walkKeyset } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";
import { csvRow } from "~/platform/csv.server";
import { CSV_BOM } from "~/platform/core/csv";
import { type AuditFilters, indiaDayEnd, indiaDayStart } from "../domain/audit-filters";
import type { AuditChanges } from "../domain/audit-changes";

export const AUDIT_PAGE_SIZE = 50;

const NEWEST_FIRST: Keyset<{ at: string; id: string }> = {
  keys: [
    { ref: "audit_entry.at", field: "at", kind: "string" },
    { ref: "audit_entry.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

const COLUMNS = [
  "id",
  "at",
  "actor_id",
  "actor_role",
  "actor_name",
  "ip",
  "kind",
  "object_type",
  "object_id",
  "changes",
  "reason",
] as const;

export type AuditEntryView = {
  id: string;
  at: string;
  actor: { id: string | null; name: string; role: string; email: string | null };
  ip: string | null;
  kind: string;
  object: { type: string; id: string };
  changes: AuditChanges;
  reason: string | null;
};

function filtered(filters: AuditFilters) {
  let query = getDb()
    .selectFrom("audit_entry")
    .leftJoin("user", "user.id", "audit_entry.actor_id")
    .select(COLUMNS.map((c) => `audit_entry.${c}` as const))
    .select("user.email as actor_email");
  if (filters.person) query = query.where((eb) => eb(eb.fn("lower", ["user.email"]), "=", filters.person));
  if (filters.kind) {
    const kind = filters.kind;
    query = query.where((eb) =>
      eb.or([eb("audit_entry.kind", "=", kind), eb("audit_entry.kind", "like", `${kind.replace(/[\\%_]/g, "")}.%`)]),
    );
  }
  if (filters.object) query = query.where("audit_entry.object_id", "=", filters.object);
  if (filters.from) query = query.where("audit_entry.at", ">=", indiaDayStart(filters.from));
  if (filters.to) query = query.where("audit_entry.at", "<", indiaDayEnd(filters.to));
  return query;
}

type Row = { [K in (typeof COLUMNS)[number]]: string | null } & { actor_email: string | null };

function view(row: Row): AuditEntryView {
  let changes: AuditChanges = {};
  try {
    changes = JSON.parse(row.changes ?? "{}") as AuditChanges;
  } catch {
    changes = {};
  }
  return {
    id: row.id ?? "",
    at: row.at ?? "",
    actor: { id: row.actor_id, name: row.actor_name ?? "", role: row.actor_role ?? "", email: row.actor_email },
    ip: row.ip,
    kind: row.kind ?? "",
    object: { type: row.object_type ?? "", id: row.object_id ?? "" },
    changes,
    reason: row.reason,
  };
}

/** One page of the trail, newest first, as the owner filtered it. */
export async function listAudit(filters: AuditFilters, request: PageRequest = FIRST_PAGE) {
  const page = await paginate(filtered(filters), NEWEST_FIRST, request, AUDIT_PAGE_SIZE);
  return { ...page, rows: page.rows.map((row) => view(row as Row)) };
}

/** An object's history on its page: its latest entries, newest first. */
export async function historyOf(objectType: string, objectId: string, limit = 20): Promise<AuditEntryView[]> {
  const rows = await filtered({ person: "", kind: "", object: objectId, from: "", to: "" })
    .where("audit_entry.object_type", "=", objectType)
    .orderBy("audit_entry.at", "desc")
    .orderBy("audit_entry.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => view(row as Row));
}

async function* csvLines(filters: AuditFilters): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(["At", "Person", "Email", "Role", "Address", "Kind", "Object", "Object id", "Changes", "Reason"]);
  for await (const batch of walkKeyset(filtered(filters), NEWEST_FIRST)) {
    yield (batch as Row[])
      .map((row) =>
        csvRow([
          row.at ?? "",
          row.actor_name ?? "",
          row.actor_email ?? "",
          row.actor_role ?? "",
          row.ip ?? "",
          row.kind ?? "",
          row.object_type ?? "",
          row.object_id ?? "",
          row.changes ?? "",
          row.reason ?? "",
        ]),
      )
      .join("");
  }
}

/** The filtered trail as a CSV download, newest first, a batch at a time; every cell safe from formula injection. */
export function auditCsv(filters: AuditFilters): ReadableStream<Uint8Array> {
  const lines = csvLines(filters);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}
