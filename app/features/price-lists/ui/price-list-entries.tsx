import { Form } from "react-router";
import type { ReactNode } from "react";
import { TextField } from "~/ui/text-field";
import { formatPaise } from "~/platform/core/money";
import { CATEGORY_KEYS } from "~/features/catalog/domain/categories";
import type { PriceListEntryKind } from "../domain/member-price";

export type EntryView = {
  id: string;
  kind: PriceListEntryKind;
  targetId: string;
  pricePaise: number | null;
  percentOff: number | null;
  sku: string | null;
  sizePricePaise: number | null;
  name: string | null;
};

/** The last "add a price" answer: its fields and errors, shown in the form of its kind. */
type Adding = { errors: Record<string, string | undefined>; values: Record<string, string> } | undefined;

const select = "h-11 w-full rounded-lg border border-stone-300 bg-white px-3 focus:border-brand-600 focus:outline-none";
const button = "h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800";

/** A price list's prices, each with its Remove button, and one small form per kind of price to add. */
export function PriceListEntries({ entries, adding }: { entries: EntryView[]; adding: Adding }) {
  const entryErrors = (kind: string) => (adding?.values.kind === kind ? adding.errors : {});
  const entryValue = (kind: string, name: string) => (adding?.values.kind === kind ? (adding.values[name] ?? "") : "");
  return (
    <>
      <h2 className="mt-8 text-lg font-bold text-stone-900">Prices</h2>
      <p className="mt-1 text-sm text-stone-600">
        Prices are before GST. A size's own entry wins over its product's, and a product's over its category's.
      </p>
      {entries.length === 0 ? (
        <p className="mt-3 text-stone-600">No prices yet.</p>
      ) : (
        <ul className="mt-3 max-w-3xl divide-y divide-stone-100 rounded-xl bg-white ring-1 ring-stone-200">
          {entries.map((e) => {
            const what =
              e.kind === "variant"
                ? `Pack size ${e.sku ?? e.targetId}${e.name ? ` (${e.name})` : ""}: ${formatPaise(e.pricePaise ?? 0)}${e.sizePricePaise !== null ? ` (its price ${formatPaise(e.sizePricePaise)})` : ""}`
                : e.kind === "product"
                  ? `Product ${e.name ?? e.targetId}: ${e.percentOff}% off`
                  : `Category ${e.targetId}: ${e.percentOff}% off`;
            return (
              <li key={e.id} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="entry-row">
                <span className="[overflow-wrap:anywhere]">{what}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove_entry" />
                  <input type="hidden" name="entryId" value={e.id} />
                  <button
                    type="submit"
                    aria-label={`Remove ${what}`}
                    className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold"
                  >
                    Remove
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-6 grid max-w-3xl gap-4">
        <EntryForm title="A fixed price for a pack size" kind="variant" errors={entryErrors("variant")}>
          <TextField label="SKU" name="sku" required defaultValue={entryValue("variant", "sku")} error={entryErrors("variant").sku} />
          <TextField
            label="Price before GST (₹)"
            name="price"
            inputMode="decimal"
            required
            defaultValue={entryValue("variant", "price")}
            error={entryErrors("variant").price}
          />
        </EntryForm>
        <EntryForm title="A percentage off a product" kind="product" errors={entryErrors("product")}>
          <TextField
            label="Product id"
            name="productId"
            required
            defaultValue={entryValue("product", "productId")}
            error={entryErrors("product").productId}
          />
          <TextField
            label="Percent off"
            name="percent"
            inputMode="numeric"
            required
            defaultValue={entryValue("product", "percent")}
            error={entryErrors("product").percent}
          />
        </EntryForm>
        <EntryForm title="A percentage off a category" kind="category" errors={entryErrors("category")}>
          <div>
            <label htmlFor="entry-category" className="mb-1 block text-sm font-medium text-stone-800">
              Category
            </label>
            <select id="entry-category" name="category" defaultValue={entryValue("category", "category")} className={select}>
              <option value="">Choose a category</option>
              {CATEGORY_KEYS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {entryErrors("category").category ? <p className="mt-1 text-sm text-red-700">{entryErrors("category").category}</p> : null}
          </div>
          <TextField
            label="Percent off"
            name="percent"
            inputMode="numeric"
            required
            defaultValue={entryValue("category", "percent")}
            error={entryErrors("category").percent}
          />
        </EntryForm>
      </div>
    </>
  );
}

function EntryForm({
  title,
  kind,
  errors,
  children,
}: {
  title: string;
  kind: string;
  errors: Record<string, string | undefined>;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="grid gap-3 rounded-xl bg-white p-5 ring-1 ring-stone-200 sm:grid-cols-2" noValidate aria-label={title}>
      <h3 className="font-semibold text-stone-900 sm:col-span-2">{title}</h3>
      <input type="hidden" name="intent" value="add_entry" />
      <input type="hidden" name="kind" value={kind} />
      {errors.kind ? <p className="text-sm text-red-700 sm:col-span-2">{errors.kind}</p> : null}
      {children}
      <div className="sm:col-span-2">
        <button type="submit" className={button}>
          Add price
        </button>
      </div>
    </Form>
  );
}
