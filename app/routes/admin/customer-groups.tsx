import { data, Form, Link } from "react-router";
import type { Route } from "./+types/customer-groups";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { GroupFormSchema } from "~/features/price-lists/domain/price-list-form";
import { createCustomerGroup, listCustomerGroups } from "~/features/price-lists/server/admin-customer-groups.server";
import { PriceListRefused } from "~/features/price-lists/server/price-list-refused.server";

export const meta: Route.MetaFunction = () => [{ title: "Customer groups · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { groups: await listCustomerGroups() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const fields = await readFields(request);
  const parsed = GroupFormSchema.safeParse(fields);
  if (!parsed.success)
    return data({ errors: formErrors(parsed.error) as Record<string, string | undefined>, values: fields }, { status: 400 });
  try {
    const id = await createCustomerGroup(parsed.data);
    return redirectWithToast(`/admin/customer-groups/${id}`, { description: `Group “${parsed.data.name}” created. Add its members here.` });
  } catch (error) {
    if (error instanceof PriceListRefused)
      return data(
        { errors: { [error.field ?? "form"]: renderRefusal(error.refusal) } as Record<string, string | undefined>, values: fields },
        { status: error.status },
      );
    throw error;
  }
}

export default function AdminCustomerGroups({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Customer groups</h1>
      <p className="mt-1 text-sm text-stone-600">
        Groups such as FPO, Dealer or Staff. A customer is in at most one group; a price list gives a group its own prices (decision 054).
      </p>
      {loaderData.groups.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-stone-600 ring-1 ring-stone-200">No customer groups yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100 rounded-xl bg-white ring-1 ring-stone-200">
          {loaderData.groups.map((g) => (
            <li key={g.id} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="group-row">
              <Link to={`/admin/customer-groups/${g.id}`} className="font-semibold text-brand-800 hover:underline [overflow-wrap:anywhere]">
                {g.name}
                {g.nameHi ? <span className="ml-2 font-normal text-stone-600">{g.nameHi}</span> : null}
              </Link>
              <span className="text-sm text-stone-600">{g.members === 1 ? "1 member" : `${g.members} members`}</span>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-8 text-lg font-bold text-stone-900">New group</h2>
      <FormError message={errors.form} />
      <Form
        method="post"
        key={JSON.stringify(values)}
        className="mt-3 grid max-w-2xl gap-4 rounded-xl bg-white p-5 ring-1 ring-stone-200 sm:grid-cols-2"
        noValidate
      >
        <TextField label="Name" name="name" required defaultValue={values.name ?? ""} error={errors.name} maxLength={60} />
        <TextField label="Name in Hindi" name="nameHi" lang="hi" defaultValue={values.nameHi ?? ""} error={errors.nameHi} maxLength={60} />
        <div className="sm:col-span-2">
          <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
            Create group
          </button>
        </div>
      </Form>
    </div>
  );
}
