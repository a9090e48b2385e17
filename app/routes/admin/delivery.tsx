import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/delivery";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { formatPincodeRanges } from "~/features/delivery/domain/delivery";
import { AddPincodeFormSchema, DeliveryGeneralFormSchema, DeliveryZoneFormSchema } from "~/features/delivery/domain/delivery-forms";
import { StateSelect } from "~/features/delivery/ui/state-select";
import { INDIAN_STATE_NAMES } from "~/platform/core/indian-states";
import { formatPaise } from "~/platform/core/money";
import { isId } from "~/platform/ids";
import { readForm } from "~/platform/http/read-form.server";
import { parseSubmission, replyRefused } from "~/platform/http/submission.server";
import { fieldProps, isTicked } from "~/ui/form-field";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { useToastKey } from "~/ui/use-toast-key";
import { getDeliverySettings } from "~/features/delivery/server/delivery.server";
import {
  addPincode,
  DeliverySettingsRefused,
  deleteDeliveryZone,
  listAddedPincodes,
  removeAddedPincode,
  saveDeliveryGeneral,
  saveDeliveryZone,
} from "~/features/delivery/server/delivery-settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Delivery · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const [settings, added] = await Promise.all([getDeliverySettings(), listAddedPincodes()]);
  const asked = new URL(request.url).searchParams.get("zone");
  const editing = asked && isId(asked) ? (settings.zones.find((z) => z.id === asked) ?? null) : null;
  return { settings, editing, added };
}

/** A refusal not tied to one of the page's forms (a row's Delete or Remove button, a tampered post). */
const refuse = (error: string, status = 400) => data({ error }, { status });

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const intent = text("intent");
  if (intent === "general") {
    const submission = parseSubmission(form, DeliveryGeneralFormSchema);
    if (submission.status !== "success") return data({ form: intent, result: replyRefused(submission) }, { status: 400 });
    await saveDeliveryGeneral(submission.value);
    return redirectWithToast("/admin/delivery", { description: "Delivery settings saved." });
  }
  if (intent === "add-pincode") {
    const submission = parseSubmission(form, AddPincodeFormSchema);
    if (submission.status !== "success") return data({ form: intent, result: replyRefused(submission) }, { status: 400 });
    try {
      await addPincode(submission.value);
    } catch (error) {
      if (!(error instanceof DeliverySettingsRefused)) throw error;
      const result = replyRefused(submission, { formError: error.message, fieldErrors: { code: error.message } });
      return data({ form: intent, result }, { status: 409 });
    }
    return redirectWithToast("/admin/delivery", { description: `Pincode ${submission.value.code} added.` });
  }
  if (intent === "remove-pincode") {
    const code = text("code") ?? "";
    if (!/^[1-9][0-9]{5}$/.test(code)) return refuse("Please enter a 6-digit pincode.");
    await removeAddedPincode(code);
    return redirectWithToast("/admin/delivery", { description: `Pincode ${code} removed.` });
  }
  const id = text("id");
  if (id !== undefined && id !== "" && !isId(id)) return refuse("That zone no longer exists.", 404);
  if (intent === "delete-zone") {
    if (!id) return refuse("That zone no longer exists.", 404);
    await deleteDeliveryZone(id);
    return redirectWithToast("/admin/delivery", { description: "Zone deleted." });
  }
  if (intent === "save-zone") {
    const submission = parseSubmission(form, DeliveryZoneFormSchema);
    if (submission.status !== "success") return data({ form: intent, result: replyRefused(submission) }, { status: 400 });
    try {
      await saveDeliveryZone(submission.value, id || undefined);
    } catch (error) {
      if (!(error instanceof DeliverySettingsRefused)) throw error;
      return data({ form: intent, result: replyRefused(submission, { formError: error.message }) }, { status: 409 });
    }
    return redirectWithToast("/admin/delivery", { description: id ? "Zone saved." : "Zone added." });
  }
  return refuse("Unknown action.");
}

const card = "mt-6 rounded-xl bg-white p-5 ring-1 ring-stone-200";
const check = "mt-1 h-4 w-4 accent-green-700";

export default function DeliveryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, editing, added } = loaderData;
  const busy = useNavigation().state === "submitting";
  // A save comes back as a new page (a new toast): each form starts again from what is stored.
  const key = useToastKey();
  /** The action's answer, for the form that was posted only. */
  const answerTo = (form: string) => (actionData && "form" in actionData && actionData.form === form ? actionData.result : undefined);
  const [generalForm, general] = useForm({
    id: `general-${key}`,
    defaultValue: {
      codMax: String(settings.codMaxPaise / 100),
      restServed: settings.rest.served,
      restDays: settings.rest.days,
      restCod: settings.rest.cod,
    },
    lastResult: answerTo("general"),
  });
  const [zoneForm, zone] = useForm({
    id: `zone-${editing?.id ?? "new"}-${key}`,
    defaultValue: editing
      ? { ...editing, ranges: formatPincodeRanges(editing.ranges) }
      : { name: "", states: [], ranges: "", served: true, days: 4, cod: true },
    lastResult: answerTo("save-zone"),
  });
  const [pincodeForm, pincode] = useForm<z.input<typeof AddPincodeFormSchema>>({
    id: `pincode-${key}`,
    lastResult: answerTo("add-pincode"),
  });
  const topError = actionData && "error" in actionData ? actionData.error : actionData?.result.error?.[""]?.[0];
  const zoneStates = new Set([zone.states.initialValue ?? []].flat());
  // A State's own problem is named by its place in the list; the checkboxes share one message.
  const statesError = Object.values(zone.states.allErrors).flat()[0];
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Delivery</h1>
      <p className="mt-1 max-w-2xl text-sm text-stone-600">
        Where the store delivers, how many days it takes and where Cash on Delivery is taken. A pincode follows the first zone that lists
        its range, else the first zone that lists its State, else the rest of India.
      </p>
      <FormError message={topError} />

      <section className={card} aria-labelledby="general-title">
        <h2 id="general-title" className="text-lg font-bold text-stone-900">
          Cash on Delivery and the rest of India
        </h2>
        <Form key={generalForm.id} method="post" {...getFormProps(generalForm, { ariaAttributes: false })} className="mt-4 max-w-xl">
          <input type="hidden" name="intent" value="general" />
          <fieldset disabled={busy} className="space-y-4">
            <TextField
              label="COD maximum order value (₹)"
              inputMode="decimal"
              required
              {...fieldProps(general.codMax)}
              hint="Orders above this total (GST and shipping included) cannot be paid in cash. 0 turns Cash on Delivery off everywhere."
            />
            <label className="flex items-start gap-3">
              <input type="checkbox" name={general.restServed.name} defaultChecked={isTicked(general.restServed)} className={check} />
              <span className="font-medium text-stone-900">Deliver to the rest of India</span>
            </label>
            <TextField
              label="Delivery days, rest of India"
              type="number"
              inputMode="numeric"
              min={1}
              max={60}
              required
              {...fieldProps(general.restDays)}
            />
            <label className="flex items-start gap-3">
              <input type="checkbox" name={general.restCod.name} defaultChecked={isTicked(general.restCod)} className={check} />
              <span className="font-medium text-stone-900">Cash on Delivery in the rest of India</span>
            </label>
            <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white">
              {busy ? "Saving..." : "Save"}
            </button>
          </fieldset>
        </Form>
      </section>

      <section className={card} aria-labelledby="zones-title">
        <h2 id="zones-title" className="text-lg font-bold text-stone-900">
          Zones
        </h2>
        {settings.zones.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No zones: every pincode follows the rest of India.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200" data-testid="zones">
            {settings.zones.map((z) => (
              <li key={z.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{z.name}</p>
                  <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
                    {[z.states.join(", "), formatPincodeRanges(z.ranges)].filter(Boolean).join(" · ")}
                  </p>
                  <p className="text-sm text-stone-600">
                    {z.served ? `Delivers in ${z.days} ${z.days === 1 ? "day" : "days"}` : "Not served"}
                    {z.served ? (z.cod ? " · Cash on Delivery" : " · No Cash on Delivery") : ""}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Link
                    to={`?zone=${z.id}#zone-form`}
                    className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium"
                    aria-label={`Edit ${z.name}`}
                  >
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-zone" />
                    <input type="hidden" name="id" value={z.id} />
                    <button
                      type="submit"
                      disabled={busy}
                      className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800"
                      aria-label={`Delete ${z.name}`}
                    >
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={card} aria-labelledby="zone-form-title" id="zone-form">
        <h2 id="zone-form-title" className="text-lg font-bold text-stone-900">
          {editing ? `Edit zone: ${editing.name}` : "Add a zone"}
        </h2>
        <Form key={zoneForm.id} method="post" {...getFormProps(zoneForm, { ariaAttributes: false })} className="mt-4">
          <input type="hidden" name="intent" value="save-zone" />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <fieldset disabled={busy} className="space-y-4">
            <div className="max-w-xl">
              <TextField label="Zone name" required maxLength={60} {...fieldProps(zone.name)} />
            </div>
            <fieldset aria-describedby={statesError ? "zone-states-error" : undefined}>
              <legend className="text-sm font-medium text-stone-800">States and Union Territories</legend>
              <div className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
                {INDIAN_STATE_NAMES.map((state) => (
                  <label key={state} className="flex items-center gap-2 text-sm text-stone-800">
                    <input
                      type="checkbox"
                      name={zone.states.name}
                      value={state}
                      defaultChecked={zoneStates.has(state)}
                      className="h-4 w-4 accent-green-700"
                    />
                    {state}
                  </label>
                ))}
              </div>
              {statesError ? (
                <p id="zone-states-error" className="mt-1 text-sm text-red-700">
                  {statesError}
                </p>
              ) : null}
            </fieldset>
            <div className="max-w-xl space-y-4">
              <TextField
                label="Pincode ranges"
                {...fieldProps(zone.ranges)}
                hint="Optional, e.g. 110001-110096, 400001. A range here wins over a State in another zone."
              />
              <label className="flex items-start gap-3">
                <input type="checkbox" name={zone.served.name} defaultChecked={isTicked(zone.served)} className={check} />
                <span className="font-medium text-stone-900">Deliver to this zone</span>
              </label>
              <TextField label="Delivery days" type="number" inputMode="numeric" min={1} max={60} required {...fieldProps(zone.days)} />
              <label className="flex items-start gap-3">
                <input type="checkbox" name={zone.cod.name} defaultChecked={isTicked(zone.cod)} className={check} />
                <span className="font-medium text-stone-900">Cash on Delivery in this zone</span>
              </label>
              <p className="text-sm text-stone-600">
                Cash on Delivery is taken up to {formatPaise(settings.codMaxPaise)} wherever it is allowed.
              </p>
              <div className="flex gap-3">
                <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white">
                  {busy ? "Saving..." : editing ? "Save zone" : "Add zone"}
                </button>
                {editing ? (
                  <Link to="/admin/delivery" className="flex h-10 items-center rounded-lg border border-stone-300 px-5 font-semibold">
                    Cancel
                  </Link>
                ) : null}
              </div>
            </div>
          </fieldset>
        </Form>
      </section>

      <section className={card} aria-labelledby="pincodes-title">
        <h2 id="pincodes-title" className="text-lg font-bold text-stone-900">
          Pincodes missing from the directory
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          The directory has 19,159 pincodes (India Post, about 2016). A newer pincode a customer cannot use can be added here.
        </p>
        {added.length ? (
          <ul className="mt-3 divide-y divide-stone-200" data-testid="added-pincodes">
            {added.map((p) => (
              <li key={p.code} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="font-semibold">{p.code}</span> {p.district}, {p.state}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-pincode" />
                  <input type="hidden" name="code" value={p.code} />
                  <button
                    type="submit"
                    disabled={busy}
                    className="rounded-md border border-red-300 px-3 py-1 font-medium text-red-800"
                    aria-label={`Remove ${p.code}`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <Form
          key={pincodeForm.id}
          method="post"
          {...getFormProps(pincodeForm, { ariaAttributes: false })}
          className="mt-4 grid max-w-xl gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="add-pincode" />
          <TextField label="New pincode" inputMode="numeric" maxLength={6} required {...fieldProps(pincode.code)} />
          <TextField label="District" maxLength={60} required {...fieldProps(pincode.district)} />
          <StateSelect className="sm:col-span-2" {...fieldProps(pincode.state)} />
          <div>
            <button type="submit" disabled={busy} className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white">
              Add pincode
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
