import { formatPaise } from "~/platform/core/money";
import { displayPrice, type TaxConfig } from "~/features/tax/domain/gst";
import { m } from "~/platform/i18n/i18n.server";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { kitPartLines } from "~/features/kits/domain/kit-split";

export type KitPartView = {
  quantity: number;
  variantId: string;
  productId: string;
  name: string;
  nameHi: string | null;
  label: string;
  pricePaise: number;
  gstRate: number;
  live: boolean;
};

/**
 * What a kit's page says of its parts (docs/decisions/055-kits.md), as server-made HTML: each part
 * linked to its page, how many, its price each as the store shows prices; then what they cost bought
 * apart and what the kit saves. The kit's price with GST is its price shared over the parts, each
 * taxed at its own rate, as its order is charged. Empty for a product that is no kit.
 */
export function kitPartsMarkup(kitPricePaise: number, parts: readonly KitPartView[], tax: Pick<TaxConfig, "mode" | "display">) {
  if (parts.length === 0) return "";
  const hindi = currentLocale() === "hi";
  const kitShown = kitShownPrice(kitPricePaise, parts, tax);
  const apart = parts.reduce((sum, p) => sum + displayPrice(p.pricePaise, p.gstRate, tax) * p.quantity, 0);
  const saved = apart - kitShown;
  return staticMarkup(
    <section aria-labelledby="kit-parts-heading" className="mt-6 rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="kit-parts">
      <h2 id="kit-parts-heading" className="text-lg font-semibold text-stone-900">
        {m.store_kit_heading()}
      </h2>
      <ul className="mt-2 divide-y divide-stone-100">
        {parts.map((p) => {
          const name = (hindi && p.nameHi) || p.name;
          return (
            <li key={p.variantId} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {p.quantity} ×{" "}
                <a
                  href={localHref(`/products/${p.productId}?size=${encodeURIComponent(p.variantId)}`)}
                  data-discover="true"
                  className="font-medium text-brand-800 underline"
                >
                  {p.label ? `${name} (${p.label})` : name}
                </a>
              </span>
              <span className="text-stone-700">
                {m.store_kit_each({ amount: formatPaise(displayPrice(p.pricePaise, p.gstRate, tax)) })}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-stone-700" data-testid="kit-apart">
        {m.store_kit_apart({ amount: formatPaise(apart) })}
      </p>
      {saved > 0 ? (
        <p className="mt-1 font-semibold text-brand-900" data-testid="kit-saving">
          {m.store_kit_you_save({ amount: formatPaise(saved) })}
        </p>
      ) : null}
    </section>,
  );
}

/**
 * A kit's price as the store shows prices: its price shared over its parts, each with its own GST when
 * prices are shown with GST, as its order is charged (the product page's price for a kit).
 */
export function kitShownPrice(
  kitPricePaise: number,
  parts: readonly Pick<KitPartView, "pricePaise" | "quantity" | "gstRate">[],
  tax: Pick<TaxConfig, "mode" | "display">,
): number {
  // One kit's part lines, as its order writes them (kitPartLines), each shown as the store shows prices.
  const lines = kitPartLines(
    kitPricePaise,
    parts.map((p) => ({ weight: p.pricePaise * p.quantity, quantity: p.quantity })),
    1,
  );
  return parts.reduce((sum, p, i) => sum + displayPrice(lines[i]?.amount ?? 0, p.gstRate, tax), 0);
}

/** The dosage calculator's offer of a crop's kit, as server-made HTML: "Or buy the 1 acre tomato kit — ₹1,575". */
export function kitOfferMarkup(
  kit: { productId: string; name: string; nameHi: string | null; pricePaise: number; gstRate: number } | null,
  tax: Pick<TaxConfig, "mode" | "display">,
) {
  if (!kit) return "";
  const name = (currentLocale() === "hi" && kit.nameHi) || kit.name;
  return staticMarkup(
    <p className="mt-3 text-sm text-stone-800" data-testid="dosage-kit">
      {m.store_kit_or_buy_before()}
      <a href={localHref(`/products/${kit.productId}`)} data-discover="true" className="font-semibold text-brand-800 underline">
        {name}
      </a>
      {m.store_kit_or_buy_after({ amount: formatPaise(displayPrice(kit.pricePaise, kit.gstRate, tax)) })}
    </p>,
  );
}
