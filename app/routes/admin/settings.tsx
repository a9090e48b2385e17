import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { GeneralSettingsFormSchema, SAMPLE_STORE_GSTIN } from "~/features/settings/domain/settings";
import { type PriceDisplay, PRICE_DISPLAYS, type TaxMode, TAX_MODES } from "~/features/tax/domain/gst";

// Here, not in ~/domain/gst: that module is in every storefront page's first script (decision 007).
const TAX_MODE_LABELS: Record<TaxMode, string> = {
  flat: "Flat 18% on the subtotal",
  by_rate: "GST by product rate",
};
const PRICE_DISPLAY_LABELS: Record<PriceDisplay, string> = {
  exclusive: "Prices exclude GST",
  inclusive: "Prices include GST",
};
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { readFields } from "~/platform/http/read-form.server";
import { useToastKey } from "~/ui/use-toast-key";
import { redirectWithToast } from "~/platform/toast/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "General Settings · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { settings: await getGeneralSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  // A post without the GST fields (an older form, a script) leaves them as they are; the page's
  // form always sends them.
  const current = await getGeneralSettings();
  const posted = await readFields(request);
  const gst = {
    taxMode: current.taxMode,
    priceDisplay: current.priceDisplay,
    storeLegalName: current.storeLegalName,
    storeGstin: current.storeGstin,
    storeGstAddress: current.storeGstAddress,
  };
  const parsed = GeneralSettingsFormSchema.safeParse({ ...gst, ...posted });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data({ error: firstError(fields), fields }, { status: 400 });
  }
  await saveSetting("general", parsed.data);
  return redirectWithToast("/admin/settings", { description: "Settings saved." });
}

export default function GeneralSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.settings;
  const busy = useNavigation().state === "submitting";
  const fields = actionData?.fields ?? {};
  const key = useToastKey();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">General Settings</h1>
      <FormError message={actionData?.error} />
      <Form key={key} method="post" noValidate className="mt-4 max-w-xl space-y-4 rounded-xl bg-white p-5 ring-1 ring-stone-200">
        <fieldset disabled={busy} className="space-y-4">
          <TextField label="Site title" name="siteTitle" required maxLength={60} defaultValue={s.siteTitle} error={fields.siteTitle} />
          <TextField label="Site tagline" name="siteTagline" maxLength={120} defaultValue={s.siteTagline} error={fields.siteTagline} />
          <TextField
            label="Admin email"
            name="adminEmail"
            type="email"
            maxLength={254}
            defaultValue={s.adminEmail}
            error={fields.adminEmail}
          />
          <label className="flex items-start gap-3">
            <input type="checkbox" name="maintenanceMode" defaultChecked={s.maintenanceMode} className="mt-1 h-4 w-4 accent-green-700" />
            <span>
              <span className="font-medium text-stone-900">Maintenance mode</span>
              <br />
              <span className="text-sm text-stone-600">Shoppers see a maintenance page; admins keep working.</span>
            </span>
          </label>
          <fieldset className="space-y-4 border-t border-stone-200 pt-4">
            <legend className="pt-4 text-lg font-bold text-stone-900">GST and tax invoices</legend>
            <Choice
              legend="Tax mode"
              name="taxMode"
              options={TAX_MODES.map((m) => [m, TAX_MODE_LABELS[m]])}
              value={s.taxMode}
              error={fields.taxMode}
              hint="Flat 18% charges GST at 18% of the subtotal, as the store always has. GST by product rate charges each product's own rate (0, 5, 18 or 40%) and taxes delivery at the order's highest rate."
            />
            <Choice
              legend="Price display"
              name="priceDisplay"
              options={PRICE_DISPLAYS.map((m) => [m, PRICE_DISPLAY_LABELS[m]])}
              value={s.priceDisplay}
              error={fields.priceDisplay}
              hint="Only how prices are shown: with GST included, shoppers see prices with GST added (the MRP way). What an order costs is the same either way."
            />
            {s.storeGstin === SAMPLE_STORE_GSTIN ? (
              <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                This is the sample store's GSTIN. Enter your own registration before you issue real invoices.
              </p>
            ) : null}
            <TextField
              label="Legal name (as registered for GST)"
              name="storeLegalName"
              required
              maxLength={100}
              defaultValue={s.storeLegalName}
              error={fields.storeLegalName}
            />
            <TextField
              label="GSTIN"
              name="storeGstin"
              required
              maxLength={15}
              autoCapitalize="characters"
              spellCheck={false}
              defaultValue={s.storeGstin}
              error={fields.storeGstin}
              hint="15 characters. Its first two digits are the State the store ships from: same-State orders pay CGST + SGST, others IGST."
            />
            <TextField
              label="Registered address (printed on invoices)"
              name="storeGstAddress"
              required
              multiline
              maxLength={300}
              defaultValue={s.storeGstAddress}
              error={fields.storeGstAddress}
            />
          </fieldset>
          <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white">
            {busy ? "Saving..." : "Save Settings"}
          </button>
        </fieldset>
      </Form>
    </div>
  );
}

/** A labelled group of radio buttons, its error and hint tied to it. */
function Choice({
  legend,
  name,
  options,
  value,
  error,
  hint,
}: {
  legend: string;
  name: string;
  options: [string, string][];
  value: string;
  error?: string;
  hint: string;
}) {
  return (
    <fieldset aria-describedby={`${name}-hint${error ? ` ${name}-error` : ""}`}>
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map(([key, label]) => (
          <label key={key} className="flex min-h-11 items-center gap-2 text-[15px]">
            <input type="radio" name={name} value={key} defaultChecked={key === value} className="h-4 w-4 accent-green-700" />
            {label}
          </label>
        ))}
      </div>
      <p id={`${name}-hint`} className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
