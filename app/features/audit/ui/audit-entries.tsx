import { Link } from "react-router";
import { formatDateTime } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";

/** An entry as the pages show it (list-audit.server.ts's view). */
export type AuditEntryShown = {
  id: string;
  at: string;
  actor: { name: string; role: string; email: string | null };
  ip: string | null;
  kind: string;
  object: { type: string; id: string };
  changes: Record<string, [unknown, unknown]>;
  reason: string | null;
};

/** A value as a person reads it: money in rupees (a field in paise), nothing as a dash, the rest as JSON. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (/paise$/.test(field) && typeof value === "number") return formatPaiseExact(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Where an object's page is, when it has one. */
function objectHref(type: string, id: string): string | null {
  if (type === "product") return `/admin/products/${id}`;
  if (type === "order") return `/admin/orders/${id}`;
  return null;
}

/** Audit entries, newest first: who, when, from where, what changed (before → after) and why. */
export function AuditEntries({ entries, showObject = true }: { entries: readonly AuditEntryShown[]; showObject?: boolean }) {
  return (
    <ol className="mt-3 space-y-3" data-testid="audit-entries">
      {entries.map((entry) => {
        const href = objectHref(entry.object.type, entry.object.id);
        return (
          <li key={entry.id} className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-stone-200 [overflow-wrap:anywhere]">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-stone-900">
                {entry.kind}
                {showObject ? (
                  <span className="font-normal text-stone-600">
                    {" · "}
                    {href ? (
                      <Link to={href} className="underline">
                        {entry.object.type} {entry.object.id}
                      </Link>
                    ) : (
                      `${entry.object.type} ${entry.object.id}`
                    )}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-stone-600">{formatDateTime(entry.at)}</p>
            </div>
            <p className="mt-1 text-sm text-stone-700">
              {entry.actor.name} ({entry.actor.role}){entry.actor.email ? ` · ${entry.actor.email}` : ""}
              {entry.ip ? ` · from ${entry.ip}` : ""}
            </p>
            {Object.keys(entry.changes).length > 0 ? (
              <table className="mt-2 w-full text-left text-sm">
                <thead>
                  <tr className="text-stone-600">
                    <th scope="col" className="whitespace-nowrap pr-3 font-medium">
                      Field
                    </th>
                    <th scope="col" className="whitespace-nowrap pr-3 font-medium">
                      Before
                    </th>
                    <th scope="col" className="font-medium">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(entry.changes).map(([field, [before, after]]) => (
                    <tr key={field} className="align-top">
                      <th scope="row" className="pr-3 font-normal text-stone-700">
                        {field}
                      </th>
                      <td className="pr-3">{shown(field, before)}</td>
                      <td>{shown(field, after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {entry.reason ? <p className="mt-2 text-sm text-stone-700">Reason: {entry.reason}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** An object's history on its admin page: its latest changes, or a line saying there are none. */
export function AuditHistory({ entries, title = "History" }: { entries: readonly AuditEntryShown[]; title?: string }) {
  return (
    <section aria-labelledby="audit-history-h" className="mt-8" data-testid="audit-history">
      <h2 id="audit-history-h" className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-stone-600">No recorded changes yet.</p>
      ) : (
        <AuditEntries entries={entries} showObject={false} />
      )}
    </section>
  );
}
