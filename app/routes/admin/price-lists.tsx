import { data, Form, Link } from "react-router";
import type { Route } from "./+types/price-lists";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatDate } from "~/platform/core/dates";
import { firstRefusal, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { PriceListStatusSchema } from "~/features/price-lists/domain/price-list-form";
import { listPriceLists, setPriceListStatus } from "~/features/price-lists/server/admin-price-lists.server";
import { PriceListRefused } from "~/features/price-lists/server/price-list-refused.server";

export const meta: Route.MetaFunction = () => [{ title: "Price lists · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { lists: await listPriceLists() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = PriceListStatusSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: renderRefusal(firstRefusal(parsed.error)) }, { status: 400 });
  try {
    await setPriceListStatus(parsed.data.id, parsed.data.intent);
  } catch (error) {
    if (error instanceof PriceListRefused) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
  return redirectWithToast("/admin/price-lists", {
    description: parsed.data.intent === "pause" ? "Price list paused." : "Price list turned on.",
  });
}

const STATUS_STYLE = { active: "bg-green-50 text-green-800", paused: "bg-amber-50 text-amber-900" };

export default function AdminPriceLists({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Price lists</h1>
        <Link
          to="/admin/price-lists/new"
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          New price list
        </Link>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        A customer group's own prices for a period: a fixed price for a pack size, or a percentage off a product or a category. A member
        pays the lowest of the size's price, its quantity price and the list's; offers apply on top (decision 054).
      </p>
      <FormError message={actionData?.error} />
      {loaderData.lists.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-stone-600 ring-1 ring-stone-200">No price lists yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th className="px-3 py-2">Price list</th>
                <th className="px-3 py-2">Group</th>
                <th className="px-3 py-2">Valid (India time)</th>
                <th className="px-3 py-2">Prices</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {loaderData.lists.map((l) => (
                <tr key={l.id} data-testid="price-list-row">
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">
                    <Link to={`/admin/price-lists/${l.id}`} className="font-semibold text-brand-800 hover:underline">
                      {l.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{l.groupName}</td>
                  <td className="px-3 py-2 text-xs">
                    {formatDate(l.startsAt, "en")} – {l.endsAt ? formatDate(l.endsAt, "en") : "no end"}
                  </td>
                  <td className="px-3 py-2">{l.entries}</td>
                  <td className="px-3 py-2">
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[l.status]}`}>{l.status}</span>
                  </td>
                  <td className="px-3 py-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value={l.status === "active" ? "pause" : "resume"} />
                      <input type="hidden" name="id" value={l.id} />
                      <button
                        type="submit"
                        aria-label={`${l.status === "active" ? "Pause" : "Turn on"} ${l.name}`}
                        className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold"
                      >
                        {l.status === "active" ? "Pause" : "Turn on"}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
