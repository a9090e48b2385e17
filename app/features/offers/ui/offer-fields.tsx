import { TextField } from "~/ui/text-field";
import type { OfferTarget } from "../domain/offers";

/**
 * The offer form's fields (issue 31), drawn by the server for the admin (/admin/offers) and a vendor
 * (/vendor-login/offers), in the words of each (`words`): the admin's English, the vendor's language.
 * Products and pack sizes are named by SKU; the server resolves them and names any it does not know.
 */
export type OfferWords = Record<OfferWordKey, string>;
export type OfferWordKey =
  | "kind"
  | "kindCoupon"
  | "kindAutomatic"
  | "code"
  | "codeHint"
  | "name"
  | "nameHi"
  | "discount"
  | "discountPercent"
  | "discountFixed"
  | "discountFree"
  | "discountBuyGet"
  | "percent"
  | "amount"
  | "buyQuantity"
  | "getQuantity"
  | "getSkus"
  | "getSkusHint"
  | "appliesTo"
  | "targetCart"
  | "targetProducts"
  | "targetVariants"
  | "targetCategories"
  | "targetCrops"
  | "targetVendor"
  | "which"
  | "whichHint"
  | "minCart"
  | "minQuantity"
  | "states"
  | "statesHint"
  | "pincodes"
  | "pincodesHint"
  | "firstOrderOnly"
  | "startsAt"
  | "startsHint"
  | "endsAt"
  | "endsHint"
  | "maxUses"
  | "usesPerCustomer"
  | "budget"
  | "stacks";

const select = "h-10 w-full rounded-lg border border-stone-300 bg-white px-3 focus:border-brand-600 focus:outline-none";

/** The targets each may choose: a vendor's offer is on their own products only. */
const TARGETS: Record<"admin" | "vendor", readonly OfferTarget[]> = {
  admin: ["cart", "products", "variants", "categories", "crops", "vendor"],
  vendor: ["vendor", "products", "variants"],
};
const TARGET_WORD: Record<OfferTarget, OfferWordKey> = {
  cart: "targetCart",
  products: "targetProducts",
  variants: "targetVariants",
  categories: "targetCategories",
  crops: "targetCrops",
  vendor: "targetVendor",
};

export function OfferFields({
  values,
  errors,
  words,
  mode,
}: {
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  words: OfferWords;
  mode: "admin" | "vendor";
}) {
  const v = (name: string) => values[name] ?? "";
  const form = { values, errors, words };
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{words.kind}</legend>
        <div className="flex flex-wrap gap-4">
          <Choice form={form} name="kind" value="coupon" word="kindCoupon" />
          <Choice form={form} name="kind" value="automatic" word="kindAutomatic" />
        </div>
      </fieldset>
      <TextField label={words.code} name="code" defaultValue={v("code")} error={errors.code} hint={words.codeHint} maxLength={40} />
      <TextField label={words.name} name="name" required defaultValue={v("name")} error={errors.name} maxLength={80} />
      <TextField label={words.nameHi} name="nameHi" defaultValue={v("nameHi")} error={errors.nameHi} maxLength={80} lang="hi" />
      <div>
        <label htmlFor="offer-discount-type" className="mb-1 block text-sm font-medium text-stone-800">
          {words.discount}
        </label>
        <select id="offer-discount-type" name="discountType" defaultValue={v("discountType")} className={select}>
          <option value="percent">{words.discountPercent}</option>
          <option value="fixed">{words.discountFixed}</option>
          {mode === "admin" ? <option value="free_shipping">{words.discountFree}</option> : null}
          <option value="buy_x_get_y">{words.discountBuyGet}</option>
        </select>
        {errors.discountType ? <p className="mt-1 text-sm text-red-700">{errors.discountType}</p> : null}
      </div>
      <NumberField form={form} name="percent" />
      <NumberField form={form} name="amount" decimal />
      <NumberField form={form} name="buyQuantity" />
      <NumberField form={form} name="getQuantity" />
      <TextField label={words.getSkus} name="getSkus" defaultValue={v("getSkus")} error={errors.getSkus} hint={words.getSkusHint} />
      <div>
        <label htmlFor="offer-target" className="mb-1 block text-sm font-medium text-stone-800">
          {words.appliesTo}
        </label>
        <select id="offer-target" name="target" defaultValue={v("target")} className={select}>
          {TARGETS[mode].map((t) => (
            <option key={t} value={t}>
              {words[TARGET_WORD[t]]}
            </option>
          ))}
        </select>
        {errors.target ? <p className="mt-1 text-sm text-red-700">{errors.target}</p> : null}
      </div>
      <TextField
        label={words.which}
        name="targetIds"
        multiline
        defaultValue={v("targetIds")}
        error={errors.targetIds}
        hint={words.whichHint}
        className="sm:col-span-2"
      />
      <NumberField form={form} name="minCart" decimal />
      <NumberField form={form} name="minQuantity" />
      {mode === "admin" ? (
        <TextField label={words.states} name="states" defaultValue={v("states")} error={errors.states} hint={words.statesHint} />
      ) : null}
      <TextField label={words.pincodes} name="pincodes" defaultValue={v("pincodes")} error={errors.pincodes} hint={words.pincodesHint} />
      {mode === "admin" ? (
        <label className="flex min-h-11 items-center gap-2 self-end">
          <input type="checkbox" name="firstOrderOnly" defaultChecked={v("firstOrderOnly") === "on"} />
          {words.firstOrderOnly}
        </label>
      ) : null}
      <TextField
        label={words.startsAt}
        name="startsAt"
        type="datetime-local"
        defaultValue={v("startsAt")}
        error={errors.startsAt}
        hint={words.startsHint}
      />
      <TextField
        label={words.endsAt}
        name="endsAt"
        type="datetime-local"
        defaultValue={v("endsAt")}
        error={errors.endsAt}
        hint={words.endsHint}
      />
      <NumberField form={form} name="maxUses" />
      <NumberField form={form} name="usesPerCustomer" />
      <NumberField form={form} name="budget" decimal />
      {mode === "admin" ? (
        <label className="flex min-h-11 items-center gap-2 self-end">
          <input type="checkbox" name="stacks" defaultChecked={v("stacks") === "on"} />
          {words.stacks}
        </label>
      ) : null}
    </>
  );
}

type FormContext = { values: Record<string, string>; errors: Record<string, string | undefined>; words: OfferWords };

/** A number typed as text (whole, or rupees): labelled, with its error and hint, the same way for every such field. */
function NumberField({ form, name, decimal }: { form: FormContext; name: OfferWordKey; decimal?: boolean }) {
  return (
    <TextField
      label={form.words[name]}
      name={name}
      inputMode={decimal ? "decimal" : "numeric"}
      defaultValue={form.values[name] ?? ""}
      error={form.errors[name]}
    />
  );
}

function Choice({ form, name, value, word }: { form: FormContext; name: string; value: string; word: OfferWordKey }) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input type="radio" name={name} value={value} defaultChecked={form.values[name] === value} />
      {form.words[word]}
    </label>
  );
}

/** An offer as the form shows it (after a refusal, the values typed are shown instead). */
export function offerFormValues(
  offer: {
    kind: string;
    code: string | null;
    name: string;
    nameHi: string | null;
    discount: { type: string; percent?: number; paise?: number; buy?: number; get?: number };
    target: string;
    minCartPaise: number;
    minQuantity: number;
    firstOrderOnly: boolean;
    states: readonly string[];
    pincodes: readonly string[];
    startsAt: string;
    endsAt: string | null;
    maxUses: number | null;
    usesPerCustomer: number | null;
    budgetPaise: number | null;
    stacks: boolean;
    customerGroupId: string | null;
  } | null,
  shown: { targetIds: readonly string[]; getSkus: readonly string[] },
  blank: Record<string, string>,
): Record<string, string> {
  if (!offer) return blank;
  const d = offer.discount;
  const count = (n: number | null | undefined) => (n === null || n === undefined || n === 0 ? "" : String(n));
  return {
    kind: offer.kind,
    code: offer.code ?? "",
    name: offer.name,
    nameHi: offer.nameHi ?? "",
    discountType: d.type,
    percent: count(d.percent),
    amount: d.type === "fixed" ? rupeesOf(d.paise ?? null) : "",
    buyQuantity: count(d.buy),
    getQuantity: count(d.get),
    getSkus: shown.getSkus.join(", "),
    target: offer.target,
    targetIds: shown.targetIds.join(", "),
    minCart: rupeesOf(offer.minCartPaise),
    minQuantity: count(offer.minQuantity),
    firstOrderOnly: offer.firstOrderOnly ? "on" : "",
    states: offer.states.join(", "),
    pincodes: offer.pincodes.join(", "),
    startsAt: indiaLocal(offer.startsAt),
    endsAt: indiaLocal(offer.endsAt),
    maxUses: count(offer.maxUses),
    usesPerCustomer: count(offer.usesPerCustomer),
    budget: rupeesOf(offer.budgetPaise),
    stacks: offer.stacks ? "on" : "",
    customerGroup: offer.customerGroupId ?? "",
  };
}

/** An instant as `datetime-local` in India time. */
const indiaLocal = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16) : "");
const rupeesOf = (paise: number | null) => (paise === null || paise === 0 ? "" : (paise / 100).toFixed(2).replace(/\.00$/, ""));
