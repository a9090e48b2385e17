import type { DosagePlanView } from "~/features/dosage/domain/dosage";
import { formatPaise } from "~/platform/core/money";
import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * The dosage calculator's answer (how much, which packs, the total), as HTML made by the product
 * page's loader: the calculator shows it inside its live region, so the page's script carries no
 * markup for it.
 */
export function planMarkup(plan: Omit<DosagePlanView, "html">): string {
  return staticMarkup(<Plan plan={plan} />);
}

function Plan({ plan }: { plan: Omit<DosagePlanView, "html"> }) {
  return (
    <>
      <p className="font-semibold text-stone-900">{plan.summary}</p>
      {plan.none ? (
        <p className="mt-2 text-sm text-stone-700">{plan.none}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-stone-100 text-sm" aria-label={m.store_suggested_packs()}>
            {plan.lines.map((line) => (
              <li key={line.id} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0 text-stone-800">
                  {line.count} × {line.label}
                </span>
                <span className="shrink-0 font-medium text-stone-900">{formatPaise(line.count * line.pricePaise)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1 flex items-baseline justify-between gap-3 border-t border-stone-200 pt-2 font-semibold text-stone-900">
            <span>{m.store_total()}</span>
            <span>{formatPaise(plan.totalPaise)}</span>
          </p>
        </>
      )}
    </>
  );
}
