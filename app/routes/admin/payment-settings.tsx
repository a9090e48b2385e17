import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { getEnv } from "~/platform/env.server";
import { connectFakeGateway } from "~/features/payments/server/fake-gateway-keys.server";
import type { Route } from "./+types/payment-settings";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { PaymentSettingsActionSchema } from "~/features/accounts/domain/admin-forms";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { TextField } from "~/ui/text-field";
import { METHOD_TYPES } from "~/features/payments/domain/payment-settings";
import { useHydrated } from "~/ui/use-hydrated";
import { readFields } from "~/platform/http/read-form.server";
import { useToastKey } from "~/ui/use-toast-key";
import { redirectWithToast } from "~/platform/toast/toast.server";
import {
  addPaymentMethod,
  getPaymentSettingsForAdmin,
  removePaymentMethod,
  savePaymentMethod,
  SettingsRefused,
} from "~/features/settings/server/payment-settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Payment Settings · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { settings: await getPaymentSettingsForAdmin(), baseUrl: getEnv().BASE_URL };
}

const PAGE = "/admin/payment-settings";

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readFields(request);
  const parsed = PaymentSettingsActionSchema.safeParse(form);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data({ error: firstError(fields), section: "top", fields }, { status: 400 });
  }
  const post = parsed.data;
  // The error shows beside the form that was posted (the add form is "new").
  const section = post.intent === "add" ? "new" : post.intent === "remove" ? "top" : post.method;
  try {
    // Each section's own fields are parsed with that section's schema by the service.
    if (post.intent === "add") {
      await addPaymentMethod(form);
      return redirectWithToast(PAGE, { description: `Added ${post.name}.` });
    }
    if (post.intent === "remove") {
      await removePaymentMethod(post.method);
      return redirectWithToast(PAGE, { description: "Payment method removed." });
    }
    await savePaymentMethod(post.method, form);
    // With the local fake gateway, its webhooks follow the secrets just saved.
    if (post.method === "razorpay" || post.method === "stripe") await connectFakeGateway().catch(() => {});
    return redirectWithToast(PAGE, { description: "Payment settings saved." });
  } catch (error) {
    if (error instanceof SettingsRefused) return data({ error: error.message, section, fields: error.fields }, { status: 400 });
    throw error;
  }
}

function SecretField({ name, hasSecret, label, error }: { name: string; hasSecret: boolean; label: string; error?: string }) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="off"
      maxLength={200}
      placeholder={hasSecret ? "•••••••• (saved — leave blank to keep)" : "Not set"}
      hint={hasSecret ? "A secret key is saved. It is encrypted and never shown; type a new one to replace it." : undefined}
      error={error}
    />
  );
}

export default function PaymentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.settings;
  const busy = useNavigation().state === "submitting";
  // A successful save comes back as a new page: every form starts again from what is stored, so a
  // typed secret key does not stay in its field and the add form empties.
  const pageKey = useToastKey();
  const formKey = (m: string) => `${m}-${pageKey}`;
  const errorFor = (m: string) => (actionData?.section === m ? <FormError message={actionData.error} /> : null);
  const fields: Partial<Record<string, string>> = actionData?.fields ?? {};
  /** A field's error, shown only in the section that was posted. */
  const errorIn = (m: string, name: string) => (actionData?.section === m ? fields[name] : undefined);
  // Without JavaScript the add form shows every type's fields (the server ignores the others').
  const hydrated = useHydrated();
  const [newType, setNewType] = useState<string>("offline");
  const showNew = (type: string) => !hydrated || newType === type;
  const section = "rounded-xl bg-white p-5 ring-1 ring-stone-200";
  const bankFields = (v: { accountName: string; accountNumber: string; bankName: string; ifscCode: string }) => (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label="Account name" name="accountName" maxLength={120} defaultValue={v.accountName} />
      <TextField label="Account number" name="accountNumber" inputMode="numeric" maxLength={18} defaultValue={v.accountNumber} />
      <TextField label="Bank name" name="bankName" maxLength={120} defaultValue={v.bankName} />
      <TextField label="IFSC code" name="ifscCode" maxLength={11} defaultValue={v.ifscCode} />
    </div>
  );
  const enabled = (checked: boolean) => (
    <label className="flex items-center gap-2 font-medium">
      <input type="checkbox" name="enabled" defaultChecked={checked} className="h-4 w-4 accent-green-700" /> Enabled
    </label>
  );
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Payment Settings</h1>
      <p className="mt-1 text-sm text-stone-600">
        Checkout offers card and UPI when a gateway is enabled, and each enabled offline method with its instructions.
      </p>
      {errorFor("top")}
      <fieldset disabled={busy} className="mt-4 grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
        {(["stripe", "razorpay"] as const).map((g) => (
          <Form key={formKey(g)} method="post" className={`${section} space-y-3`} aria-label={g === "stripe" ? "Stripe" : "Razorpay"}>
            <h2 className="text-lg font-bold">{g === "stripe" ? "Stripe" : "Razorpay"}</h2>
            {errorFor(g)}
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="method" value={g} />
            {enabled(s[g].enabled)}
            <TextField
              label="API key"
              name="apiKey"
              autoComplete="off"
              maxLength={200}
              defaultValue={s[g].apiKey}
              error={errorIn(g, "apiKey")}
            />
            <SecretField name="secretKey" label="Secret key" hasSecret={s[g].hasSecret} error={errorIn(g, "secretKey")} />
            <SecretField
              name="webhookSecret"
              label="Webhook secret"
              hasSecret={s[g].hasWebhookSecret}
              error={errorIn(g, "webhookSecret")}
            />
            <p className="text-xs text-stone-600">
              Webhook address: <code className="break-all">{`${loaderData.baseUrl}/webhooks/${g}`}</code>
            </p>
            <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
              Save
            </button>
          </Form>
        ))}
        <Form key={formKey("cod")} method="post" className={`${section} space-y-3`} aria-label="Cash on Delivery">
          <h2 className="text-lg font-bold">Cash on Delivery</h2>
          {errorFor("cod")}
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="method" value="cod" />
          {enabled(s.cod.enabled)}
          <TextField label="Instructions" name="instructions" maxLength={500} defaultValue={s.cod.instructions} />
          <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
            Save
          </button>
        </Form>
        <Form key={formKey("bankTransfer")} method="post" className={`${section} space-y-3`} aria-label="Bank Transfer">
          <h2 className="text-lg font-bold">Bank Transfer</h2>
          {errorFor("bankTransfer")}
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="method" value="bankTransfer" />
          {enabled(s.bankTransfer.enabled)}
          <TextField label="Instructions" name="instructions" maxLength={500} defaultValue={s.bankTransfer.instructions} />
          {bankFields(s.bankTransfer)}
          <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
            Save
          </button>
        </Form>
        {s.custom.map((m) => (
          <div key={m.key} className={`${section} space-y-3`}>
            <Form key={formKey(m.key)} method="post" className="space-y-3" aria-label={m.name}>
              <h2 className="text-lg font-bold">
                {m.name}{" "}
                <span className="text-sm font-normal text-stone-600">
                  ({m.key}, {m.type})
                </span>
              </h2>
              {errorFor(m.key)}
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="method" value={m.key} />
              {enabled(m.enabled)}
              <TextField label="Instructions" name="instructions" maxLength={500} defaultValue={m.instructions} />
              {m.type === "gateway" ? (
                <>
                  <TextField label="API key" name="apiKey" maxLength={200} defaultValue={m.apiKey} error={errorIn(m.key, "apiKey")} />
                  <SecretField name="secretKey" label="Secret key" hasSecret={m.hasSecret} error={errorIn(m.key, "secretKey")} />
                </>
              ) : null}
              {m.type === "bank" ? bankFields(m) : null}
              <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
                Save
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="method" value={m.key} />
              <button type="submit" name="intent" value="remove" className="text-sm font-semibold text-red-700 underline">
                Remove {m.name}
              </button>
            </Form>
          </div>
        ))}
      </fieldset>
      <Form key={formKey("new")} method="post" noValidate className={`${section} mt-6 max-w-2xl space-y-3`} aria-label="Add payment method">
        <h2 className="text-lg font-bold">Add payment method</h2>
        {errorFor("new")}
        <input type="hidden" name="intent" value="add" />
        <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
          <TextField label="Display name" name="name" maxLength={60} error={errorIn("new", "name")} />
          <TextField label="Unique key" name="key" maxLength={40} hint="Letters, numbers and underscores" error={errorIn("new", "key")} />
          <div>
            <label htmlFor="new-type" className="mb-1 block text-sm font-medium text-stone-800">
              Type
            </label>
            <select
              id="new-type"
              name="type"
              value={hydrated ? newType : undefined}
              defaultValue={hydrated ? undefined : "offline"}
              onChange={(e) => setNewType(e.currentTarget.value)}
              className="h-11 w-full rounded-lg border border-stone-300 bg-white px-2"
            >
              {METHOD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t.charAt(0).toUpperCase() + t.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-2 self-end pb-3 font-medium">
            <input type="checkbox" name="enabled" className="h-4 w-4 accent-green-700" /> Enabled
          </label>
          <TextField className="sm:col-span-2" label="Instructions" name="instructions" maxLength={500} />
          {showNew("gateway") ? (
            <>
              <TextField label="API key (gateway)" name="apiKey" maxLength={200} error={errorIn("new", "apiKey")} />
              <TextField
                label="Secret key (gateway)"
                name="secretKey"
                type="password"
                autoComplete="off"
                maxLength={200}
                error={errorIn("new", "secretKey")}
              />
            </>
          ) : null}
          {showNew("bank") ? (
            <>
              <TextField label="Account name (bank)" name="accountName" maxLength={120} />
              <TextField label="Account number (bank)" name="accountNumber" maxLength={18} error={errorIn("new", "accountNumber")} />
              <TextField label="Bank name (bank)" name="bankName" maxLength={120} />
              <TextField label="IFSC code (bank)" name="ifscCode" maxLength={11} error={errorIn("new", "ifscCode")} />
            </>
          ) : null}
          <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white sm:col-span-2 sm:justify-self-start">
            Add Payment Method
          </button>
        </fieldset>
      </Form>
    </div>
  );
}
