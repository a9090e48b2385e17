import { data, Form } from "react-router";
import type { Route } from "./+types/outbox";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { Pager } from "~/ui/pager";
import { formatDateTime } from "~/platform/core/dates";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { OutboxActionSchema } from "~/features/messaging/domain/outbox";
import { readPageRequest } from "~/platform/core/pagination";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { listFailedOutbox } from "~/features/messaging/server/list-outbox.server";
import { retryOutboxMessage } from "~/features/messaging/server/retry-outbox.server";
import { nudgeOutbox } from "~/features/messaging/server/worker.server";

export const meta: Route.MetaFunction = () => [{ title: "Outbox · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return listFailedOutbox(readPageRequest(new URL(request.url).searchParams));
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = OutboxActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  if (!(await retryOutboxMessage(parsed.data.id))) {
    return data({ error: "That message is no longer waiting for a retry. Please reload the page." }, { status: 404 });
  }
  nudgeOutbox();
  return redirectWithToast("/admin/outbox", { description: "Message queued to be sent again." });
}

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { failed, pending } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Outbox</h1>
      <p className="mt-1 text-sm text-stone-600">
        Emails and SMS that could not be sent after every try. {pending === 1 ? "1 message is" : `${pending} messages are`} waiting to be
        sent.
      </p>
      <FormError message={actionData?.error} />
      <Pager page={failed} noun={["failed message", "failed messages"]} className="mt-4" />
      {failed.rows.length === 0 ? (
        <p className="mt-6 text-stone-600">No failed messages.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {failed.rows.map((m) => (
            <li key={m.id} className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-stone-200 [overflow-wrap:anywhere]">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">{m.subject || "(no subject)"}</p>
                <p className="text-sm text-stone-600">{formatDateTime(m.createdAt)}</p>
              </div>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
                <dt className="font-medium">Kind</dt>
                <dd>
                  {m.kind} ({m.channel === "email" ? "email" : "SMS"})
                </dd>
                <dt className="font-medium">To</dt>
                <dd>{m.recipient}</dd>
                <dt className="font-medium">Attempts</dt>
                <dd>{m.attempts}</dd>
                <dt className="font-medium">Last error</dt>
                <dd>{m.lastError || "—"}</dd>
              </dl>
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={m.id} />
                <button
                  type="submit"
                  name="intent"
                  value="retry"
                  className="rounded-md border border-stone-300 px-3 py-1 text-sm font-semibold"
                >
                  Retry
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pager page={failed} noun={["failed message", "failed messages"]} className="mt-3" />
    </div>
  );
}
