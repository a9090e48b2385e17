import { data } from "react-router";
import type { Route } from "./+types/ondc-message";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { formatDateTime } from "~/platform/core/dates";
import { readOndcMessage } from "~/features/ondc/server/admin-ondc.server";

const SIGNATURE_WORDS: Record<string, string> = {
  verified: "Verified against the registry",
  refused: "Refused",
  signed: "Signed by us",
  unsigned: "Unsigned",
};

export const meta: Route.MetaFunction = () => [{ title: "ONDC message · Angle Admin" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const message = await readOndcMessage(params.id);
  if (!message) throw data("Message not found", { status: 404 });
  return { message };
}

/** One protocol message: its particulars and its body, pretty-printed and shown as text (never as markup). */
export default function AdminOndcMessage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { message: m } = loaderData;
  const rows: [string, string][] = [
    ["Time", formatDateTime(m.createdAt)],
    ["Direction", m.direction === "in" ? "In (a buyer app's call)" : "Out (our callback)"],
    ["Counterparty", m.counterparty ?? "—"],
    ["Transaction ID", m.transactionId ?? "—"],
    ["Message ID", m.messageId ?? "—"],
    ["Signature", (SIGNATURE_WORDS[m.signature] ?? m.signature) + (m.reason ? ` (${m.reason})` : "")],
    ["HTTP status", m.httpStatus === null ? "—" : String(m.httpStatus)],
    ["Answer", m.ack ?? "—"],
  ];
  return (
    <div>
      <p className="text-sm">
        <a href="/admin/ondc" className="font-semibold text-brand-800 hover:underline">
          ← ONDC
        </a>
      </p>
      <h1 className="mt-2 font-mono text-2xl font-bold text-stone-900">{m.action}</h1>
      <dl className="mt-3 grid grid-cols-1 gap-x-3 gap-y-1 rounded-xl bg-white p-4 text-sm ring-1 ring-stone-200 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-stone-700">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-4 font-bold text-stone-900">Body</h2>
      <pre className="mt-2 max-h-[70vh] overflow-auto rounded-xl bg-stone-900 p-4 text-xs text-stone-100" data-testid="ondc-message-body">
        {m.body}
      </pre>
    </div>
  );
}
