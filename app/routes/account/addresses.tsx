import { useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/addresses";
import { checkCustomer } from "~/platform/auth/guards.server";
import { AddressBookSchema } from "~/features/accounts/domain/address-book";
import { addressLine } from "~/features/accounts/domain/address-line";
import { deleteAddress, listAddresses, makeDefaultAddress, saveAddress } from "~/features/accounts/server/saved-addresses.server";
import { AddressFields } from "~/features/delivery/ui/address-fields";
import { usePincodeFill } from "~/features/delivery/ui/pincode-fill";
import { firstError } from "~/platform/core/form-errors";
import { RefusalError } from "~/platform/core/refusal";
import { readFields } from "~/platform/http/read-form.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { useStateName } from "~/features/delivery/ui/use-state-name";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { ConfirmForm } from "~/ui/confirm-form";
import { useToastKey } from "~/ui/use-toast-key";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Saved addresses · Angle" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const customer = await checkCustomer(request);
  // A guest signs in first; a vendor or admin keeps no delivery addresses.
  if (!customer.ok) throw redirect(customer.status === 401 ? "/?auth=login" : "/account");
  const editing = new URL(request.url).searchParams.get("edit");
  return { title: m.ui_addresses_meta(), addresses: await listAddresses(customer.user.id), editing };
}

type Refused = { error: string; fields: Record<string, string>; id?: string };

export async function action({ request, url }: Route.ActionArgs) {
  const customer = await checkCustomer(request);
  if (!customer.ok) return data<Refused>({ error: renderRefusal(customer.refusal), fields: {} }, { status: customer.status });
  const userId = customer.user.id;
  const parsed = AddressBookSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    const fields = formErrors(parsed.error) as Record<string, string>;
    return data<Refused>({ error: firstError(fields), fields }, { status: 400 });
  }
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "add":
      case "edit": {
        const { street, city, state, pincode } = form;
        await saveAddress(userId, { street, city, state, pincode }, form.intent === "edit" ? form.id : undefined);
        return redirectWithToast(url.pathname, { description: m.account_address_saved() });
      }
      case "delete":
        await deleteAddress(userId, form.id);
        return redirectWithToast(samePage(url), { description: m.account_address_deleted() });
      case "default":
        await makeDefaultAddress(userId, form.id);
        return redirectWithToast(samePage(url), { description: m.account_address_default_set() });
    }
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    return data<Refused>({ error: renderRefusal(error.refusal), fields: {} }, { status: error.status });
  }
}

const button = "h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const secondary = "inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-4 font-semibold text-stone-800";

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const stateLabel = useStateName();
  const busy = useNavigation().state === "submitting";
  const { addresses, editing } = loaderData;
  const edited = addresses.find((a) => a.id === editing);
  const savedKey = useToastKey();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p>
        <Link to="/account" className="text-sm font-medium text-brand-800 underline">
          {t("ui_account_heading")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">{t("ui_addresses_title")}</h1>
      <p className="mt-2 text-stone-600">{t("ui_addresses_hint")}</p>
      {actionData?.error && !Object.keys(actionData.fields).length ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("ui_addresses_none")}</p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="saved-addresses">
          {addresses.map((a) => (
            <li key={a.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <p className="break-words text-stone-900">
                {addressLine(a, stateLabel)}
                {a.isDefault ? (
                  <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
                    {t("ui_addresses_default")}
                  </span>
                ) : null}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {a.isDefault ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="default" />
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" className={secondary} disabled={busy}>
                      {t("ui_addresses_make_default")}
                    </button>
                  </Form>
                )}
                <Link to={`?edit=${a.id}#address-form`} className={secondary} preventScrollReset>
                  {t("ui_addresses_edit")}
                </Link>
                <ConfirmForm
                  message={t("ui_addresses_delete_confirm")}
                  label={t("ui_addresses_delete_named", { address: addressLine(a, stateLabel) })}
                  confirmLabel={t("ui_addresses_delete")}
                  fields={{ intent: "delete", id: a.id }}
                  className={`${secondary} text-red-800`}
                >
                  {t("ui_addresses_delete")}
                </ConfirmForm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* Saved: the form starts empty again (a new toast); refused: it keeps what was typed. */}
      <AddressForm key={`${edited?.id ?? "new"}:${savedKey}`} edited={edited} refused={actionData} busy={busy} />
    </div>
  );
}

function AddressForm({
  edited,
  refused,
  busy,
}: {
  edited?: { id: string; street: string; city: string; state: string; pincode: string };
  refused?: Refused;
  busy: boolean;
}) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const lookUp = usePincodeFill(form);
  const fields = refused?.fields ?? {};
  return (
    <section id="address-form" aria-labelledby="address-form-heading" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="address-form-heading" className="text-xl font-semibold text-stone-900">
        {edited ? t("ui_addresses_edit_heading") : t("ui_addresses_add")}
      </h2>
      <Form ref={form} method="post" noValidate className="mt-4">
        <input type="hidden" name="intent" value={edited ? "edit" : "add"} />
        {edited ? <input type="hidden" name="id" value={edited.id} /> : null}
        {refused?.error && Object.keys(fields).length ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {refused.error}
          </p>
        ) : null}
        <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
          <AddressFields values={edited} errors={fields} pincodeHint={t("ui_addresses_pincode_hint")} onPincodeChange={lookUp} />
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className={button} disabled={busy}>
            {t("ui_addresses_save")}
          </button>
          {edited ? (
            <Link to="." className={secondary}>
              {t("ui_addresses_cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
