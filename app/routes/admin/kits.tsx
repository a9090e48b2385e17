import { data, Form, Link } from "react-router";
import type { Route } from "./+types/kits";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatPaise } from "~/platform/core/money";
import { parseRupeesToPaise } from "~/platform/core/rupee-input";
import { KIT_FORM_ROWS, MAX_PART_QUANTITY, readKitFields } from "~/features/kits/domain/kit-rules";
import { KitRefused, listKits, saveKit } from "~/features/kits/server/save-kit.server";

export const meta: Route.MetaFunction = () => [{ title: "Kits · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const kits = await listKits();
  const editing = new URL(request.url).searchParams.get("sku");
  return { kits, editing: kits.find((k) => k.sku === editing) ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const fields = await readFields(request);
  const input = readKitFields(fields, parseRupeesToPaise);
  try {
    await saveKit(input);
  } catch (error) {
    if (error instanceof KitRefused) return data({ error: error.message, fields }, { status: error.status });
    throw error;
  }
  return redirectWithToast("/admin/kits", { description: `Kit ${input.kitSku.trim()} saved: its stock now follows its parts.` });
}

const input = "h-10 w-full rounded-lg border border-stone-300 px-3 focus:border-brand-600 focus:outline-none";
const rupees = (paise: number) => (paise / 100).toFixed(2);
/** The form's part rows, each with a stable key. */
const ROWS = Array.from({ length: KIT_FORM_ROWS }, (_, i) => ({ i, key: `part-row-${i}` }));

export default function AdminKits({ loaderData, actionData }: Route.ComponentProps) {
  const { kits, editing } = loaderData;
  // After a refusal the form shows what was sent; else the kit being edited, or nothing.
  const sent = actionData?.fields;
  const value = (name: string, fallback: string) => sent?.[name] ?? fallback;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Kits</h1>
      <p className="mt-1 text-sm text-stone-600">
        A kit is a product with one pack size sold as a bundle of other pack sizes at a kit price. Create the kit's product first (Manage
        Products: its name in English and Hindi, picture, crops, one pack size), then give its SKU here with its parts. Its stock is always
        what its parts allow; its MRP is its parts' MRPs together; an order sells it as its parts, each taxed as itself.
      </p>
      <FormError message={actionData?.error} />
      <Form method="post" className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200" key={editing?.id ?? "new"}>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="kit-sku" className="mb-1 block text-sm font-medium text-stone-700">
              Kit's pack size SKU
            </label>
            <input
              id="kit-sku"
              name="kitSku"
              required
              maxLength={64}
              defaultValue={value("kitSku", editing?.sku ?? "")}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="kit-price" className="mb-1 block text-sm font-medium text-stone-700">
              Kit price before GST (₹)
            </label>
            <input
              id="kit-price"
              name="price"
              required
              inputMode="decimal"
              defaultValue={value("price", editing ? rupees(editing.pricePaise) : "")}
              className={input}
            />
          </div>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-700">Parts: SKU and how many in one kit (1–{MAX_PART_QUANTITY})</legend>
          {ROWS.map((row) => {
            const { i } = row;
            const part = editing?.parts[i];
            return (
              <div key={row.key} className="grid grid-cols-[1fr_6rem] gap-2">
                <label className="sr-only" htmlFor={`part-${i}-sku`}>
                  Part {i + 1} SKU
                </label>
                <input
                  id={`part-${i}-sku`}
                  name={`part${i}Sku`}
                  maxLength={64}
                  defaultValue={value(`part${i}Sku`, part?.sku ?? "")}
                  className={input}
                  placeholder="SKU"
                />
                <label className="sr-only" htmlFor={`part-${i}-qty`}>
                  Part {i + 1} quantity
                </label>
                <input
                  id={`part-${i}-qty`}
                  name={`part${i}Qty`}
                  inputMode="numeric"
                  maxLength={3}
                  defaultValue={value(`part${i}Qty`, part ? String(part.quantity) : "")}
                  className={input}
                  placeholder="Qty"
                />
              </div>
            );
          })}
        </fieldset>
        <button type="submit" className="h-10 justify-self-start rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          Save kit
        </button>
      </Form>
      <h2 className="mt-6 text-lg font-semibold text-stone-900">
        {kits.length === 1 ? "1 kit" : `${kits.length.toLocaleString("en-IN")} kits`}
      </h2>
      <ul className="mt-2 divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
        {kits.map((k) => (
          <li key={k.id} className="px-4 py-3 [overflow-wrap:anywhere]">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">
                {k.name} <span className="font-normal text-stone-600">({k.sku})</span>
              </span>
              <span className="text-sm">
                {formatPaise(k.pricePaise)} · parts {formatPaise(k.parts.reduce((s, p) => s + p.pricePaise * p.quantity, 0))} · stock{" "}
                {k.stock}
                {k.status !== "live" ? ` · ${k.status}` : ""}
              </span>
            </div>
            <ul className="mt-1 text-sm text-stone-700">
              {k.parts.map((p) => (
                <li key={p.variantId}>
                  {p.quantity} × {p.name}
                  {p.label ? ` (${p.label})` : ""} — {p.sku}, {formatPaise(p.pricePaise)}, stock {p.stock}
                </li>
              ))}
            </ul>
            <Link
              to={`/admin/kits?sku=${encodeURIComponent(k.sku)}`}
              className="mt-1 inline-block text-sm font-semibold text-brand-800 underline"
            >
              Edit {k.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
