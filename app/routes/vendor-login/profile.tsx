import { data, Form, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/profile";
import type { loader as layoutLoader } from "./layout";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { AccountSecurity } from "~/features/accounts/ui/account-security";
import { StateSelect } from "~/features/delivery/ui/state-select";
import { TextField } from "~/ui/text-field";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { type FieldErrors, firstError } from "~/platform/core/form-errors";
import { refusal, refusalCode } from "~/platform/core/refusal";
import { type VendorProfileInput, VendorProfileSchema } from "~/features/vendor-shops/domain/vendor";
import { updateVendorProfile, VendorRefused } from "~/features/vendor-shops/server/vendor-profile.server";
import { readForm, textFields } from "~/platform/http/read-form.server";
import { z } from "zod";
import { indiaToday } from "~/platform/core/india-day";
import { isLicenceKind, LICENCE_KINDS, type LicenceKind, licenceFormSchema } from "~/features/vendor-shops/domain/licences";
import { isTerritorial } from "~/features/vendor-shops/domain/territory";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { VendorLicenceForms } from "~/features/vendor-shops/ui/vendor-licence-forms";
import { getVendorLicences } from "~/features/vendor-shops/server/list-licences.server";
import { type LicenceSaved, saveLicence } from "~/features/vendor-shops/server/save-licence.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { m } from "~/platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { licenceName, licenceNameInSentence, regulatedName } from "~/features/vendor-shops/server/vendor-text.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_profile");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const today = indiaToday();
  const [licences, settings] = await Promise.all([getVendorLicences(vendor.id, today), getGeneralSettings()]);
  return { licences, today, territorial: LICENCE_KINDS.filter((kind) => isTerritorial(kind, settings)) };
}

/** The profile form's refusal, in the page's language. */
const refuse = (fields: FieldErrors<VendorProfileInput>, status: number) =>
  data({ form: "profile" as const, error: firstError(fields), fields, licence: null }, { status });

/** The page's two kinds of form; a form without an intent is the profile (as it was before licences). */
const IntentSchema = z.object({ intent: z.enum(["profile", "licence"], refusalCode("common.unknown_intent")).default("profile") });

export async function action({ request }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  const form = await readForm(request);
  const fields = textFields(form);
  const intent = IntentSchema.safeParse(fields);
  if (!intent.success) return refuse({ form: renderRefusal(refusal("common.unknown_intent")) }, 400);
  if (intent.data.intent === "licence") return saveLicenceForm(vendor.id, fields, form.getAll("states"));
  const parsed = VendorProfileSchema.safeParse(fields);
  if (!parsed.success) return refuse(formErrors(parsed.error), 400);
  try {
    await updateVendorProfile(vendor.id, parsed.data);
  } catch (error) {
    if (error instanceof VendorRefused) return refuse({ gstNumber: renderRefusal(error.refusal) }, error.status);
    throw error;
  }
  return redirectWithToast("/vendor-login", { description: m.vendor_profile_saved() });
}

async function saveLicenceForm(vendorId: string, fields: Record<string, string>, states: FormDataEntryValue[]) {
  const parsed = licenceFormSchema(indiaToday(), await getGeneralSettings()).safeParse({ ...fields, states });
  if (!parsed.success) {
    const errors = formErrors(parsed.error);
    const kind = isLicenceKind(fields.kind) ? fields.kind : null;
    // A form naming no kind the page has is not one of ours: said at the top.
    if (!kind) return data({ form: "licence" as const, error: firstError(errors), fields: {}, licence: null }, { status: 400 });
    const { kind: _, form: __, ...rest } = errors;
    const values = {
      number: fields.number ?? "",
      expiresOn: fields.expiresOn ?? "",
      authority: fields.authority ?? "",
      state: fields.state ?? "",
      states: states.filter((s) => typeof s === "string"),
    };
    return data(
      { form: "licence" as const, error: null, fields: {}, licence: { kind, error: firstError(errors), fields: rest, values } },
      { status: 400 },
    );
  }
  const saved = await saveLicence(vendorId, parsed.data);
  return redirectWithToast("/vendor-login/profile", { description: SAVED[saved](parsed.data.kind) });
}

const SAVED: Record<LicenceSaved, (kind: LicenceKind) => string> = {
  added: (kind) => m.vendor_licence_saved_added({ licence: licenceName(kind), kind: regulatedName(kind) }),
  updated: (kind) => m.vendor_licence_saved_updated({ licence: licenceName(kind) }),
  reverify: (kind) => m.vendor_licence_saved_reverify({ licence: licenceName(kind), kind: regulatedName(kind) }),
  unchanged: (kind) => m.vendor_licence_unchanged({ what: licenceNameInSentence(kind) }),
};

export default function VendorProfileEdit({ loaderData, actionData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/vendor-login/layout");
  const vendor = layout?.vendor;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "licence";
  const profile = actionData?.form === "profile" ? actionData : null;
  const f: FieldErrors<VendorProfileInput> = profile?.fields ?? {};
  const t = useT();
  if (!vendor) return null;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_edit_profile")}</h1>
      <Form method="post" noValidate className="mt-4 max-w-2xl rounded-xl bg-white p-5 ring-1 ring-stone-200">
        <input type="hidden" name="intent" value="profile" />
        {actionData?.error ? (
          <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t("ui_vendor_business_name")}
            name="businessName"
            required
            maxLength={FIELD_MAX.businessName}
            defaultValue={vendor.businessName}
            error={f.businessName}
          />
          <TextField
            label={t("ui_vendor_phone")}
            name="phone"
            type="tel"
            required
            maxLength={FIELD_MAX.phone}
            defaultValue={vendor.phone}
            error={f.phone}
          />
          <TextField
            label={t("ui_vendor_gst_number")}
            name="gstNumber"
            required
            maxLength={15}
            defaultValue={vendor.gstNumber}
            error={f.gstNumber}
          />
          <TextField
            className="sm:col-span-2"
            label={t("ui_vendor_street")}
            name="street"
            required
            maxLength={FIELD_MAX.street}
            defaultValue={vendor.address.street}
            error={f.street}
          />
          <TextField
            label={t("ui_vendor_city")}
            name="city"
            required
            maxLength={FIELD_MAX.city}
            defaultValue={vendor.address.city}
            error={f.city}
          />
          <StateSelect label={t("ui_vendor_state")} defaultValue={vendor.address.state} error={f.state} />
          <TextField
            label={t("ui_vendor_pincode")}
            name="pincode"
            required
            maxLength={6}
            defaultValue={vendor.address.pincode}
            error={f.pincode}
          />
          <button type="submit" className="h-11 rounded-lg bg-brand-700 font-semibold text-white sm:col-span-2">
            {busy ? t("ui_vendor_saving") : t("ui_vendor_save_profile")}
          </button>
        </fieldset>
      </Form>
      <VendorLicenceForms
        licences={loaderData.licences}
        today={loaderData.today}
        refused={actionData?.licence}
        territorial={loaderData.territorial}
      />
      <div className="max-w-2xl">
        <AccountSecurity email={vendor.email} hasPassword back="/vendor-login/profile" emailLocked={!layout?.verified} />
      </div>
    </div>
  );
}
