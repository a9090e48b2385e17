import Truck from "lucide-react/icons/truck";
import type { DeliveryCheck } from "~/features/delivery/domain/delivery";
import { m } from "~/platform/i18n/i18n.server";
import { formatPaise } from "~/platform/core/money";
import type { ShippingRule } from "~/features/tax/domain/pricing";
import { DeliveryAnswer } from "./delivery-answer";

type Props = {
  /** The answer for the pincode asked (or the signed-in customer's own), if any. */
  check: DeliveryCheck | null;
  /** The page's other query values, kept when the form is sent (the chosen size, the calculator's area). */
  keep: Record<string, string>;
  /** What delivery costs (General Settings): said under the form, so the page tells it before the cart. */
  shipping: ShippingRule;
  /** Why this product cannot go to the pincode checked, though the store delivers there (its seller's licence States). */
  refused?: readonly string[];
};

/**
 * "Check delivery" on the product page: a GET form (?pin=…) the page's loader answers, so it works
 * without JavaScript and costs no script. Server markup only (docs/decisions/007-first-load-budget.md).
 */
export function DeliveryCheckSection({ check, keep, shipping, refused = [] }: Props) {
  const failed = check && (check.kind !== "delivers" || refused.length > 0);
  return (
    <section id="delivery" aria-labelledby="delivery-title" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="delivery-title" className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Truck className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        {m.store_check_delivery()}
      </h2>
      <form method="get" action="#delivery" className="mt-3 flex gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="delivery-pin" className="sr-only">
          {m.store_pincode()}
        </label>
        <input
          id="delivery-pin"
          name="pin"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={m.store_enter_pincode()}
          defaultValue={check?.pincode ?? ""}
          aria-invalid={failed ? true : undefined}
          aria-describedby={check ? "delivery-result" : "delivery-shipping"}
          className={`h-11 min-w-0 flex-1 rounded-lg border px-3 text-[15px] text-stone-900 focus:outline-none ${
            failed ? "border-red-600 focus:border-red-700" : "border-stone-300 focus:border-brand-600"
          }`}
        />
        <button
          type="submit"
          className="h-11 shrink-0 rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {m.store_check()}
        </button>
      </form>
      <div role="status">{check ? <DeliveryAnswer check={check} refused={refused} /> : null}</div>
      <p id="delivery-shipping" className="mt-3 text-sm text-stone-700">
        {shipping.feePaise === 0
          ? m.store_delivery_free()
          : m.store_delivery_charge({ fee: formatPaise(shipping.feePaise), threshold: formatPaise(shipping.freeOverPaise) })}
      </p>
    </section>
  );
}
