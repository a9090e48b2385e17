import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { STAFF_ROLE_DUTIES, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/platform/core/staff-policy";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { type Column, DataTable } from "~/ui/data-table";
import { firstError } from "~/platform/core/form-errors";
import { adminFormErrors } from "~/platform/i18n/render-refusal.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { StaffActionSchema } from "~/features/accounts/domain/staff-forms";
import { UserRefused } from "~/features/accounts/server/create-user.server";
import { addStaff, changeStaff, listStaff } from "~/features/accounts/server/staff.server";
import { formatMobile } from "~/features/accounts/domain/mobile";

export const meta: Route.MetaFunction = () => [{ title: "Staff · Angle Admin" }];

// The page can show a one-time password (action data, never a cookie): no copy may be kept.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const owner = await requireAdminPage(request);
  return { staff: await listStaff(), selfId: owner.id };
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireAdminAction(request);
  const parsed = StaffActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(adminFormErrors(parsed.error)), added: null }, { status: 400 });
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "add": {
        const added = await addStaff(form);
        if (added.password === null) {
          return redirectWithToast(samePage(url), {
            description: `${added.email} is on the team as ${STAFF_ROLE_LABELS[form.role]}: they sign in again to use the panel.`,
          });
        }
        // Shown once, in this response only.
        return data({ error: null, added: { email: added.email, password: added.password } }, { headers: NO_STORE });
      }
      case "role":
        await changeStaff(owner.id, form.id, { role: form.role });
        return redirectWithToast(samePage(url), { description: `Role changed to ${STAFF_ROLE_LABELS[form.role]}: they sign in again.` });
      case "suspend":
      case "activate":
        await changeStaff(owner.id, form.id, { suspended: form.intent === "suspend" });
        return redirectWithToast(samePage(url), {
          description: form.intent === "suspend" ? "Suspended: they are signed out and cannot sign in." : "Activated.",
        });
      case "remove":
        await changeStaff(owner.id, form.id, { remove: true });
        return redirectWithToast(samePage(url), { description: "Taken off the team: the account is a customer's again." });
    }
  } catch (error) {
    if (error instanceof UserRefused) return data({ error: error.message, added: null }, { status: error.status });
    throw error;
  }
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, selfId } = loaderData;
  const navigation = useNavigation();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Staff</h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">
        Each person on the team has one role, and sees and does only what it covers. A change of role or a suspension signs them out.
      </p>
      <div className="mt-4 grid grid-cols-1 gap-4 xl:grid-cols-[1fr_22rem]">
        <section aria-labelledby="roles-h" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <h2 id="roles-h" className="font-semibold text-stone-900">
            Roles
          </h2>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
            {STAFF_ROLES.map((role) => (
              <div key={role} className="contents">
                <dt className="font-medium text-stone-900">{STAFF_ROLE_LABELS[role]}</dt>
                <dd className="text-stone-700">{STAFF_ROLE_DUTIES[role]}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Form method="post" noValidate className="rounded-xl bg-white p-4 ring-1 ring-stone-200" key={actionData?.added?.password ?? "add"}>
          <h2 className="font-semibold text-stone-900">Add a member of staff</h2>
          <input type="hidden" name="intent" value="add" />
          <fieldset disabled={navigation.state === "submitting"} className="mt-2 space-y-2">
            <TextField label="Name" name="name" required maxLength={FIELD_MAX.name} />
            <TextField label="Email or mobile number" name="contact" required maxLength={120} />
            <RoleSelect id="staff-new-role" defaultValue="support" />
            <button type="submit" className="h-10 w-full rounded-lg bg-brand-700 font-semibold text-white">
              Add to the team
            </button>
          </fieldset>
        </Form>
      </div>
      <FormError message={actionData?.error} />
      {actionData?.added ? (
        <div role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 [overflow-wrap:anywhere]">
          <p className="font-medium">Added {actionData.added.email}.</p>
          <p className="mt-1">
            Temporary password for {actionData.added.email}:{" "}
            <code className="select-all font-mono font-bold">{actionData.added.password}</code> — shown once; give it to them to sign in at
            /admin/login.
          </p>
        </div>
      ) : null}
      <div className="mt-4 max-w-full overflow-x-auto">
        <DataTable
          caption="The team"
          columns={staffColumns(selfId)}
          rows={staff}
          rowKey={(m) => m.id}
          rowTestId="staff-row"
          empty={<p className="p-6 text-center text-stone-600">No one yet.</p>}
        />
      </div>
    </div>
  );
}

function RoleSelect({ id, defaultValue, label = "Role" }: { id: string; defaultValue: StaffRole; label?: string }) {
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className="text-sm font-medium text-stone-700 [overflow-wrap:anywhere]">
        {label}
      </label>
      <select
        id={id}
        name="role"
        defaultValue={defaultValue}
        className="mt-1 h-10 w-full min-w-0 max-w-full rounded-lg border border-stone-300 bg-white px-2"
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

type Member = Route.ComponentProps["loaderData"]["staff"][number];

function staffColumns(selfId: string): Column<Member>[] {
  return [
    { header: "Name", className: "font-medium", cell: (m) => `${m.name}${m.id === selfId ? " (you)" : ""}` },
    { header: "Email or mobile", cell: (m) => m.email ?? (m.mobile ? formatMobile(m.mobile) : "—") },
    {
      header: "Role",
      nowrap: true,
      cell: (m) =>
        m.id === selfId ? (
          STAFF_ROLE_LABELS[m.role]
        ) : (
          <Form method="post" className="flex min-w-0 flex-wrap items-end gap-1">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={m.id} />
            <RoleSelect id={`role-${m.id}`} defaultValue={m.role} label={`Role of ${m.name}`} />
            <button type="submit" className="h-10 rounded-md border border-stone-300 px-2.5 text-xs font-semibold hover:bg-stone-50">
              Change
            </button>
          </Form>
        ),
    },
    {
      header: "Status",
      nowrap: true,
      cell: (m) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${m.suspended ? "bg-red-100 text-red-800" : "bg-green-100 text-green-800"}`}
        >
          {m.suspended ? "Suspended" : "Active"}
        </span>
      ),
    },
    {
      header: "Actions",
      hiddenHeader: true,
      cell: (m) =>
        m.id === selfId ? null : (
          <span className="flex justify-end gap-1">
            <Form method="post">
              <input type="hidden" name="id" value={m.id} />
              <button
                type="submit"
                name="intent"
                value={m.suspended ? "activate" : "suspend"}
                className="rounded-md border border-stone-300 px-2.5 py-1 text-xs font-semibold hover:bg-stone-50"
              >
                {m.suspended ? "Activate" : "Suspend"}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="id" value={m.id} />
              <button
                type="submit"
                name="intent"
                value="remove"
                className="rounded-md border border-red-300 px-2.5 py-1 text-xs font-semibold text-red-800 hover:bg-red-50"
              >
                Take off the team
              </button>
            </Form>
          </span>
        ),
    },
  ];
}
