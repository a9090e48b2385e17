import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdminAction, requireAdminPage } from "~/auth/guards.server";
import { FormError } from "~/components/admin/form-error";
import { TextField } from "~/components/ui/text-field";
import { GeneralSettingsFormSchema } from "~/domain/settings";
import { fieldErrors, firstError } from "~/domain/form-errors";
import { getGeneralSettings } from "~/services/settings/get-general-settings.server";
import { saveSetting } from "~/services/settings/save-setting.server";
import { readFields } from "~/lib/read-form.server";
import { useToastKey } from "~/lib/use-toast-key";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "General Settings · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { settings: await getGeneralSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = GeneralSettingsFormSchema.safeParse(await readFields(request));
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
          <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white">
            {busy ? "Saving..." : "Save Settings"}
          </button>
        </fieldset>
      </Form>
    </div>
  );
}
