import { Form, Link } from "react-router";
import { formatDateTime } from "~/platform/core/dates";
import { formatOrderId } from "~/platform/core/order-id";
import { RESOLUTION_ACTION_LABELS, RESOLUTION_ACTIONS } from "~/features/ondc/domain/igm";

export type OndcIssueRow = {
  id: string;
  bapId: string;
  issueId: string;
  orderId: string | null;
  category: string;
  subCategory: string;
  description: string;
  status: string;
  createdAt: string;
};

/** Grievances raised through buyer apps and still open, each with a form to resolve it with a note. */
export function OndcIssues({ issues, canResolve }: { issues: readonly OndcIssueRow[]; canResolve: boolean }) {
  if (issues.length === 0) return <p className="mt-2 text-stone-600">No open grievances.</p>;
  return (
    <ul className="mt-3 space-y-3">
      {issues.map((issue) => (
        <li key={issue.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="ondc-issue">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">
              {issue.category} · {issue.subCategory}{" "}
              <span className="text-sm font-normal text-stone-600">
                from {issue.bapId}, issue {issue.issueId}
              </span>
            </p>
            <p className="text-sm text-stone-600">{formatDateTime(issue.createdAt)}</p>
          </div>
          {issue.orderId ? (
            <p className="text-sm">
              Order{" "}
              <Link to={`/admin/orders/${issue.orderId}`} className="font-mono font-semibold text-brand-800 hover:underline">
                #{formatOrderId(issue.orderId)}
              </Link>
            </p>
          ) : null}
          <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{issue.description}</p>
          {canResolve ? (
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="id" value={issue.id} />
              <div className="min-w-64 flex-1">
                <label htmlFor={`resolve-${issue.id}`} className="text-sm font-medium text-stone-700">
                  What was done (sent to the buyer app)
                </label>
                <textarea
                  id={`resolve-${issue.id}`}
                  name="note"
                  required
                  minLength={3}
                  maxLength={1000}
                  rows={2}
                  className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2"
                />
              </div>
              <div>
                <label htmlFor={`resolve-action-${issue.id}`} className="text-sm font-medium text-stone-700">
                  Outcome
                </label>
                <select
                  id={`resolve-action-${issue.id}`}
                  name="action"
                  defaultValue="NO-ACTION"
                  className="mt-1 block h-10 rounded-lg border border-stone-300 bg-white px-2"
                >
                  {RESOLUTION_ACTIONS.map((a) => (
                    <option key={a} value={a}>
                      {RESOLUTION_ACTION_LABELS[a]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" name="intent" value="resolve" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
                Resolve
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
