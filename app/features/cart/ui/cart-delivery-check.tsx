import { useId } from "react";
import { useFetcher } from "react-router";
import Truck from "lucide-react/icons/truck";
import type { DeliveryCheck } from "~/features/delivery/domain/delivery";
import { DeliveryAnswer } from "../../delivery/ui/delivery-answer";
import { useT } from "~/platform/i18n/i18n";
import { NEEDS_SCRIPTS_ATTRIBUTE } from "~/platform/render/hydration";

/**
 * "Check delivery" in the cart: asks /resources/delivery for the pincode and shows the answer in
 * place (the cart itself needs JavaScript: it lives in the browser).
 */
export function CartDeliveryCheck({ defaultPincode, ids }: { defaultPincode?: string; ids: string }) {
  const fetcher = useFetcher<{ check: DeliveryCheck; refused?: string[] }>();
  const id = useId();
  const t = useT();
  const check = fetcher.data?.check;
  const refused = fetcher.data?.refused ?? [];
  const failed = check && (check.kind !== "delivers" || refused.length > 0);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Truck className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        {t("ui_store_check_delivery")}
      </h2>
      {/* Its answer is data for the scripts: sent before they run, it waits for them (EARLY_INTENT). */}
      <fetcher.Form method="get" action="/resources/delivery" className="mt-3 flex gap-2" {...{ [NEEDS_SCRIPTS_ATTRIBUTE]: "" }}>
        {/* The cart's products: those whose sellers may not deliver to the pincode's State are named. */}
        <input type="hidden" name="ids" value={ids} />
        <label htmlFor={`${id}-pin`} className="sr-only">
          {t("ui_store_pincode")}
        </label>
        <input
          id={`${id}-pin`}
          name="pin"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t("ui_store_enter_pincode")}
          defaultValue={defaultPincode}
          aria-invalid={failed ? true : undefined}
          aria-describedby={check ? `${id}-result` : undefined}
          className={`h-11 min-w-0 flex-1 rounded-lg border px-3 text-[15px] text-stone-900 focus:outline-none ${
            failed ? "border-red-600 focus:border-red-700" : "border-stone-300 focus:border-brand-600"
          }`}
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="h-11 shrink-0 rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {fetcher.state !== "idle" ? t("ui_store_checking") : t("ui_store_check")}
        </button>
      </fetcher.Form>
      <div role="status">{check ? <DeliveryAnswer check={check} id={`${id}-result`} refused={refused} /> : null}</div>
    </section>
  );
}
