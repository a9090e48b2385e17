import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { readPageRequest } from "~/platform/core/pagination";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { FormError } from "~/ui/form-error";
import { Pager } from "~/ui/pager";
import { readAuditFilters } from "~/features/audit/domain/audit-filters";
import { listAudit } from "~/features/audit/server/list-audit.server";
import { AuditEntries } from "~/features/audit/ui/audit-entries";

export const meta: Route.MetaFunction = () => [{ title: "Audit Trail · Angle Admin" }];

const EMPTY = { person: "", kind: "", object: "", from: "", to: "" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const parsed = readAuditFilters(params);
  if (!parsed.success) {
    const filters = { ...EMPTY, ...Object.fromEntries(Object.keys(EMPTY).map((k) => [k, params.get(k) ?? ""])) };
    return { filters, error: firstError(fieldErrors(parsed.error)), page: null };
  }
  return { filters: parsed.data, error: null, page: await listAudit(parsed.data, readPageRequest(params)) };
}

const field = "mt-1 block h-10 w-full rounded-lg border border-stone-300 px-3";

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, error, page } = loaderData;
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== "")).toString();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Audit Trail</h1>
      <p className="mt-1 text-sm text-stone-600">
        Every change staff and vendors made: who, when, from which address, what changed and why. Entries cannot be edited or deleted.
      </p>
      <Form method="get" className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-3">
        <label className="text-sm font-medium text-stone-700">
          Person (email)
          <input name="person" type="email" defaultValue={filters.person} className={field} />
        </label>
        <label className="text-sm font-medium text-stone-700">
          Kind (e.g. product.update, or product)
          <input name="kind" defaultValue={filters.kind} className={field} />
        </label>
        <label className="text-sm font-medium text-stone-700">
          Object id
          <input name="object" defaultValue={filters.object} className={field} />
        </label>
        <label className="text-sm font-medium text-stone-700">
          From
          <input name="from" type="date" defaultValue={filters.from} className={field} />
        </label>
        <label className="text-sm font-medium text-stone-700">
          To
          <input name="to" type="date" defaultValue={filters.to} className={field} />
        </label>
        <div className="flex items-end gap-3">
          <button type="submit" className="h-10 rounded-lg bg-green-700 px-4 font-semibold text-white">
            Filter
          </button>
          <a
            href={`/admin/audit/export${query ? `?${query}` : ""}`}
            className="inline-flex h-10 items-center font-semibold underline"
            download
          >
            Export CSV
          </a>
        </div>
      </Form>
      <FormError message={error ?? undefined} />
      {page ? (
        <>
          <Pager page={page} noun={["entry", "entries"]} className="mt-4" />
          {page.rows.length === 0 ? <p className="mt-6 text-stone-600">No entries match.</p> : <AuditEntries entries={page.rows} />}
          <Pager page={page} noun={["entry", "entries"]} className="mt-3" />
        </>
      ) : null}
    </div>
  );
}
