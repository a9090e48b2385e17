import { Link } from "react-router";
import Download from "lucide-react/icons/download";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Upload from "lucide-react/icons/upload";
import type { Route } from "./+types/products";
import { requireVendorPage } from "~/platform/auth/guards.server";
import { Pager } from "~/ui/pager";
import { formatPaise } from "~/platform/core/money";
import { readPageRequest } from "~/platform/core/pagination";
import { listVendorProducts } from "~/features/vendor-shops/server/vendor-products.server";
import { getVendorLicences } from "~/features/vendor-shops/server/list-licences.server";
import { indiaToday } from "~/platform/core/india-day";
import type { LicenceKind, LicenceStatus } from "~/features/vendor-shops/domain/licences";
import { licenceNote, vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { type UiKey, useT } from "~/platform/i18n/i18n";
import { useLocalePath } from "~/ui/use-locale-path";
import type { ProductStatus } from "~/features/catalog/domain/product-status";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_products");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const [products, licences] = await Promise.all([
    listVendorProducts(vendor.id, readPageRequest(new URL(request.url).searchParams)),
    getVendorLicences(vendor.id, indiaToday()),
  ]);
  return { products, licenceStatus: Object.fromEntries(licences.map((l) => [l.kind, l.status])) as Record<LicenceKind, LicenceStatus> };
}

const STATE: Record<string, { label: UiKey; style: string }> = {
  live: { label: "ui_vendor_state_live", style: "bg-green-100 text-green-800" },
  pending: { label: "ui_vendor_state_pending", style: "bg-orange-100 text-orange-800" },
  rejected: { label: "ui_vendor_state_rejected", style: "bg-red-100 text-red-800" },
  suspended: { label: "ui_vendor_state_suspended", style: "bg-stone-200 text-stone-800" },
  unlicensed: { label: "ui_vendor_state_unlicensed", style: "bg-red-100 text-red-800" },
};

export default function VendorProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const localePath = useLocalePath();
  const noun = [t("ui_vendor_noun_listing_one"), t("ui_vendor_noun_listing_other")] as const;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_nav_products")}</h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={localePath("/vendor-login/products/export")}
            download
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            <Download className="h-4 w-4" aria-hidden="true" /> {t("ui_vendor_export_csv")}
          </a>
          <Link
            to="/vendor-login/products/import"
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            <Upload className="h-4 w-4" aria-hidden="true" /> {t("ui_vendor_import_csv")}
          </Link>
          <Link
            to="/vendor-login/products/new"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> {t("ui_vendor_add_product")}
          </Link>
        </div>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t("ui_vendor_products_checked")}</p>
      <Pager page={loaderData.products} noun={noun} className="mt-4" />
      {loaderData.products.rows.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">{t("ui_vendor_no_listings")}</p>
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
                  {t(`ui_vendor_category_${p.category}`)}
                  {p.regulatedAs === "pesticide" ? t("ui_vendor_pesticide_suffix") : ""} ·{" "}
                  <span className="whitespace-nowrap">
                    {p.sizes > 1 ? t("ui_vendor_price_from", { price: formatPaise(p.pricePaise) }) : formatPaise(p.pricePaise)}
                  </span>
                  {p.sizes > 1 ? ` · ${t("ui_vendor_sizes", { count: p.sizes })}` : ""} · {t("ui_vendor_stock", { count: p.stock })}
                </p>
                {p.status === "rejected" && p.rejectReason ? (
                  <p className="text-sm text-red-700">{t("ui_vendor_reject_reason", { reason: p.rejectReason })}</p>
                ) : null}
                <LicenceNote listing={p} licenceStatus={loaderData.licenceStatus} />
              </div>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE[p.status]?.style ?? ""}`}
                data-testid="listing-state"
              >
                {p.status in STATE ? t((STATE[p.status] as { label: UiKey }).label) : p.status}
              </span>
              <Link
                to={`/vendor-login/products/${p.id}`}
                className="rounded-md p-2 text-stone-700 hover:bg-stone-100"
                aria-label={t("ui_vendor_edit_product", { name: p.name })}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.products} noun={noun} className="mt-3" />
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
  const t = useT();
  if (!listing.regulatedAs || !["live", "pending", "unlicensed"].includes(listing.status)) return null;
  const note = licenceNote(t, listing.regulatedAs, licenceStatus[listing.regulatedAs]);
  if (!note) return null;
  return (
    <p className="text-sm text-red-700" data-testid="licence-note">
      {note}{" "}
      <Link to="/vendor-login/profile#licences" className="font-semibold underline">
        {t("ui_vendor_your_licences")}
      </Link>
    </p>
  );
}
