import { Form, Link } from "react-router";
import { type Column, DataTable } from "~/ui/data-table";
import { formatDateTime } from "~/platform/core/dates";
import type { OndcMessageFilter } from "~/features/ondc/domain/message-filter";

export type OndcLogRow = {
  id: string;
  direction: "in" | "out";
  action: string;
  transactionId: string | null;
  counterparty: string | null;
  signature: string;
  reason: string | null;
  httpStatus: number | null;
  ack: string | null;
  createdAt: string;
};

// "unsigned": the registry's on_subscribe, which ONDC does not sign.
const SIGNATURE_LABELS: Record<string, string> = { verified: "Verified", refused: "Refused", signed: "Signed by us", unsigned: "Unsigned" };
const SIGNATURE_STYLES: Record<string, string> = { verified: "bg-green-100 text-green-900", refused: "bg-red-100 text-red-900" };

const columns: Column<OndcLogRow>[] = [
  { header: "Time", nowrap: true, cell: (m) => formatDateTime(m.createdAt) },
  { header: "Way", nowrap: true, cell: (m) => (m.direction === "in" ? "In" : "Out") },
  {
    header: "Action",
    cell: (m) => (
      <Link to={`/admin/ondc/messages/${m.id}`} className="font-mono font-semibold text-brand-800 hover:underline">
        {m.action}
      </Link>
    ),
  },
  { header: "Counterparty", cell: (m) => m.counterparty ?? "—" },
  {
    header: "Transaction",
    cell: (m) =>
      m.transactionId ? (
        <Link to={`?tx=${encodeURIComponent(m.transactionId)}`} className="font-mono text-xs hover:underline">
          {m.transactionId}
        </Link>
      ) : (
        "—"
      ),
  },
  {
    header: "Signature",
    cell: (m) => (
      <>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${SIGNATURE_STYLES[m.signature] ?? "bg-stone-100 text-stone-800"}`}
        >
          {SIGNATURE_LABELS[m.signature] ?? m.signature}
        </span>
        {m.reason ? <span className="block text-xs text-stone-600">{m.reason}</span> : null}
      </>
    ),
  },
  { header: "HTTP", nowrap: true, align: "right", cell: (m) => m.httpStatus ?? "—" },
  { header: "Answer", nowrap: true, cell: (m) => m.ack ?? "—" },
];

/** The protocol log's filters: a GET form, so a filtered page is a link that can be shared with support. */
export function OndcLogFilters({ filter }: { filter: OndcMessageFilter }) {
  const field = "mt-1 block h-10 rounded-lg border border-stone-300 bg-white px-2";
  return (
    <Form method="get" className="mt-3 flex flex-wrap items-end gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
      <div>
        <label htmlFor="log-direction" className="text-sm font-medium text-stone-700">
          Direction
        </label>
        <select id="log-direction" name="direction" defaultValue={filter.direction ?? ""} className={field}>
          <option value="">In and out</option>
          <option value="in">In (buyer apps' calls)</option>
          <option value="out">Out (our callbacks)</option>
        </select>
      </div>
      <div>
        <label htmlFor="log-action" className="text-sm font-medium text-stone-700">
          Action
        </label>
        <input id="log-action" name="action" defaultValue={filter.action ?? ""} placeholder="on_confirm" className={`${field} w-36`} />
      </div>
      <div className="min-w-48 flex-1">
        <label htmlFor="log-tx" className="text-sm font-medium text-stone-700">
          Transaction ID
        </label>
        <input id="log-tx" name="tx" defaultValue={filter.transactionId ?? ""} className={`${field} w-full`} />
      </div>
      <div>
        <label htmlFor="log-signature" className="text-sm font-medium text-stone-700">
          Signature
        </label>
        <select id="log-signature" name="signature" defaultValue={filter.signature ?? ""} className={field}>
          <option value="">Any</option>
          <option value="verified">Verified</option>
          <option value="refused">Refused</option>
          <option value="signed">Signed by us</option>
          <option value="unsigned">Unsigned (the registry's challenge)</option>
        </select>
      </div>
      <button type="submit" className="h-10 rounded-lg bg-stone-800 px-4 font-semibold text-white">
        Filter
      </button>
    </Form>
  );
}

export function OndcLogTable({ rows, filtered }: { rows: readonly OndcLogRow[]; filtered: boolean }) {
  return (
    <DataTable
      caption="Protocol messages"
      columns={columns}
      rows={rows}
      rowKey={(m) => m.id}
      rowTestId="ondc-message-row"
      wide
      empty={<p className="p-6 text-center text-stone-600">{filtered ? "No messages match." : "No protocol messages yet."}</p>}
    />
  );
}
