import { Link } from "react-router";
import Download from "lucide-react/icons/download";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Upload from "lucide-react/icons/upload";
import type { Route } from "./+types/products";
import { requireVendorPage } from "~/auth/guards.server";
import { CATEGORY_LABELS } from "~/domain/categories";
import { Pager } from "~/components/pager";
import { formatPaise } from "~/domain/money";
import { readPageRequest } from "~/domain/pagination";
import { listVendorProducts } from "~/services/sellers/vendor-products.server";
import { getVendorLicences } from "~/services/sellers/list-licences.server";
import { indiaToday } from "~/domain/india-day";
import { type LicenceKind, type LicenceStatus, vendorLicenceNote } from "~/domain/licences";
import type { ProductStatus } from "~/db/schema";

export const meta: Route.MetaFunction = () => [{ title: "My Products · Angle Vendor" }];

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const [products, licences] = await Promise.all([
    listVendorProducts(vendor.id, readPageRequest(new URL(request.url).searchParams)),
    getVendorLicences(vendor.id, indiaToday()),
  ]);
  return { products, licenceStatus: Object.fromEntries(licences.map((l) => [l.kind, l.status])) as Record<LicenceKind, LicenceStatus> };
}

const STATE: Record<string, { label: string; style: string }> = {
  live: { label: "Live", style: "bg-green-100 text-green-800" },
  pending: { label: "Pending approval", style: "bg-orange-100 text-orange-800" },
  rejected: { label: "Rejected", style: "bg-red-100 text-red-800" },
  suspended: { label: "Off sale: account suspended", style: "bg-stone-200 text-stone-800" },
  unlicensed: { label: "Off sale: licence", style: "bg-red-100 text-red-800" },
};

export default function VendorProducts({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">My Products</h1>
        <div className="flex flex-wrap gap-2">
          <a
            href="/vendor-login/products/export"
            download
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </a>
          <Link
            to="/vendor-login/products/import"
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            <Upload className="h-4 w-4" aria-hidden="true" /> Import CSV
          </Link>
          <Link
            to="/vendor-login/products/new"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add New Product
          </Link>
        </div>
      </div>
      <p className="mt-1 text-sm text-stone-600">New and edited listings are checked by our team before shoppers see them.</p>
      <Pager page={loaderData.products} noun={["listing", "listings"]} className="mt-4" />
      {loaderData.products.rows.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">You have no listings yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {loaderData.products.rows.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200"
              data-testid="vendor-product"
            >
              <img src={p.image} alt="" width={56} height={56} className="h-14 w-14 rounded-lg bg-stone-100" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">{p.name}</p>
                <p className="text-sm text-stone-600">
                  {CATEGORY_LABELS[p.category]}
                  {p.regulatedAs === "pesticide" ? " (pesticide)" : ""} ·{" "}
                  <span className="whitespace-nowrap">
                    {p.sizes > 1 ? "from " : ""}
                    {formatPaise(p.pricePaise)}
                  </span>
                  {p.sizes > 1 ? ` · ${p.sizes} sizes` : ""} · stock {p.stock}
                </p>
                {p.status === "rejected" && p.rejectReason ? <p className="text-sm text-red-700">Reason: {p.rejectReason}</p> : null}
                <LicenceNote listing={p} licenceStatus={loaderData.licenceStatus} />
              </div>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE[p.status]?.style ?? ""}`}
                data-testid="listing-state"
              >
                {STATE[p.status]?.label ?? p.status}
              </span>
              <Link
                to={`/vendor-login/products/${p.id}`}
                className="rounded-md p-2 text-stone-700 hover:bg-stone-100"
                aria-label={`Edit ${p.name}`}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.products} noun={["listing", "listings"]} className="mt-3" />
    </div>
  );
}

/** Why a listing of a regulated kind is off sale, or cannot be approved yet: the licence it needs. */
function LicenceNote({
  listing,
  licenceStatus,
}: {
  listing: { status: ProductStatus; regulatedAs: LicenceKind | null };
  licenceStatus: Record<LicenceKind, LicenceStatus>;
}) {
  if (!listing.regulatedAs || !["live", "pending", "unlicensed"].includes(listing.status)) return null;
  const note = vendorLicenceNote(listing.regulatedAs, licenceStatus[listing.regulatedAs]);
  if (!note) return null;
  return (
    <p className="text-sm text-red-700" data-testid="licence-note">
      {note}{" "}
      <Link to="/vendor-login/profile#licences" className="font-semibold underline">
        Your licences
      </Link>
    </p>
  );
}
