import { data, Form, useNavigation } from "react-router";
import { shownContact } from "~/features/accounts/domain/contact";
import Trash2 from "lucide-react/icons/trash";
import type { Route } from "./+types/users";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { may, staffRoleOf } from "~/platform/core/staff-policy";
import { FormError } from "~/ui/form-error";
import { UsersActionSchema } from "~/features/accounts/domain/admin-forms";
import { firstError } from "~/platform/core/form-errors";
import { adminFormErrors } from "~/platform/i18n/render-refusal.server";
import { ROLE_LABELS, USER_STATUS_LABELS } from "~/features/accounts/domain/user-labels";
import { ConfirmForm } from "~/ui/confirm-form";
import { TextField } from "~/ui/text-field";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { Pager } from "~/ui/pager";
import { type Column, DataTable } from "~/ui/data-table";
import { formatDate } from "~/platform/core/dates";
import { readPageRequest } from "~/platform/core/pagination";
import { createUserWithPassword, temporaryPassword, UserRefused } from "~/features/accounts/server/create-user.server";
import { deleteUser, listUsers, setUserSuspended } from "~/features/accounts/server/manage-users.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Manage Users · Angle Admin" }];

// The page can show a one-time password (action data, never a cookie): no copy may be kept.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  // Support, the order desk and accounts read customers; only an owner adds, suspends or deletes accounts.
  const manage = may(staffRoleOf(admin.staffRole), "users");
  return { q, users: await listUsers(q, readPageRequest(params)), selfId: admin.id, manage };
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = UsersActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(adminFormErrors(parsed.error)), added: null }, { status: 400 });
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "add": {
        const password = temporaryPassword();
        const user = await createUserWithPassword({ name: form.name, email: form.email, password, role: "user", temporary: true });
        // Shown once, in this response only.
        return data({ error: null, added: { email: user.email, password } }, { headers: NO_STORE });
      }
      case "suspend":
      case "activate":
        await setUserSuspended(admin.id, form.id, form.intent === "suspend");
        return redirectWithToast(samePage(url), {
          description: form.intent === "suspend" ? "User suspended: they are signed out and cannot sign in." : "User activated.",
        });
      case "delete":
        await deleteUser(admin.id, form.id);
        return redirectWithToast(samePage(url), { description: "User deleted." });
    }
  } catch (error) {
    if (error instanceof UserRefused) return data({ error: error.message, added: null }, { status: error.status });
    throw error;
  }
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { q, users, selfId, manage } = loaderData;
  const navigation = useNavigation();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Manage Users</h1>
      <div className="mt-4 grid grid-cols-1 gap-4 xl:grid-cols-[1fr_20rem]">
        <Form method="get" className="flex items-end gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
          <div className="flex-1">
            <label htmlFor="u-q" className="text-sm font-medium text-stone-700">
              Search by name, email or role
            </label>
            <input id="u-q" name="q" type="search" defaultValue={q} className="mt-1 h-10 w-full rounded-lg border border-stone-300 px-3" />
          </div>
          <button type="submit" className="h-10 rounded-lg bg-stone-800 px-4 font-semibold text-white">
            Search
          </button>
        </Form>
        {manage ? (
          <Form
            method="post"
            noValidate
            className="rounded-xl bg-white p-3 ring-1 ring-stone-200"
            key={actionData?.added?.password ?? "add"}
          >
            <h2 className="font-semibold text-stone-900">Add user</h2>
            <input type="hidden" name="intent" value="add" />
            <fieldset disabled={navigation.state === "submitting"} className="mt-2 space-y-2">
              <TextField label="Name" name="name" required maxLength={FIELD_MAX.name} />
              <TextField label="Email" name="email" type="email" required maxLength={FIELD_MAX.email} />
              <button type="submit" className="h-10 w-full rounded-lg bg-brand-700 font-semibold text-white">
                Add User
              </button>
            </fieldset>
          </Form>
        ) : null}
      </div>
      <FormError message={actionData?.error} />
      {actionData?.added ? (
        <div role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 [overflow-wrap:anywhere]">
          <p className="font-medium">Added {actionData.added.email}.</p>
          <p className="mt-1">
            Temporary password for {actionData.added.email}:{" "}
            <code className="select-all font-mono font-bold">{actionData.added.password}</code> — shown once; give it to them to sign in.
          </p>
        </div>
      ) : null}
      <Pager page={users} noun={["user", "users"]} className="mt-4" />
      <div className="mt-3">
        <DataTable
          caption="Users"
          columns={userColumns(selfId, manage)}
          rows={users.rows}
          rowKey={(u) => u.id}
          rowTestId="admin-user-row"
          empty={<p className="p-6 text-center text-stone-600">No users match.</p>}
        />
      </div>
      <Pager page={users} noun={["user", "users"]} className="mt-3" />
    </div>
  );
}

type UserRow = Route.ComponentProps["loaderData"]["users"]["rows"][number];

/** A mobile account has no email to show (its placeholder never is) and, until it gives one, no name but its number. */
const contactOf = (u: UserRow) => shownContact({ name: u.name, email: u.email, phone: u.mobile });

function userColumns(selfId: string, manage: boolean): Column<UserRow>[] {
  return [
    {
      header: "Name",
      className: "font-medium",
      cell: (u) => (
        <>
          {contactOf(u).label}
          {u.id === selfId ? " (you)" : ""}
        </>
      ),
    },
    {
      header: "Email",
      cell: (u) => (
        <>
          {contactOf(u).email ?? contactOf(u).phone ?? "—"}
          {u.confirmed ? null : (
            <span className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Not confirmed</span>
          )}
        </>
      ),
    },
    { header: "Role", nowrap: true, cell: (u) => ROLE_LABELS[u.role] },
    {
      header: "Status",
      nowrap: true,
      cell: (u) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${u.status === "active" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}
        >
          {USER_STATUS_LABELS[u.status]}
        </span>
      ),
    },
    { header: "Joined", nowrap: true, cell: (u) => formatDate(u.joined) },
    { header: "Last login", nowrap: true, cell: (u) => (u.lastLogin ? formatDate(u.lastLogin) : "—") },
    {
      header: "Actions",
      hiddenHeader: true,
      cell: (u) =>
        u.id === selfId || !manage ? null : (
          <span className="flex justify-end gap-1">
            <Form method="post">
              <input type="hidden" name="id" value={u.id} />
              <button
                type="submit"
                name="intent"
                value={u.status === "active" ? "suspend" : "activate"}
                className="rounded-md border border-stone-300 px-2.5 py-1 text-xs font-semibold hover:bg-stone-50"
              >
                {u.status === "active" ? "Suspend" : "Activate"}
              </button>
            </Form>
            <ConfirmForm
              message="Are you sure you want to delete this user?"
              label={`Delete ${contactOf(u).email ?? contactOf(u).label}`}
              fields={{ intent: "delete", id: u.id }}
              className="rounded-md p-1.5 text-red-700 hover:bg-red-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </ConfirmForm>
          </span>
        ),
    },
  ];
}
