import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdminAction, requireAdminPage } from "~/auth/guards.server";
import { Flash } from "~/components/admin/flash";
import { TextField } from "~/components/ui/text-field";
import { GeneralSettingsSchema } from "~/domain/settings";
import { fieldErrors } from "~/domain/form-errors";
import { getGeneralSettings } from "~/services/settings/get-general-settings.server";
import { saveSetting } from "~/services/settings/save-setting.server";
import { readFields } from "~/lib/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "General Settings · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { settings: await getGeneralSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readFields(request);
  const parsed = GeneralSettingsSchema.safeParse({ ...form, maintenanceMode: form.maintenanceMode === "on" });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data({ ok: false, error: Object.values(fields)[0], fields }, { status: 400 });
  }
  await saveSetting("general", parsed.data);
  return { ok: true, message: "Settings saved.", fields: {} as Record<string, string> };
}

export default function GeneralSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.settings;
  const busy = useNavigation().state === "submitting";
  const fields = (actionData?.fields ?? {}) as Record<string, string>;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">General Settings</h1>
      <Flash result={actionData} />
      <Form method="post" noValidate className="mt-4 max-w-xl space-y-4 rounded-xl bg-white p-5 ring-1 ring-stone-200">
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
