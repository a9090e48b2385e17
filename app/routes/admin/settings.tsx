import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { GeneralSettingsFormSchema, SAMPLE_STORE_GSTIN } from "~/features/settings/domain/settings";
import type { PriceDisplay, TaxMode } from "~/features/tax/domain/gst";
import type { SubsidisedSale } from "~/features/vendor-shops/domain/territory";
import { StateCheckboxes } from "~/features/delivery/ui/state-checkboxes";

// Here, not in ~/domain/gst: that module is in every storefront page's first script (decision 007).
const TAX_MODE_LABELS: Record<TaxMode, string> = {
  by_rate: "GST by each product's rate",
  flat: "Flat 18% on every order",
};
const SUBSIDISED_LABELS: Record<SubsidisedSale, string> = {
  not_for_delivery: "Not for home delivery: shown with their MRP, bought at an authorised retailer",
  allowed: "Sold and delivered like any product",
};
const PRICE_DISPLAY_LABELS: Record<PriceDisplay, string> = {
  inclusive: "Prices include GST",
  exclusive: "Prices exclude GST",
};
import { type AboveMrp, sizesAboveMrpUnder } from "~/features/catalog/server/mrp-check.server";
import { formatPaise } from "~/platform/core/money";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { readForm, textFields } from "~/platform/http/read-form.server";
import { readLotMargins } from "~/features/lots/server/lot-margins.server";
import { lotMarginsAction } from "~/features/lots/web/lots-page.server";
import { LotMarginsForm } from "~/features/lots/ui/lot-margins-form";
import { parseSubmission, replyRefused } from "~/platform/http/submission.server";
import { fieldProps, isTicked } from "~/ui/form-field";
import { useToastKey } from "~/ui/use-toast-key";
import { redirectWithToast } from "~/platform/toast/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "General Settings · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { settings: await getGeneralSettings(), lotMargins: await readLotMargins() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  // A post without the GST fields (an older form, a script) leaves them as they are; the page's
  // form always sends them.
  const form = await readForm(request);
  if (form.get("intent") === "lot-margins") return lotMarginsAction(textFields(form), "/admin/settings");
  const current = await getGeneralSettings();
  for (const name of GST_FIELDS) if (!form.has(name)) form.set(name, String(current[name]));
  const submission = parseSubmission(form, GeneralSettingsFormSchema);
  if (submission.status !== "success") return data({ result: replyRefused(submission) }, { status: 400 });
  // No tax mode may sell a pack above its MRP (issue 29): a switch that would is refused, naming them.
  if (submission.value.taxMode !== current.taxMode) {
    const above = await sizesAboveMrpUnder(submission.value.taxMode);
    if (above.length > 0)
      return data(
        { result: submission.reply({ fieldErrors: { taxMode: [aboveMrpMessage(above, TAX_MODE_LABELS[submission.value.taxMode])] } }) },
        { status: 400 },
      );
  }
  await saveSetting("general", submission.value);
  return redirectWithToast("/admin/settings", { description: "Settings saved." });
}

const GST_FIELDS = [
  "taxMode",
  "priceDisplay",
  "storeLegalName",
  "storeGstin",
  "storeGstAddress",
  "shippingFeeRupees",
  "freeShippingOverRupees",
  "supportPhone",
  "supportEmail",
  "supportHours",
  "supportHoursHi",
  "subsidisedFertilisers",
  "ewayBillAboveRupees",
  "expiryWarningDays",
] as const;

/** Why a tax mode cannot be chosen: the packs it would sell above their MRP (the first five named). */
function aboveMrpMessage(above: readonly AboveMrp[], mode: string) {
  const named = above
    .slice(0, 5)
    .map((a) => `${a.name} (${a.label}): ${formatPaise(a.chargedPaise)} against an MRP of ${formatPaise(a.mrpPaise)}`)
    .join("; ");
  const more = above.length > 5 ? `; and ${above.length - 5} more` : "";
  return `Under "${mode}" ${above.length} pack size${above.length === 1 ? "" : "s"} would sell above the MRP, which the law forbids: ${named}${more}. Lower their prices first, then choose this mode.`;
}

export default function GeneralSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.settings;
  const busy = useNavigation().state === "submitting";
  // A save comes back as a new page (a new toast): the form starts again from what is stored.
  const key = useToastKey();
  const [form, fields] = useForm({
    id: `general-settings-${key}`,
    defaultValue: s,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">General Settings</h1>
      <FormError message={form.errors?.[0]} />
      <Form
        key={form.id}
        method="post"
        {...getFormProps(form, { ariaAttributes: false })}
        className="mt-4 max-w-xl space-y-4 rounded-xl bg-white p-5 ring-1 ring-stone-200"
      >
        <fieldset disabled={busy} className="space-y-4">
          <TextField label="Site title" required maxLength={60} {...fieldProps(fields.siteTitle)} />
          <TextField label="Site tagline" maxLength={120} {...fieldProps(fields.siteTagline)} />
          <TextField
            label="Site tagline in Hindi"
            lang="hi"
            maxLength={120}
            hint="Shown on Hindi pages; left blank, they show the English one (or, while it is the sample tagline, its Hindi)."
            {...fieldProps(fields.siteTaglineHi)}
          />
          <TextField label="Admin email" type="email" maxLength={254} {...fieldProps(fields.adminEmail)} />
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name={fields.maintenanceMode.name}
              defaultChecked={isTicked(fields.maintenanceMode)}
              className="mt-1 h-4 w-4 accent-green-700"
            />
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
              options={Object.entries(TAX_MODE_LABELS)}
              {...fieldProps(fields.taxMode)}
              hint="By each product's rate: every product pays the GST rate its seller chose (0% for seeds and saplings, 5% for most tools, machinery and fertilisers, 18% or 40%), on its invoice too; delivery pays the order's highest rate. Flat 18%: every order pays 18% GST on its subtotal, whatever each product's rate, so nil-rated seeds and 5% products are charged and invoiced at 18%, vendors' products included; delivery pays none (the specification's arithmetic). The store refuses a mode under which any pack would sell above its MRP."
            />
            <Choice
              legend="Price display"
              options={Object.entries(PRICE_DISPLAY_LABELS)}
              {...fieldProps(fields.priceDisplay)}
              hint="Only how prices are shown: with GST included, shoppers see what they will pay, as on the MRP label, and free delivery is measured on that amount. What a product costs is the same either way."
            />
            {s.storeGstin === SAMPLE_STORE_GSTIN ? (
              <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                This is the sample store's GSTIN. Enter your own registration before you issue real invoices.
              </p>
            ) : null}
            <TextField label="Legal name (as registered for GST)" required maxLength={100} {...fieldProps(fields.storeLegalName)} />
            <TextField
              label="GSTIN"
              required
              maxLength={15}
              autoCapitalize="characters"
              spellCheck={false}
              {...fieldProps(fields.storeGstin)}
              hint="15 characters. Its first two digits are the State the store ships from: same-State orders pay CGST + SGST, others IGST."
            />
            <TextField
              label="Registered address (printed on invoices, shown in the footer and on the contact page)"
              required
              multiline
              maxLength={300}
              {...fieldProps(fields.storeGstAddress)}
            />
          </fieldset>
          <fieldset className="space-y-4 border-t border-stone-200 pt-4">
            <legend className="pt-4 text-lg font-bold text-stone-900">Customer support</legend>
            <p className="text-sm text-stone-600">
              Shown in the footer, on the contact, about and policy pages and in every email, with the registered address above.
            </p>
            <TextField label="Support phone" required type="tel" maxLength={20} {...fieldProps(fields.supportPhone)} />
            <TextField label="Support email" required type="email" maxLength={254} {...fieldProps(fields.supportEmail)} />
            <TextField
              label="Hours the phone is answered"
              required
              maxLength={120}
              hint="Say only what the store keeps, e.g. Monday to Saturday, 9 am – 7 pm IST."
              {...fieldProps(fields.supportHours)}
            />
            <TextField
              label="Hours in Hindi"
              lang="hi"
              maxLength={120}
              hint="Shown on Hindi pages; left blank, they show the English hours."
              {...fieldProps(fields.supportHoursHi)}
            />
          </fieldset>
          <fieldset className="space-y-4 border-t border-stone-200 pt-4">
            <legend className="pt-4 text-lg font-bold text-stone-900">Delivery charge</legend>
            <TextField
              label="Delivery charge per order (₹)"
              required
              inputMode="numeric"
              maxLength={6}
              {...fieldProps(fields.shippingFeeRupees)}
              hint="Whole rupees; 0 delivers every order free."
            />
            <TextField
              label="Free delivery on orders over (₹)"
              required
              inputMode="numeric"
              maxLength={8}
              {...fieldProps(fields.freeShippingOverRupees)}
              hint="Whole rupees. An order of exactly this amount still pays the charge."
            />
          </fieldset>
          <fieldset className="space-y-4 border-t border-stone-200 pt-4">
            <legend className="pt-4 text-lg font-bold text-stone-900">Seeds, fertilisers and pesticides</legend>
            <p className="text-sm text-stone-600">
              A fertiliser dealer's authorisation is valid only in the State that granted it: a seller's fertilisers are never delivered
              outside the States of its licence.
            </p>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name={fields.licenceStatesForSeedsAndPesticides.name}
                defaultChecked={isTicked(fields.licenceStatesForSeedsAndPesticides)}
                className="mt-1 h-4 w-4 accent-green-700"
              />
              <span>
                <span className="font-medium text-stone-900">Licences for seeds/pesticides are valid only in their States</span>
                <br />
                <span className="text-sm text-stone-600">
                  Seed and pesticide licences then limit delivery to their States as fertiliser licences do, and vendors must enter them.
                </span>
              </span>
            </label>
            <StateCheckboxes
              name="storeLicenceStates"
              legend="States where the store's own licences are valid"
              hint="For the store's own seeds, fertilisers and pesticides. None ticked: they are delivered wherever the store delivers."
              defaultValue={s.storeLicenceStates}
              error={fields.storeLicenceStates.errors?.[0]}
            />
            <Choice
              legend="Subsidised fertilisers (urea, DAP… at government-fixed MRP)"
              options={Object.entries(SUBSIDISED_LABELS)}
              {...fieldProps(fields.subsidisedFertilisers)}
              hint="Their retail sale is recorded on an Aadhaar-authenticated point-of-sale device at the retailer's shop. Not for home delivery: the product page shows them without Add to cart, and checkout refuses them."
            />
          </fieldset>
          <fieldset className="space-y-4 border-t border-stone-200 pt-4">
            <legend className="pt-4 text-lg font-bold text-stone-900">Warehouse</legend>
            <TextField
              label="E-way bill needed above (₹)"
              required
              inputMode="numeric"
              maxLength={8}
              {...fieldProps(fields.ewayBillAboveRupees)}
              hint="Whole rupees. An order whose goods are worth more than this with GST (goods without GST left out) ships only once its e-way bill number is recorded."
            />
            <TextField
              label="Warn of lots expiring within (days)"
              required
              inputMode="numeric"
              maxLength={3}
              {...fieldProps(fields.expiryWarningDays)}
              hint="The stock alerts list lots on hand that expire within this many days."
            />
          </fieldset>
          <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white">
            {busy ? "Saving..." : "Save Settings"}
          </button>
        </fieldset>
      </Form>
      <LotMarginsForm
        key={`lot-margins-${key}`}
        margins={loaderData.lotMargins}
        reply={actionData && "margins" in actionData ? actionData.margins : undefined}
      />
    </div>
  );
}

/** A labelled group of radio buttons, its error and hint tied to it. */
function Choice({
  legend,
  name,
  options,
  defaultValue,
  error,
  hint,
}: {
  legend: string;
  name: string;
  options: [string, string][];
  defaultValue?: string;
  error?: string;
  hint: string;
}) {
  return (
    <fieldset aria-describedby={`${name}-hint${error ? ` ${name}-error` : ""}`}>
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map(([key, label]) => (
          <label key={key} className="flex min-h-11 items-center gap-2 text-[15px]">
            <input type="radio" name={name} value={key} defaultChecked={key === defaultValue} className="h-4 w-4 accent-green-700" />
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
