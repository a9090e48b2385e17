import { data, Form } from "react-router";
import type { Route } from "./+types/vendors";
import { requireAdminAction, requireAdminPage } from "~/auth/guards.server";
import { Flash } from "~/components/admin/flash";
import { CATEGORY_LABELS } from "~/domain/categories";
import { formatPaise } from "~/domain/money";
import { listPendingListings, listVendors, reviewListing } from "~/services/sellers/approve-listings.server";
import { readForm } from "~/lib/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Vendors · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const [vendors, pending] = await Promise.all([listVendors(), listPendingListings()]);
  return { vendors, pending };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  const decision = form.get("intent");
  if (decision !== "approve" && decision !== "reject") return data({ ok: false, error: "Unknown request." }, { status: 400 });
  const reason = String(form.get("reason") ?? "").trim();
  if (decision === "reject" && !reason)
    return data({ ok: false, error: "Please give the vendor a reason for rejecting the listing." }, { status: 400 });
  const version = String(form.get("version") ?? "") || undefined;
  if (!(await reviewListing(id, decision, reason, version))) {
    return data(
      { ok: false, error: "That listing changed or is no longer waiting for approval. Please review it again." },
      { status: 409 },
    );
  }
  return {
    ok: true,
    message: decision === "approve" ? "Listing approved: it is on sale now." : "Listing rejected; the vendor sees your reason.",
  };
}

export default function AdminVendors({ loaderData, actionData }: Route.ComponentProps) {
  const { vendors, pending } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Vendors</h1>
      <Flash result={actionData} />
      <section className="mt-4" aria-labelledby="queue-title">
        <h2 id="queue-title" className="text-lg font-bold">
          Listings awaiting approval ({pending.length})
        </h2>
        {pending.length === 0 ? (
          <p className="mt-2 text-stone-600">Nothing to review.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {pending.map((p) => (
              <li key={p.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="pending-listing">
                <div className="flex flex-wrap gap-3">
                  <img src={p.image} alt="" width={64} height={64} className="h-16 w-16 rounded-lg bg-stone-100" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{p.name}</p>
                    <p className="text-sm text-stone-600">
                      {p.business_name} · {CATEGORY_LABELS[p.category]} · {formatPaise(p.price_paise)} · stock {p.stock}
                    </p>
                    <p className="mt-1 text-sm text-stone-700">{p.description}</p>
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={p.id} />
                    <input type="hidden" name="version" value={p.updated_at} />
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white"
                    >
                      Approve
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={p.id} />
                    <input type="hidden" name="version" value={p.updated_at} />
                    <div className="min-w-48 flex-1">
                      <label htmlFor={`reason-${p.id}`} className="text-sm font-medium text-stone-700">
                        Reason for rejecting
                      </label>
                      <input
                        id={`reason-${p.id}`}
                        name="reason"
                        maxLength={500}
                        className="mt-1 h-10 w-full rounded-lg border border-stone-300 px-3"
                      />
                    </div>
                    <button
                      type="submit"
                      name="intent"
                      value="reject"
                      className="h-10 rounded-lg border border-red-700 px-4 font-semibold text-red-800"
                    >
                      Reject
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="relative mt-8 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200" aria-labelledby="vendors-title">
        <h2 id="vendors-title" className="p-4 pb-0 text-lg font-bold">
          All vendors ({vendors.length})
        </h2>
        {/* Phones get a list: a six-column table would scroll sideways with nothing a keyboard can focus. */}
        <ul className="mt-2 divide-y divide-stone-100 text-sm md:hidden">
          {vendors.map((v) => (
            <li key={v.id} className="space-y-0.5 p-4">
              <p className="font-medium">
                {v.businessName}
                {v.banned ? " (suspended)" : ""}
              </p>
              <p className="font-mono">{v.gstNumber}</p>
              <p className="break-all">{v.email}</p>
              <p>{v.phone}</p>
              <p>
                {v.city}, {v.state}
              </p>
              <p>
                Live {v.live} · Pending {v.pending}
              </p>
            </li>
          ))}
        </ul>
        <table className="mt-2 hidden w-full min-w-[40rem] text-left text-sm md:table">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              <th className="p-3">Business</th>
              <th className="p-3">GSTIN</th>
              <th className="p-3">Contact</th>
              <th className="p-3">Location</th>
              <th className="p-3">Live</th>
              <th className="p-3">Pending</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {vendors.map((v) => (
              <tr key={v.id}>
                <td className="p-3 font-medium">
                  {v.businessName}
                  {v.banned ? " (suspended)" : ""}
                </td>
                <td className="p-3 font-mono">{v.gstNumber}</td>
                <td className="p-3">
                  {v.email}
                  <br />
                  {v.phone}
                </td>
                <td className="p-3">
                  {v.city}, {v.state}
                </td>
                <td className="p-3">{v.live}</td>
                <td className="p-3">{v.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
