import { data, Form, useNavigation } from "react-router";
import Trash2 from "lucide-react/icons/trash";
import { z } from "zod";
import type { Route } from "./+types/users";
import { requireAdminAction, requireAdminPage } from "~/auth/guards.server";
import { Flash } from "~/components/admin/flash";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { TextField } from "~/components/ui/text-field";
import { Pager } from "~/components/pager";
import { type Column, DataTable } from "~/components/ui/data-table";
import { formatDate } from "~/domain/dates";
import { readPageRequest } from "~/domain/pagination";
import { createUserWithPassword, temporaryPassword, UserRefused } from "~/services/users/create-user.server";
import { deleteUser, listUsers, setUserSuspended } from "~/services/users/manage-users.server";
import { readFields } from "~/lib/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Manage Users · Angle Admin" }];

const ADD_USER_REQUIRED = "Please fill in name and email.";
const AddUserSchema = z.object({
  name: z.string().trim().min(1, ADD_USER_REQUIRED).max(100),
  email: z.string().trim().min(1, ADD_USER_REQUIRED).max(254).pipe(z.email("Please enter a valid email address.")),
});

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return { q, users: await listUsers(q, readPageRequest(params)), selfId: admin.id };
}

type Result = { ok: boolean; message?: string; error?: string; password?: string; email?: string };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readFields(request);
  try {
    switch (form.intent) {
      case "add": {
        const parsed = AddUserSchema.safeParse(form);
        if (!parsed.success) return data<Result>({ ok: false, error: parsed.error.issues[0].message }, { status: 400 });
        const password = temporaryPassword();
        await createUserWithPassword({ ...parsed.data, password, role: "user" });
        return data<Result>({ ok: true, message: `Added ${parsed.data.email}.`, password, email: parsed.data.email.toLowerCase() });
      }
      case "suspend":
      case "activate":
        await setUserSuspended(admin.id, String(form.id ?? ""), form.intent === "suspend");
        return data<Result>({
          ok: true,
          message: form.intent === "suspend" ? "User suspended: they are signed out and cannot sign in." : "User activated.",
        });
      case "delete":
        await deleteUser(admin.id, String(form.id ?? ""));
        return data<Result>({ ok: true, message: "User deleted." });
      default:
        return data<Result>({ ok: false, error: "Unknown request." }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof UserRefused) return data<Result>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { q, users, selfId } = loaderData;
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
        <Form method="post" noValidate className="rounded-xl bg-white p-3 ring-1 ring-stone-200" key={actionData?.password ?? "add"}>
          <h2 className="font-semibold text-stone-900">Add user</h2>
          <input type="hidden" name="intent" value="add" />
          <fieldset disabled={navigation.state === "submitting"} className="mt-2 space-y-2">
            <TextField label="Name" name="name" required />
            <TextField label="Email" name="email" type="email" required />
            <button type="submit" className="h-10 w-full rounded-lg bg-brand-700 font-semibold text-white">
              Add User
            </button>
          </fieldset>
        </Form>
      </div>
      <Flash result={actionData} />
      {actionData?.password ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 [overflow-wrap:anywhere]">
          Temporary password for {actionData.email}: <code className="select-all font-mono font-bold">{actionData.password}</code> — shown
          once; give it to them to sign in.
        </p>
      ) : null}
      <Pager page={users} noun={["user", "users"]} className="mt-4" />
      <div className="mt-3">
        <DataTable
          caption="Users"
          columns={userColumns(selfId)}
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

function userColumns(selfId: string): Column<UserRow>[] {
  return [
    {
      header: "Name",
      className: "font-medium",
      cell: (u) => (
        <>
          {u.name}
          {u.id === selfId ? " (you)" : ""}
        </>
      ),
    },
    { header: "Email", cell: (u) => u.email },
    { header: "Role", nowrap: true, cell: (u) => u.role },
    {
      header: "Status",
      nowrap: true,
      cell: (u) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${u.status === "Active" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}
        >
          {u.status}
        </span>
      ),
    },
    { header: "Joined", nowrap: true, cell: (u) => formatDate(u.joined) },
    { header: "Last login", nowrap: true, cell: (u) => (u.lastLogin ? formatDate(u.lastLogin) : "—") },
    {
      header: "Actions",
      hiddenHeader: true,
      cell: (u) =>
        u.id === selfId ? null : (
          <span className="flex justify-end gap-1">
            <Form method="post">
              <input type="hidden" name="id" value={u.id} />
              <button
                type="submit"
                name="intent"
                value={u.status === "Active" ? "suspend" : "activate"}
                className="rounded-md border border-stone-300 px-2.5 py-1 text-xs font-semibold hover:bg-stone-50"
              >
                {u.status === "Active" ? "Suspend" : "Activate"}
              </button>
            </Form>
            <ConfirmForm
              message="Are you sure you want to delete this user?"
              label={`Delete ${u.email}`}
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
