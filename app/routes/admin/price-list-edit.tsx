import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/price-list-edit";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { EntryFormSchema, PriceListActionSchema, PriceListFormSchema } from "~/features/price-lists/domain/price-list-form";
import { listCustomerGroups } from "~/features/price-lists/server/admin-customer-groups.server";
import {
  addPriceListEntry,
  createPriceList,
  getPriceList,
  removePriceListEntry,
  updatePriceList,
} from "~/features/price-lists/server/admin-price-lists.server";
import { PriceListRefused } from "~/features/price-lists/server/price-list-refused.server";
import { PriceListEntries } from "~/features/price-lists/ui/price-list-entries";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.priceList ? `Price list: ${loaderData.priceList.list.name}` : "New price list"} · Angle Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const groups = await listCustomerGroups();
  if (!params.id) return { groups, priceList: null };
  const priceList = await getPriceList(params.id);
  if (!priceList) throw data("Not found", { status: 404 });
  return { groups, priceList };
}

type Answer = { errors: Record<string, string | undefined>; values: Record<string, string>; intent: string };

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const fields = await readFields(request);
  const intent = String(fields.intent ?? "save");
  const refuse = (errors: Answer["errors"], status: number) => data({ errors, values: fields, intent } satisfies Answer, { status });
  const parsedIntent = PriceListActionSchema.safeParse({ ...fields, intent });
  if (!parsedIntent.success) return refuse({ form: renderRefusal(refusal("common.unknown_intent")) }, 400);
  const asked = parsedIntent.data;
  try {
    if (asked.intent === "save") {
      const parsed = PriceListFormSchema.safeParse(fields);
      if (!parsed.success) return refuse(formErrors(parsed.error) as Answer["errors"], 400);
      if (!params.id) {
        const id = await createPriceList(parsed.data);
        return redirectWithToast(`/admin/price-lists/${id}`, {
          description: `Price list “${parsed.data.name}” created, paused. Add its prices, then turn it on.`,
        });
      }
      await updatePriceList(params.id, parsed.data);
      return redirectWithToast(`/admin/price-lists/${params.id}`, { description: `Price list “${parsed.data.name}” saved.` });
    }
    if (!params.id) throw redirect("/admin/price-lists/new");
    if (asked.intent === "add_entry") {
      const parsed = EntryFormSchema.safeParse(fields);
      if (!parsed.success) return refuse(formErrors(parsed.error) as Answer["errors"], 400);
      await addPriceListEntry(params.id, parsed.data);
      return redirectWithToast(`/admin/price-lists/${params.id}`, { description: "Price added." });
    }
    await removePriceListEntry(params.id, asked.entryId);
    return redirectWithToast(`/admin/price-lists/${params.id}`, { description: "Price removed." });
  } catch (error) {
    if (error instanceof PriceListRefused) return refuse({ [error.field ?? "form"]: renderRefusal(error.refusal) }, error.status);
    throw error;
  }
}

/** An instant as `datetime-local` in India time. */
const indiaLocal = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16) : "");
const select = "h-11 w-full rounded-lg border border-stone-300 bg-white px-3 focus:border-brand-600 focus:outline-none";
const button = "h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800";

export default function AdminPriceListEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, priceList } = loaderData;
  const answer = actionData as Answer | undefined;
  const saving = answer?.intent === "save" ? answer : undefined;
  const adding = answer?.intent === "add_entry" ? answer : undefined;
  const list = priceList?.list;
  const values: Record<string, string> = saving?.values ?? {
    groupId: list?.groupId ?? "",
    name: list?.name ?? "",
    nameHi: list?.nameHi ?? "",
    startsAt: indiaLocal(list?.startsAt ?? null),
    endsAt: indiaLocal(list?.endsAt ?? null),
  };
  const errors = saving?.errors ?? {};
  const formError =
    answer && answer.intent !== "save" && answer.intent !== "add_entry" ? answer.errors.form : (saving?.errors.form ?? adding?.errors.form);
  return (
    <div>
      <Link to="/admin/price-lists" className="text-sm font-semibold text-brand-800 hover:underline">
        ← Price lists
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900 [overflow-wrap:anywhere]">
        {list ? `Price list: ${list.name}` : "New price list"}
      </h1>
      {list ? (
        <p className="mt-1 text-sm text-stone-600">
          Status {list.status}. {list.status === "paused" ? "Turn it on from the list of price lists once it has its prices." : ""}
        </p>
      ) : null}
      <FormError message={formError} />
      <Form
        method="post"
        key={JSON.stringify(values)}
        className="mt-4 grid max-w-3xl gap-4 rounded-xl bg-white p-5 ring-1 ring-stone-200 sm:grid-cols-2"
        noValidate
      >
        <input type="hidden" name="intent" value="save" />
        <div className="sm:col-span-2">
          <label htmlFor="groupId" className="mb-1 block text-sm font-medium text-stone-800">
            Customer group
          </label>
          <select
            id="groupId"
            name="groupId"
            defaultValue={values.groupId ?? ""}
            className={select}
            aria-invalid={errors.groupId ? true : undefined}
            aria-describedby={errors.groupId ? "groupId-error" : undefined}
          >
            <option value="">Choose a group</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          {errors.groupId ? (
            <p id="groupId-error" className="mt-1 text-sm text-red-700">
              {errors.groupId}
            </p>
          ) : null}
        </div>
        <TextField label="Name" name="name" required defaultValue={values.name ?? ""} error={errors.name} maxLength={80} />
        <TextField label="Name in Hindi" name="nameHi" lang="hi" defaultValue={values.nameHi ?? ""} error={errors.nameHi} maxLength={80} />
        <TextField
          label="Starts (India time)"
          name="startsAt"
          type="datetime-local"
          required
          defaultValue={values.startsAt ?? ""}
          error={errors.startsAt}
        />
        <TextField
          label="Ends (India time, optional)"
          name="endsAt"
          type="datetime-local"
          defaultValue={values.endsAt ?? ""}
          error={errors.endsAt}
        />
        <div className="sm:col-span-2">
          <button type="submit" className={button}>
            {list ? "Save price list" : "Create price list"}
          </button>
        </div>
      </Form>

      {priceList ? <PriceListEntries entries={priceList.entries} adding={adding} /> : null}
    </div>
  );
}
