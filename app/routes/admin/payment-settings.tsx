import { type DefaultValue, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { type ReactNode, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { getEnv } from "~/platform/env.server";
import { connectFakeGateway } from "~/features/payments/server/fake-gateway-keys.server";
import type { Route } from "./+types/payment-settings";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { PaymentSettingsActionSchema } from "~/features/accounts/domain/admin-forms";
import { TextField } from "~/ui/text-field";
import { METHOD_TYPES } from "~/features/payments/domain/payment-settings";
import { useHydrated } from "~/ui/use-hydrated";
import { readForm, textFields } from "~/platform/http/read-form.server";
import { parseSubmission, replyRefused } from "~/platform/http/submission.server";
import { fieldProps, isTicked } from "~/ui/form-field";
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
  const form = await readForm(request);
  const submission = parseSubmission(form, PaymentSettingsActionSchema);
  // A typed secret never comes back to the page, refused or not.
  const hideFields = ["secretKey", "webhookSecret"];
  if (submission.status !== "success") return data({ section: "top", result: replyRefused(submission, { hideFields }) }, { status: 400 });
  const post = submission.value;
  // The error shows beside the form that was posted (the add form is "new").
  const section = post.intent === "add" ? "new" : post.intent === "remove" ? "top" : post.method;
  const fields = textFields(form);
  try {
    // Each section's own fields are parsed with that section's schema by the service.
    if (post.intent === "add") {
      await addPaymentMethod(fields);
      return redirectWithToast(PAGE, { description: `Added ${post.name}.` });
    }
    if (post.intent === "remove") {
      await removePaymentMethod(post.method);
      return redirectWithToast(PAGE, { description: "Payment method removed." });
    }
    await savePaymentMethod(post.method, fields);
    // With the local fake gateway, its webhooks follow the secrets just saved.
    if (post.method === "razorpay" || post.method === "stripe") await connectFakeGateway().catch(() => {});
    return redirectWithToast(PAGE, { description: "Payment settings saved." });
  } catch (error) {
    if (!(error instanceof SettingsRefused)) throw error;
    const result = replyRefused(submission, { formError: error.message, fieldErrors: error.fields, hideFields });
    return data({ section, result }, { status: 400 });
  }
}

function SecretField({ field, hasSecret, label }: { field: Field; hasSecret: boolean; label: string }) {
  // Never filled in: a typed secret is not sent back, and a saved one is never sent at all.
  const { defaultValue: _never, ...props } = fieldProps(field);
  return (
    <TextField
      label={label}
      {...props}
      type="password"
      autoComplete="off"
      maxLength={200}
      placeholder={hasSecret ? "•••••••• (saved — leave blank to keep)" : "Not set"}
      hint={hasSecret ? "A secret key is saved. It is encrypted and never shown; type a new one to replace it." : undefined}
    />
  );
}

/** Every field of every section (each section's form has some of them). */
type Section = {
  enabled: boolean;
  apiKey: string;
  secretKey: string;
  webhookSecret: string;
  instructions: string;
  instructionsHi: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  branchName: string;
  ifscCode: string;
  name: string;
  nameHi: string;
  key: string;
  type: string;
};
type Fields = ReturnType<typeof useForm<Section>>[1];
type Field = Fields["secretKey"];
const sectionClass = "rounded-xl bg-white p-5 ring-1 ring-stone-200";
const saveButton = (
  <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
    Save
  </button>
);

/**
 * One section's form (its own Conform form): shown the action's answer only when it was the one
 * posted. A successful save comes back as a new page (`pageKey`): every form starts again from what
 * is stored, so a typed secret key does not stay in its field and the add form empties.
 */
function SectionForm({
  section,
  label,
  pageKey,
  answer,
  defaultValue,
  className = `${sectionClass} space-y-3`,
  children,
}: {
  section: string;
  label: string;
  pageKey: string;
  answer: { section: string; result: SubmissionResult<string[]> } | undefined;
  defaultValue?: DefaultValue<Section>;
  className?: string;
  children: (fields: Fields, error: ReactNode) => ReactNode;
}) {
  const [form, fields] = useForm<Section>({
    id: `payment-${section}-${pageKey}`,
    defaultValue,
    lastResult: answer?.section === section ? answer.result : undefined,
  });
  const props = getFormProps(form, { ariaAttributes: false });
  return (
    <Form key={form.id} method="post" {...props} className={className} aria-label={label}>
      {children(fields, <FormError message={form.errors?.[0]} />)}
    </Form>
  );
}

export default function PaymentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.settings;
  const busy = useNavigation().state === "submitting";
  const pageKey = useToastKey();
  const answer = actionData && "section" in actionData ? actionData : undefined;
  // Without JavaScript the add form shows every type's fields (the server ignores the others').
  const hydrated = useHydrated();
  const [newType, setNewType] = useState<string>("offline");
  const showNew = (type: string) => !hydrated || newType === type;
  const sectionProps = { pageKey, answer };
  const bankFields = (f: Fields) => (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label="Account name" maxLength={120} {...fieldProps(f.accountName)} />
      <TextField label="Account number" inputMode="numeric" maxLength={18} {...fieldProps(f.accountNumber)} />
      <TextField label="Bank name" maxLength={120} {...fieldProps(f.bankName)} />
      <TextField label="Branch" maxLength={120} {...fieldProps(f.branchName)} />
      <TextField label="IFSC code" maxLength={11} {...fieldProps(f.ifscCode)} />
    </div>
  );
  const enabled = (f: Fields) => (
    <label className="flex items-center gap-2 font-medium">
      <input type="checkbox" name="enabled" defaultChecked={isTicked(f.enabled)} className="h-4 w-4 accent-green-700" /> Enabled
    </label>
  );
  // What a shopper reads, in both languages: Hindi pages show the Hindi, or the English where it is blank.
  const instructions = (f: Fields, className?: string) => (
    <>
      <TextField className={className} label="Instructions" maxLength={500} {...fieldProps(f.instructions)} />
      <TextField
        className={className}
        label="Instructions in Hindi"
        lang="hi"
        maxLength={500}
        hint="Shown on Hindi pages and in Hindi emails; left blank, they show the English."
        {...fieldProps(f.instructionsHi)}
      />
    </>
  );
  const hidden = (intent: string, method: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="method" value={method} />
    </>
  );
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Payment Settings</h1>
      <p className="mt-1 text-sm text-stone-600">
        Checkout offers card and UPI when a gateway is enabled, and each enabled offline method with its instructions.
      </p>
      {answer?.section === "top" ? <FormError message={answer.result.error?.[""]?.[0]} /> : null}
      <fieldset disabled={busy} className="mt-4 grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
        {(["stripe", "razorpay"] as const).map((g) => (
          <SectionForm
            key={g}
            section={g}
            label={g === "stripe" ? "Stripe" : "Razorpay"}
            defaultValue={{ enabled: s[g].enabled, apiKey: s[g].apiKey }}
            {...sectionProps}
          >
            {(f, error) => (
              <>
                <h2 className="text-lg font-bold">{g === "stripe" ? "Stripe" : "Razorpay"}</h2>
                {error}
                {hidden("save", g)}
                {enabled(f)}
                <TextField label="API key" autoComplete="off" maxLength={200} {...fieldProps(f.apiKey)} />
                <SecretField field={f.secretKey} label="Secret key" hasSecret={s[g].hasSecret} />
                <SecretField field={f.webhookSecret} label="Webhook secret" hasSecret={s[g].hasWebhookSecret} />
                <p className="text-xs text-stone-600">
                  Webhook address: <code className="break-all">{`${loaderData.baseUrl}/webhooks/${g}`}</code>
                </p>
                {saveButton}
              </>
            )}
          </SectionForm>
        ))}
        <SectionForm section="cod" label="Cash on Delivery" defaultValue={s.cod} {...sectionProps}>
          {(f, error) => (
            <>
              <h2 className="text-lg font-bold">Cash on Delivery</h2>
              {error}
              {hidden("save", "cod")}
              {enabled(f)}
              {instructions(f)}
              {saveButton}
            </>
          )}
        </SectionForm>
        <SectionForm section="bankTransfer" label="Bank Transfer" defaultValue={s.bankTransfer} {...sectionProps}>
          {(f, error) => (
            <>
              <h2 className="text-lg font-bold">Bank Transfer</h2>
              {error}
              {hidden("save", "bankTransfer")}
              {enabled(f)}
              {instructions(f)}
              {bankFields(f)}
              {saveButton}
            </>
          )}
        </SectionForm>
        {s.custom.map((m) => (
          <div key={m.key} className={`${sectionClass} space-y-3`}>
            <SectionForm
              section={m.key}
              label={m.name}
              className="space-y-3"
              defaultValue={{ ...m, secretKey: undefined }}
              {...sectionProps}
            >
              {(f, error) => (
                <>
                  <h2 className="text-lg font-bold">
                    {m.name}{" "}
                    <span className="text-sm font-normal text-stone-600">
                      ({m.key}, {m.type})
                    </span>
                  </h2>
                  {error}
                  {hidden("save", m.key)}
                  {enabled(f)}
                  <TextField label="Display name in Hindi" lang="hi" maxLength={60} {...fieldProps(f.nameHi)} />
                  {instructions(f)}
                  {m.type === "gateway" ? (
                    <>
                      <TextField label="API key" maxLength={200} {...fieldProps(f.apiKey)} />
                      <SecretField field={f.secretKey} label="Secret key" hasSecret={m.hasSecret} />
                    </>
                  ) : null}
                  {m.type === "bank" ? bankFields(f) : null}
                  {saveButton}
                </>
              )}
            </SectionForm>
            <Form method="post">
              <input type="hidden" name="method" value={m.key} />
              <button type="submit" name="intent" value="remove" className="text-sm font-semibold text-red-700 underline">
                Remove {m.name}
              </button>
            </Form>
          </div>
        ))}
      </fieldset>
      <SectionForm section="new" label="Add payment method" className={`${sectionClass} mt-6 max-w-2xl space-y-3`} {...sectionProps}>
        {(f, error) => (
          <>
            <h2 className="text-lg font-bold">Add payment method</h2>
            {error}
            <input type="hidden" name="intent" value="add" />
            <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
              <TextField label="Display name" maxLength={60} {...fieldProps(f.name)} />
              <TextField label="Unique key" maxLength={40} hint="Letters, numbers and underscores" {...fieldProps(f.key)} />
              <div>
                <label htmlFor="new-type" className="mb-1 block text-sm font-medium text-stone-800">
                  Type
                </label>
                <select
                  id="new-type"
                  name="type"
                  value={hydrated ? newType : undefined}
                  defaultValue={hydrated ? undefined : (fieldProps(f.type).defaultValue ?? "offline")}
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
                <input type="checkbox" name="enabled" defaultChecked={isTicked(f.enabled)} className="h-4 w-4 accent-green-700" /> Enabled
              </label>
              <TextField label="Display name in Hindi" lang="hi" maxLength={60} {...fieldProps(f.nameHi)} />
              {instructions(f, "sm:col-span-2")}
              {showNew("gateway") ? (
                <>
                  <TextField label="API key (gateway)" maxLength={200} {...fieldProps(f.apiKey)} />
                  <TextField label="Secret key (gateway)" type="password" autoComplete="off" maxLength={200} {...fieldProps(f.secretKey)} />
                </>
              ) : null}
              {showNew("bank") ? (
                <>
                  <TextField label="Account name (bank)" maxLength={120} {...fieldProps(f.accountName)} />
                  <TextField label="Account number (bank)" maxLength={18} {...fieldProps(f.accountNumber)} />
                  <TextField label="Bank name (bank)" maxLength={120} {...fieldProps(f.bankName)} />
                  <TextField label="IFSC code (bank)" maxLength={11} {...fieldProps(f.ifscCode)} />
                </>
              ) : null}
              <button
                type="submit"
                className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white sm:col-span-2 sm:justify-self-start"
              >
                Add Payment Method
              </button>
            </fieldset>
          </>
        )}
      </SectionForm>
    </div>
  );
}
