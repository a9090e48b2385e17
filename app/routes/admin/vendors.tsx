import { data, Form } from "react-router";
import type { Route } from "./+types/vendors";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { VendorsActionSchema } from "~/features/accounts/domain/admin-forms";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { CATEGORY_LABELS } from "~/features/catalog/domain/category-labels";
import { formatPaise } from "~/platform/core/money";
import { readPageRequest } from "~/platform/core/pagination";
import { Pager } from "~/ui/pager";
import { type Column, DataTable } from "~/ui/data-table";
import type { VariantView } from "~/features/catalog/domain/variants";
import {
  ListingNeedsLicence,
  listPendingListings,
  listVendors,
  type ReviewOutcome,
  reviewListing,
} from "~/features/vendor-shops/server/approve-listings.server";
import { LicenceRefused, revokeLicence, verifyLicence } from "~/features/vendor-shops/server/verify-licence.server";
import { LICENCE_LABELS } from "~/features/vendor-shops/domain/licences";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { VendorLicences } from "~/features/vendor-shops/ui/vendor-licences";
import { imageSrc } from "~/ui/image-srcset";

export const meta: Route.MetaFunction = () => [{ title: "Vendors · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const [vendors, pending] = await Promise.all([
    listVendors(readPageRequest(params)),
    listPendingListings(readPageRequest(params, "queue")),
  ]);
  return { vendors, pending };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = VendorsActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "approve":
      case "reject": {
        const reason = form.intent === "reject" ? form.reason : undefined;
        const outcome = await reviewListing(form.id, form.intent, { version: form.version, reason });
        if (!outcome) {
          return data({ error: "That listing changed or is no longer waiting for approval. Please review it again." }, { status: 409 });
        }
        return redirectWithToast("/admin/vendors", { description: REVIEWED[outcome] });
      }
      case "verify-licence": {
        const on = await verifyLicence(admin.id, { vendorId: form.vendorId, kind: form.kind, version: form.version });
        return redirectWithToast(samePage(url), {
          description: `${LICENCE_LABELS[form.kind]} verified.${on ? ` ${listings(on)} back on sale.` : ""}`,
        });
      }
      case "revoke-licence": {
        const off = await revokeLicence({ vendorId: form.vendorId, kind: form.kind });
        if (off === null) return data({ error: "That licence is not verified, so there is nothing to revoke." }, { status: 409 });
        return redirectWithToast(samePage(url), {
          description: `${LICENCE_LABELS[form.kind]} verification revoked.${off ? ` ${listings(off)} taken off sale.` : ""}`,
        });
      }
    }
  } catch (error) {
    if (error instanceof ListingNeedsLicence || error instanceof LicenceRefused)
      return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

const listings = (n: number) => (n === 1 ? "1 listing" : `${n.toLocaleString("en-IN")} listings`);

/** The toast after a review, saying what the service really did with the listing. */
const REVIEWED: Record<ReviewOutcome, string> = {
  live: "Listing approved: it is on sale now.",
  suspended: "Listing approved. Its vendor is suspended, so it goes on sale only when the vendor is reactivated.",
  rejected: "Listing rejected; the vendor sees your reason.",
};

export default function AdminVendors({ loaderData, actionData }: Route.ComponentProps) {
  const { vendors, pending } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Vendors</h1>
      <FormError message={actionData?.error} />
      <section id="queue" className="mt-4" aria-labelledby="queue-title">
        <h2 id="queue-title" className="text-lg font-bold">
          Listings awaiting approval ({pending.total.toLocaleString("en-IN")})
        </h2>
        {pending.rows.length === 0 ? (
          <p className="mt-2 text-stone-600">Nothing to review.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {pending.rows.map((p) => (
              <li key={p.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="pending-listing">
                <div className="flex flex-wrap gap-3">
                  <img src={imageSrc(p.image)} alt="" width={64} height={64} className="h-16 w-16 rounded-lg bg-stone-100" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{p.name}</p>
                    <p className="text-sm text-stone-600">
                      {p.businessName} · {CATEGORY_LABELS[p.category]}
                      {p.regulatedAs === "pesticide" ? " (pesticide)" : ""} · {p.variants.length > 1 ? "from " : ""}
                      {formatPaise(p.pricePaise)} · stock {p.stock}
                    </p>
                    {p.brand ? <p className="text-sm text-stone-600">Brand: {p.brand}</p> : null}
                    <p className="mt-1 text-sm text-stone-700">{p.description}</p>
                  </div>
                </div>
                <PendingSizes name={p.name} sizes={p.variants} />
                {p.licenceBlock ? (
                  <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="licence-block">
                    <p id={`licence-${p.id}`} className="font-medium">
                      {p.licenceBlock}
                    </p>
                    {p.licence ? <VendorLicences vendorId={p.vendorId} businessName={p.businessName} licences={[p.licence]} /> : null}
                  </div>
                ) : null}
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={p.id} />
                    <input type="hidden" name="version" value={p.version} />
                    {/* The server refuses the approval too: this only says so before the click. */}
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      disabled={Boolean(p.licenceBlock)}
                      aria-describedby={p.licenceBlock ? `licence-${p.id}` : undefined}
                      className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white disabled:bg-stone-400 disabled:text-stone-900"
                    >
                      Approve
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={p.id} />
                    <input type="hidden" name="version" value={p.version} />
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
        <Pager page={pending} noun={["listing", "listings"]} prefix="queue" className="mt-3" />
      </section>
      <section className="mt-8" aria-labelledby="vendors-title">
        <h2 id="vendors-title" className="text-lg font-bold">
          All vendors ({vendors.total.toLocaleString("en-IN")})
        </h2>
        <div className="mt-3">
          <DataTable
            caption="Vendors"
            columns={vendorColumns}
            rows={vendors.rows}
            rowKey={(v) => v.id}
            rowTestId="admin-vendor-row"
            empty={<p className="p-6 text-center text-stone-600">No vendors yet.</p>}
          />
        </div>
        <Pager page={vendors} noun={["vendor", "vendors"]} className="mt-3" />
      </section>
    </div>
  );
}

type VendorRow = Route.ComponentProps["loaderData"]["vendors"]["rows"][number];

const vendorColumns: Column<VendorRow>[] = [
  {
    header: "Business",
    className: "font-medium",
    cell: (v) => (
      <>
        {v.businessName}
        {v.banned ? " (suspended)" : ""}
      </>
    ),
  },
  { header: "GSTIN", nowrap: true, className: "font-mono", cell: (v) => v.gstNumber },
  {
    header: "Contact",
    cell: (v) => (
      <>
        {v.email}
        <br />
        <span className="whitespace-nowrap">{v.phone}</span>
      </>
    ),
  },
  { header: "Location", cell: (v) => `${v.city}, ${v.state}` },
  { header: "Live", nowrap: true, align: "right", cell: (v) => v.live.toLocaleString("en-IN") },
  { header: "Pending", nowrap: true, align: "right", cell: (v) => v.pending.toLocaleString("en-IN") },
  { header: "Licences", cell: (v) => <VendorLicences vendorId={v.id} businessName={v.businessName} licences={v.licences} /> },
];

/** A pending listing's pack sizes: what the store will sell if the admin approves. */
function PendingSizes({ name, sizes }: { name: string; sizes: VariantView[] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">Pack sizes of {name}</caption>
        <thead className="text-xs uppercase text-stone-600">
          <tr>
            <th scope="col" className="py-1 pr-3">
              Size
            </th>
            <th scope="col" className="py-1 pr-3">
              SKU
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              MRP
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              Price
            </th>
            <th scope="col" className="py-1 text-right">
              Stock
            </th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((v) => (
            <tr key={v.id} className="border-t border-stone-100" data-testid="pending-size">
              <td className="py-1 pr-3">{v.label}</td>
              <td className="py-1 pr-3 font-mono text-xs">{v.sku}</td>
              <td className="py-1 pr-3 text-right">{formatPaise(v.mrpPaise)}</td>
              <td className="py-1 pr-3 text-right">{formatPaise(v.pricePaise)}</td>
              <td className="py-1 text-right">{v.stock.toLocaleString("en-IN")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
