import { Form } from "react-router";
import { TextField } from "~/ui/text-field";
import { MAX_LINE_QUANTITY } from "~/features/cart/domain/cart-limits";

export type AgentCartText = {
  search: string;
  searchButton: string;
  noMatch: string;
  add: string;
  lines: string;
  empty: string;
  goods: string;
  delivery: string;
  gst: string;
  total: string;
  place: string;
  deliveryNote: string;
};

type Page = {
  farmer: { id: string };
  linesText: string;
  q: string;
  text: AgentCartText;
  found: { key: string; name: string; stockText: string; quantityLabel: string }[];
  lines: {
    key: string;
    variantId: string;
    name: string;
    quantity: number;
    unit: string | null;
    short: string | null;
    removeLabel: string;
  }[];
  offers: { id: string; name: string; amount: string }[];
  totals: { goods: string; delivery: string; gst: string; total: string };
  checkoutKey: string;
};

/**
 * An agent's order for a farmer (docs/decisions/065-field-agents.md): search, lines and totals, all
 * plain GET and POST forms, so it works on a cheap phone without script. Every figure is the server's.
 */
export function AgentCart({ page, error, busy }: { page: Page; error?: string; busy: boolean }) {
  const { text: t, farmer } = page;
  const keep = (
    <>
      <input type="hidden" name="farmer" value={farmer.id} />
      {page.linesText ? <input type="hidden" name="lines" value={page.linesText} /> : null}
    </>
  );
  return (
    <div className="mt-6 space-y-6">
      <section className="rounded-xl border border-stone-200 bg-white p-4">
        <Form method="get" className="flex items-end gap-2">
          {keep}
          <TextField label={t.search} name="q" defaultValue={page.q} maxLength={60} className="grow" />
          <button type="submit" className="h-11 whitespace-nowrap rounded-lg border border-stone-300 px-4 font-semibold">
            {t.searchButton}
          </button>
        </Form>
        {page.found.length ? (
          <ul className="mt-3 divide-y divide-stone-200">
            {page.found.map((s) => (
              <li key={s.key} className="flex flex-wrap items-end justify-between gap-2 py-3" data-testid="agent-result">
                <span className="text-sm">
                  <span className="font-medium text-stone-900">{s.name}</span> <span className="text-stone-600">· {s.stockText}</span>
                </span>
                <Form method="get" className="flex items-end gap-2">
                  {keep}
                  <input type="hidden" name="q" value={page.q} />
                  <input type="hidden" name="add" value={s.key} />
                  <TextField
                    label={s.quantityLabel}
                    name="quantity"
                    type="number"
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    defaultValue="1"
                    className="w-32"
                  />
                  <button type="submit" className="h-11 rounded-lg border border-stone-300 px-4 text-sm font-semibold">
                    {t.add}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : t.noMatch ? (
          <p className="mt-2 text-sm text-stone-600">{t.noMatch}</p>
        ) : null}
      </section>
      <section aria-labelledby="agent-lines" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="agent-lines" className="text-lg font-semibold text-stone-900">
          {t.lines}
        </h2>
        {page.lines.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t.empty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200">
            {page.lines.map((l) => (
              <li key={l.key} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="agent-line">
                <span>
                  {l.name} × {l.quantity}
                  {l.unit ? <span className="text-stone-600"> · {l.unit}</span> : null}
                  {l.short ? <span className="ml-2 font-medium text-red-800">{l.short}</span> : null}
                </span>
                <Form method="get">
                  {keep}
                  <input type="hidden" name="remove" value={l.variantId} />
                  <button
                    type="submit"
                    aria-label={l.removeLabel}
                    className="min-h-9 rounded-md border border-stone-300 px-3 text-xs font-semibold"
                  >
                    ✕
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {page.offers.length ? (
          <ul className="mt-2 text-sm text-green-800">
            {page.offers.map((o) => (
              <li key={o.id}>
                {o.name}: −{o.amount}
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="mt-3 grid max-w-sm grid-cols-2 gap-1 text-sm">
          <dt>{t.goods}</dt>
          <dd className="text-right">{page.totals.goods}</dd>
          <dt>{t.delivery}</dt>
          <dd className="text-right">{page.totals.delivery}</dd>
          <dt>{t.gst}</dt>
          <dd className="text-right">{page.totals.gst}</dd>
          <dt className="font-semibold">{t.total}</dt>
          <dd className="text-right font-semibold" data-testid="agent-total">
            {page.totals.total}
          </dd>
        </dl>
        <p className="mt-2 text-sm text-stone-700">{t.deliveryNote}</p>
        {error ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="place" />
          {keep}
          <input type="hidden" name="checkoutKey" value={page.checkoutKey} />
          <button
            type="submit"
            disabled={busy || page.lines.length === 0}
            className="h-11 w-full rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {t.place}
          </button>
        </Form>
      </section>
    </div>
  );
}
