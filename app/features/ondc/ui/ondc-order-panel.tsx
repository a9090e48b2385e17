import { formatDateTime } from "~/platform/core/dates";

export type OndcOrderView = {
  bapId: string;
  transactionId: string;
  state: string;
  paymentType: string | null;
  paymentCollectedBy: string | null;
  paymentStatus: string | null;
  paymentReference: string | null;
  settlement: { label: string; value: string }[];
};

export type OndcOrderIssue = {
  id: string;
  issueId: string;
  category: string;
  subCategory: string;
  description: string;
  status: string;
  resolution: string | null;
  createdAt: string;
};

/** How the buyer app takes payment, in words: ONDC's ON-ORDER (prepaid, collected by the buyer app) or ON-FULFILLMENT (cash on delivery). */
function paymentWords(o: OndcOrderView): string {
  if (o.paymentType === "ON-FULFILLMENT") return "Cash on delivery";
  if (o.paymentType === "ON-ORDER") return `Prepaid, collected by ${o.paymentCollectedBy === "BPP" ? "this store" : "the buyer app"}`;
  return o.paymentType ?? "—";
}

/** The admin order page's ONDC section: which buyer app, which transaction, how it pays and settles, and its grievances. */
export function OndcOrderPanel({ ondc, issues }: { ondc: OndcOrderView; issues: readonly OndcOrderIssue[] }) {
  const rows: [string, string][] = [
    ["Buyer app", ondc.bapId],
    ["Transaction ID", ondc.transactionId],
    ["Payment", paymentWords(ondc)],
    [
      "Payment status",
      ondc.paymentStatus === "PAID" ? "Paid" : ondc.paymentStatus === "NOT-PAID" ? "Not paid" : (ondc.paymentStatus ?? "—"),
    ],
    ...(ondc.paymentReference ? ([["Payment reference", ondc.paymentReference]] as [string, string][]) : []),
    ...ondc.settlement.map((s): [string, string] => [s.label, s.value]),
  ];
  return (
    <section
      aria-labelledby="ondc-order-title"
      className="mt-6 rounded-xl bg-white p-4 ring-1 ring-stone-200"
      data-testid="ondc-order-panel"
    >
      <h2 id="ondc-order-title" className="font-bold text-stone-900">
        <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">ONDC</span> Placed through a buyer
        app
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-stone-700 first-letter:uppercase">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-3 font-semibold text-stone-900">Grievances</h3>
      {issues.length === 0 ? (
        <p className="text-sm text-stone-600">None raised.</p>
      ) : (
        <ul className="mt-1 space-y-2 text-sm">
          {issues.map((i) => (
            <li key={i.id} className="whitespace-pre-line">
              <span className="font-semibold">
                {i.category} · {i.subCategory}
              </span>{" "}
              ({i.status.toLowerCase()}, {formatDateTime(i.createdAt)}): {i.description}
              {i.resolution ? <span className="block text-stone-700">Resolution: {i.resolution}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <a href="/admin/ondc" className="font-semibold text-brand-800 hover:underline">
          Open grievances and the protocol log
        </a>
      </p>
    </section>
  );
}
