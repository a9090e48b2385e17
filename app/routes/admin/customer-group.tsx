import { data, Form, Link } from "react-router";
import type { Route } from "./+types/customer-group";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { GroupActionSchema } from "~/features/price-lists/domain/price-list-form";
import {
  addGroupMember,
  getCustomerGroup,
  removeGroupMember,
  renameCustomerGroup,
} from "~/features/price-lists/server/admin-customer-groups.server";
import { PriceListRefused } from "~/features/price-lists/server/price-list-refused.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.group.name ?? "Customer group"} · Angle Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const group = await getCustomerGroup(params.id);
  if (!group) throw data("Not found", { status: 404 });
  return { group };
}

type Answer = { errors: Record<string, string | undefined>; values: Record<string, string>; intent: string };

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const fields = await readFields(request);
  const intent = String(fields.intent ?? "");
  const refuse = (errors: Answer["errors"], status: number) => data({ errors, values: fields, intent } satisfies Answer, { status });
  const parsed = GroupActionSchema.safeParse(fields);
  if (!parsed.success) return refuse(formErrors(parsed.error) as Answer["errors"], 400);
  const group = await getCustomerGroup(params.id);
  if (!group) return refuse({ form: renderRefusal(refusal("price_lists.not_found")) }, 404);
  const here = `/admin/customer-groups/${group.id}`;
  try {
    const input = parsed.data;
    if (input.intent === "rename") {
      await renameCustomerGroup(group.id, input);
      return redirectWithToast(here, { description: `Group renamed “${input.name}”.` });
    }
    if (input.intent === "add_member") {
      await addGroupMember(group.id, input.email);
      return redirectWithToast(here, { description: `${input.email} added to ${group.name}.` });
    }
    await removeGroupMember(group.id, input.userId);
    return redirectWithToast(here, { description: `Member removed from ${group.name}.` });
  } catch (error) {
    if (error instanceof PriceListRefused) return refuse({ [error.field ?? "form"]: renderRefusal(error.refusal) }, error.status);
    throw error;
  }
}

export default function AdminCustomerGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { group } = loaderData;
  const answer = actionData as Answer | undefined;
  const errorsOf = (intent: string) => (answer?.intent === intent ? answer.errors : {});
  const valuesOf = (intent: string) => (answer?.intent === intent ? answer.values : {});
  const renamed = valuesOf("rename");
  const added = valuesOf("add_member");
  return (
    <div>
      <Link to="/admin/customer-groups" className="text-sm font-semibold text-brand-800 hover:underline">
        ← Customer groups
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900 [overflow-wrap:anywhere]">Group: {group.name}</h1>
      <FormError
        message={
          answer && !["rename", "add_member"].includes(answer.intent)
            ? Object.values(answer.errors)[0]
            : (errorsOf("rename").form ?? errorsOf("add_member").form)
        }
      />

      <h2 className="mt-6 text-lg font-bold text-stone-900">Name</h2>
      <Form
        method="post"
        key={`rename-${JSON.stringify(renamed)}`}
        className="mt-3 grid max-w-2xl gap-4 rounded-xl bg-white p-5 ring-1 ring-stone-200 sm:grid-cols-2"
        noValidate
      >
        <input type="hidden" name="intent" value="rename" />
        <TextField
          label="Name"
          name="name"
          required
          defaultValue={renamed.name ?? group.name}
          error={errorsOf("rename").name}
          maxLength={60}
        />
        <TextField
          label="Name in Hindi"
          name="nameHi"
          lang="hi"
          defaultValue={renamed.nameHi ?? group.nameHi ?? ""}
          error={errorsOf("rename").nameHi}
          maxLength={60}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
            Save name
          </button>
        </div>
      </Form>

      <h2 className="mt-8 text-lg font-bold text-stone-900">Members</h2>
      <Form
        method="post"
        key={`add-${JSON.stringify(added)}`}
        className="mt-3 flex max-w-2xl flex-wrap items-end gap-3 rounded-xl bg-white p-5 ring-1 ring-stone-200"
        noValidate
      >
        <input type="hidden" name="intent" value="add_member" />
        <TextField
          label="Customer's email"
          name="email"
          type="email"
          required
          defaultValue={added.email ?? ""}
          error={errorsOf("add_member").email}
          className="min-w-64 flex-1"
        />
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          Add member
        </button>
      </Form>
      {group.members.length === 0 ? (
        <p className="mt-4 text-stone-600">No members yet.</p>
      ) : (
        <ul className="mt-4 max-w-2xl divide-y divide-stone-100 rounded-xl bg-white ring-1 ring-stone-200">
          {group.members.map((member) => (
            <li key={member.id} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="member-row">
              <span className="[overflow-wrap:anywhere]">
                <span className="font-semibold text-stone-900">{member.name}</span> <span className="text-stone-600">{member.email}</span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove_member" />
                <input type="hidden" name="userId" value={member.id} />
                <button
                  type="submit"
                  aria-label={`Remove ${member.email}`}
                  className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold"
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
