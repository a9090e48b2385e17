import { data, Form, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/profile";
import type { loader as layoutLoader } from "./layout";
import { requireVendorAction, requireVendorPage } from "~/auth/guards.server";
import { AccountSecurity } from "~/components/account-security";
import { StateSelect } from "~/components/state-select";
import { TextField } from "~/components/ui/text-field";
import { FIELD_MAX } from "~/domain/account-rules";
import { type FieldErrors, fieldErrors, firstError } from "~/domain/form-errors";
import { type VendorProfileInput, VendorProfileSchema } from "~/domain/vendor";
import { updateVendorProfile, VendorRefused } from "~/services/sellers/vendor-profile.server";
import { readFields } from "~/lib/read-form.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Edit Profile · Angle Vendor" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireVendorPage(request);
  return null;
}

const refuse = (fields: FieldErrors<VendorProfileInput>, status: number) => data({ error: firstError(fields), fields }, { status });

export async function action({ request }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  const parsed = VendorProfileSchema.safeParse(await readFields(request));
  if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
  try {
    await updateVendorProfile(vendor.id, parsed.data);
  } catch (error) {
    if (error instanceof VendorRefused) return refuse({ gstNumber: error.message }, error.status);
    throw error;
  }
  return redirectWithToast("/vendor-login", { description: "Profile saved." });
}

export default function VendorProfileEdit({ actionData }: Route.ComponentProps) {
  const vendor = useRouteLoaderData<typeof layoutLoader>("routes/seller/layout")?.vendor;
  const busy = useNavigation().state === "submitting";
  const f = actionData?.fields ?? {};
  if (!vendor) return null;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Edit Profile</h1>
      <Form method="post" noValidate className="mt-4 max-w-2xl rounded-xl bg-white p-5 ring-1 ring-stone-200">
        {actionData?.error ? (
          <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label="Business name"
            name="businessName"
            required
            maxLength={FIELD_MAX.businessName}
            defaultValue={vendor.businessName}
            error={f.businessName}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            required
            maxLength={FIELD_MAX.phone}
            defaultValue={vendor.phone}
            error={f.phone}
          />
          <TextField label="GST number" name="gstNumber" required maxLength={15} defaultValue={vendor.gstNumber} error={f.gstNumber} />
          <TextField
            className="sm:col-span-2"
            label="Street address"
            name="street"
            required
            maxLength={FIELD_MAX.street}
            defaultValue={vendor.address.street}
            error={f.street}
          />
          <TextField label="City" name="city" required maxLength={FIELD_MAX.city} defaultValue={vendor.address.city} error={f.city} />
          <StateSelect defaultValue={vendor.address.state} error={f.state} />
          <TextField label="Pincode" name="pincode" required maxLength={6} defaultValue={vendor.address.pincode} error={f.pincode} />
          <button type="submit" className="h-11 rounded-lg bg-brand-700 font-semibold text-white sm:col-span-2">
            {busy ? "Saving..." : "Save Profile"}
          </button>
        </fieldset>
      </Form>
      <div className="max-w-2xl">
        <AccountSecurity email={vendor.email} hasPassword back="/vendor-login/profile" />
      </div>
    </div>
  );
}
