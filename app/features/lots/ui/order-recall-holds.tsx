import { Form, Link } from "react-router";
import type { RecallHoldView } from "~/features/lots/domain/recall";

/**
 * On the admin's order page: each recalled lot this order still holds, and the two ways to resolve it —
 * swap its units to the size's other lots, or cancel and refund the order.
 */
export function OrderRecallHolds({ holds, needsPayout, busy }: { holds: readonly RecallHoldView[]; needsPayout: boolean; busy: boolean }) {
  if (holds.length === 0) return null;
  return (
    <section className="mt-4 rounded-xl bg-red-50 p-5 text-red-950 ring-1 ring-red-200" data-testid="order-recall-holds">
      {holds.map((hold) => (
        <div key={hold.lotId} className="space-y-2">
          <h2 className="font-bold">
            Holds recalled lot{" "}
            <Link to={`/admin/lots/${hold.lotId}`} className="font-mono underline">
              {hold.lot}
            </Link>
          </h2>
          <p className="text-sm">
            {hold.units} {hold.units === 1 ? "unit" : "units"} of this order came from it. Reason: {hold.reason}
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="recall-swap" />
              <input type="hidden" name="lotId" value={hold.lotId} />
              <button
                type="submit"
                disabled={busy}
                className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
              >
                Swap to other lots
              </button>
            </Form>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="recall-cancel" />
              <input type="hidden" name="lotId" value={hold.lotId} />
              {needsPayout ? (
                <div>
                  <label htmlFor={`recall-payout-${hold.lotId}`} className="block text-sm font-medium">
                    Payout reference
                  </label>
                  <input
                    id={`recall-payout-${hold.lotId}`}
                    name="payoutReference"
                    maxLength={40}
                    autoComplete="off"
                    className="mt-1 h-10 rounded-lg border border-stone-300 bg-white px-3"
                  />
                </div>
              ) : null}
              <button
                type="submit"
                disabled={busy}
                className="h-10 rounded-lg border border-red-700 bg-white px-4 font-semibold text-red-800 hover:bg-red-100"
              >
                Cancel and refund
              </button>
            </Form>
          </div>
        </div>
      ))}
    </section>
  );
}
