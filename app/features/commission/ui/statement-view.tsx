/** A statement's line as a page shows it: every value already in the page's language. */
export type ShownLine = {
  key: string;
  product: string;
  category: string;
  farmer: string;
  order: string;
  /** "Delivered 3 November 2026" or "Placed …". */
  when: string;
  quantity: string;
  base: string;
  rate: string;
  commission: string;
};

export type ShownLabels = { farmer: string; order: string; base: string; rate: string; commission: string };

/** A statement's lines as cards: one column on a phone, two from a tablet up. */
export function StatementLines({ lines, labels, empty }: { lines: readonly ShownLine[]; labels: ShownLabels; empty: string }) {
  if (lines.length === 0) return <p className="mt-3 rounded-xl bg-white p-4 text-stone-600 ring-1 ring-stone-200">{empty}</p>;
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2">
      {lines.map((l) => (
        <li key={l.key} className="rounded-xl bg-white p-4 ring-1 ring-stone-200 [overflow-wrap:anywhere]">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold text-stone-900">{l.product}</p>
              <p className="text-sm text-stone-600">
                {l.category} · {l.quantity}
              </p>
            </div>
            <p className="shrink-0 text-lg font-bold text-brand-800">{l.commission}</p>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-stone-500">{labels.farmer}</dt>
            <dd className="text-stone-800">{l.farmer}</dd>
            <dt className="text-stone-500">{labels.order}</dt>
            <dd className="font-mono text-stone-800">{l.order}</dd>
            <dt className="text-stone-500">{labels.base}</dt>
            <dd className="text-stone-800">
              {l.base} · {labels.rate} {l.rate}
            </dd>
          </dl>
          <p className="mt-1 text-sm text-stone-600">{l.when}</p>
        </li>
      ))}
    </ul>
  );
}
