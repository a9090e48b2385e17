import { Form } from "react-router";
import { useT } from "~/platform/i18n/i18n";
import { TextField } from "~/ui/text-field";
import { LEGAL_NAME_MAX } from "../domain/business-buyer";

const button = "h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const quiet = "h-11 rounded-lg border border-stone-300 px-5 font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60";

/**
 * The account page's "Buying for a business" section (docs/decisions/051-business-buyers.md): the
 * GSTIN and legal name a tax invoice is made out to when the customer asks for it at checkout. Plain
 * forms: they work without JavaScript.
 */
export function BusinessDetails({
  business,
  busy,
  error,
  fields,
}: {
  business: { legalName: string; gstin: string; stateName: string } | null;
  busy: boolean;
  error?: string;
  fields?: Record<string, string>;
}) {
  const t = useT();
  return (
    <section aria-labelledby="business-heading" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="business-heading" className="text-xl font-semibold text-stone-900">
        {t("ui_account_business_heading")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("ui_account_business_hint")}</p>
      {business ? (
        <p className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          {t("ui_account_business_current", { name: business.legalName, gstin: business.gstin, state: business.stateName })}
        </p>
      ) : null}
      <Form method="post" noValidate className="mt-4">
        <fieldset disabled={busy} className="space-y-4">
          <input type="hidden" name="intent" value="business" />
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("ui_account_business_legal_name")}
              name="legalName"
              autoComplete="organization"
              required
              maxLength={LEGAL_NAME_MAX}
              defaultValue={business?.legalName ?? ""}
              error={fields?.legalName}
            />
            <TextField
              label={t("ui_account_business_gstin")}
              name="gstin"
              required
              maxLength={20}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="27AAPFU0939F1ZV"
              defaultValue={business?.gstin ?? ""}
              error={fields?.gstin}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={button}>
              {t("ui_account_business_save")}
            </button>
          </div>
        </fieldset>
      </Form>
      {business ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="business-remove" />
          <button type="submit" disabled={busy} className={quiet}>
            {t("ui_account_business_remove")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
