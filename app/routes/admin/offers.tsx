import { data, Form, Link } from "react-router";
import type { Route } from "./+types/offers";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { Pager } from "~/ui/pager";
import { readPageRequest } from "~/platform/core/pagination";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatPaise } from "~/platform/core/money";
import { formatDate } from "~/platform/core/dates";
import { firstRefusal, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { OfferStatusSchema } from "~/features/offers/domain/offer-form";
import type { Offer } from "~/features/offers/domain/offers";
import { listOffers, setOfferStatus } from "~/features/offers/server/admin-offers.server";

export const meta: Route.MetaFunction = () => [{ title: "Offers · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { page: await listOffers(readPageRequest(new URL(request.url).searchParams)) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = OfferStatusSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: renderRefusal(firstRefusal(parsed.error)) }, { status: 400 });
  const { intent, id } = parsed.data;
  if (!(await setOfferStatus(id, intent))) return data({ error: renderRefusal(refusal("offers.not_found")) }, { status: 409 });
  const done = {
    pause: "Offer paused.",
    resume: "Offer resumed.",
    end: "Offer ended.",
    approve: "Offer approved: it applies from now (within its dates).",
    reject: "Offer rejected.",
  }[intent];
  return redirectWithToast(`/admin/offers${new URL(request.url).search}`, { description: done });
}

function discountText(o: Offer) {
  const d = o.discount;
  if (d.type === "buy_x_get_y") return `Buy ${d.buy} get ${d.get} ${d.percent >= 100 ? "free" : `at ${d.percent}% off`}`;
  return d.type === "percent" ? `${d.percent}% off` : d.type === "fixed" ? `${formatPaise(d.paise)} off` : "Free delivery";
}

const STATUS_STYLE = { active: "bg-green-50 text-green-800", paused: "bg-amber-50 text-amber-900", ended: "bg-stone-100 text-stone-600" };

export default function AdminOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Offers</h1>
        <Link
          to="/admin/offers/new"
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          New offer
        </Link>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Coupons (a code the customer enters) and automatic offers. Each line gets its best automatic offer, one coupon adds on top, and
        offers marked “stacks” add after it (decision 050). A vendor's offer, on their own products and funded by them, waits here for your
        approval.
      </p>
      <FormError message={actionData?.error} />
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-stone-600 ring-1 ring-stone-200">No offers yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th className="px-3 py-2">Offer</th>
                <th className="px-3 py-2">Discount</th>
                <th className="px-3 py-2">Valid</th>
                <th className="px-3 py-2">Used</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {page.rows.map((o) => (
                <tr key={o.id} data-testid="offer-row">
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">
                    <Link to={`/admin/offers/${o.id}`} className="font-semibold text-brand-800 hover:underline">
                      {o.name}
                    </Link>
                    <span className="block text-xs text-stone-500">
                      {o.code ? `Coupon ${o.code}` : "Automatic"}
                      {o.vendorName ? ` · funded by ${o.vendorName}` : ""}
                      {o.pincodes.length > 0 ? ` · pincodes ${o.pincodes.join(", ")}` : ""}
                    </span>
                  </td>
                  <td className="px-3 py-2">{discountText(o)}</td>
                  <td className="px-3 py-2 text-xs">
                    {formatDate(o.startsAt, "en")} – {o.endsAt ? formatDate(o.endsAt, "en") : "no end"}
                  </td>
                  <td className="px-3 py-2 text-xs">
                    {o.uses}
                    {o.maxUses !== null ? ` of ${o.maxUses}` : ""}
                    {o.budgetPaise !== null ? ` · ${formatPaise(o.spentPaise)} of ${formatPaise(o.budgetPaise)}` : ""}
                  </td>
                  <td className="px-3 py-2">
                    {o.approval === "approved" ? (
                      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[o.status]}`}>{o.status}</span>
                    ) : (
                      <span
                        className={`rounded px-2 py-0.5 text-xs font-semibold ${o.approval === "pending" ? "bg-amber-50 text-amber-900" : "bg-red-50 text-red-800"}`}
                        data-testid="offer-approval"
                      >
                        {o.approval === "pending" ? "Awaiting approval" : "Rejected"}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex gap-2">
                      {o.approval === "pending" ? <StatusButton id={o.id} intent="approve" label="Approve" name={o.name} /> : null}
                      {o.approval === "pending" ? <StatusButton id={o.id} intent="reject" label="Reject" name={o.name} /> : null}
                      {o.status === "active" ? <StatusButton id={o.id} intent="pause" label="Pause" name={o.name} /> : null}
                      {o.status === "paused" ? <StatusButton id={o.id} intent="resume" label="Resume" name={o.name} /> : null}
                      {o.status !== "ended" ? <StatusButton id={o.id} intent="end" label="End" name={o.name} /> : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} noun={["offer", "offers"]} className="mt-4" />
    </div>
  );
}

function StatusButton({ id, intent, label, name }: { id: string; intent: string; label: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" aria-label={`${label} ${name}`} className="rounded-md border border-stone-300 px-3 py-1 text-sm font-semibold">
        {label}
      </button>
    </Form>
  );
}
