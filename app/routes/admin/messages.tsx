import { data, Form } from "react-router";
import type { Route } from "./+types/messages";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { Pager } from "~/ui/pager";
import { MessagesActionSchema } from "~/features/accounts/domain/admin-forms";
import { formatDateTime } from "~/platform/core/dates";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { readPageRequest } from "~/platform/core/pagination";
import { listContactMessages, markContactMessageHandled } from "~/features/contact/server/list-contact-messages.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Messages · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { messages: await listContactMessages(readPageRequest(new URL(request.url).searchParams)) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = MessagesActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  if (!(await markContactMessageHandled(parsed.data.id))) return data({ error: "That message no longer exists." }, { status: 404 });
  return redirectWithToast("/admin/messages", { description: "Message marked handled." });
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Messages</h1>
      <p className="mt-1 text-sm text-stone-600">From the contact form and the home page's Contact Expert button.</p>
      <FormError message={actionData?.error} />
      <Pager page={loaderData.messages} noun={["message", "messages"]} className="mt-4" />
      {loaderData.messages.rows.length === 0 ? (
        <p className="mt-6 text-stone-600">No messages yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {loaderData.messages.rows.map((m) => (
            <li
              key={m.id}
              className={`min-w-0 rounded-xl bg-white p-4 ring-1 ring-stone-200 [overflow-wrap:anywhere] ${m.handled ? "opacity-60" : ""}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {m.subject}{" "}
                  {m.kind === "expert" ? (
                    <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      Expert call-back
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">{formatDateTime(m.createdAt)}</p>
              </div>
              <p className="text-sm text-stone-700">
                {m.name}
                {m.email ? (
                  <>
                    {" · "}
                    <a href={`mailto:${m.email}`} className="underline">
                      {m.email}
                    </a>
                  </>
                ) : null}
                {m.phone ? (
                  <>
                    {" · "}
                    <a href={`tel:${m.phone.replace(/\s/g, "")}`} className="underline">
                      {m.phone}
                    </a>
                  </>
                ) : null}
              </p>
              <p className="mt-2 whitespace-pre-wrap text-stone-800">{m.message}</p>
              {m.handled ? (
                <p className="mt-2 text-sm font-semibold text-brand-700">Handled</p>
              ) : (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="id" value={m.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="handled"
                    className="rounded-md border border-stone-300 px-3 py-1 text-sm font-semibold"
                  >
                    Mark handled
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.messages} noun={["message", "messages"]} className="mt-3" />
    </div>
  );
}
