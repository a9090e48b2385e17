import { data, Form, Link } from "react-router";
import Download from "lucide-react/icons/download";
import Pause from "lucide-react/icons/pause";
import Pencil from "lucide-react/icons/pencil";
import Play from "lucide-react/icons/play";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import Upload from "lucide-react/icons/upload";
import type { Route } from "./+types/products";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { Pager } from "~/ui/pager";
import { formatPaise } from "~/platform/core/money";
import { readPageRequest } from "~/platform/core/pagination";
import { getVendorProduct, listVendorProducts } from "~/features/vendor-shops/server/vendor-products.server";
import { pauseListing, removeListing, resumeListing } from "~/features/vendor-shops/server/vendor-listing-state.server";
import { listingActionsFor, ListingActionSchema } from "~/features/vendor-shops/domain/listing-actions";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { formErrors } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { FormError } from "~/ui/form-error";
import { getVendorLicences } from "~/features/vendor-shops/server/list-licences.server";
import { indiaToday } from "~/platform/core/india-day";
import type { LicenceKind, LicenceStatus } from "~/features/vendor-shops/domain/licences";
import { licenceNote, vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { type UiKey, useT } from "~/platform/i18n/i18n";
import { useLocalePath } from "~/ui/use-locale-path";
import type { ProductStatus } from "~/features/catalog/domain/product-status";
import { imageSrc } from "~/ui/image-srcset";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_products");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const [products, licences] = await Promise.all([
    listVendorProducts(vendor.id, readPageRequest(new URL(request.url).searchParams)),
    getVendorLicences(vendor.id, indiaToday()),
  ]);
  return { products, licenceStatus: Object.fromEntries(licences.map((l) => [l.kind, l.status])) as Record<LicenceKind, LicenceStatus> };
}

/**
 * Pause, resume or delete one of the vendor's own listings. Another vendor's listing, the store's
 * own product or an archived one is not found (404); a listing not in a state for that (pausing one
 * that waits for approval) is a 409; neither changes anything.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  const parsed = ListingActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: Object.values(formErrors(parsed.error))[0] ?? m.vendor_listing_not_found() }, { status: 400 });
  const { intent, id } = parsed.data;
  const listing = await getVendorProduct(vendor.id, id);
  if (!listing) return data({ error: m.vendor_listing_not_found() }, { status: 404 });
  const name = listing.name;
  const back = samePage(url);
  if (intent === "delete") {
    const removed = await removeListing(vendor.id, id);
    if (!removed) return data({ error: m.vendor_listing_not_found() }, { status: 404 });
    return redirectWithToast(back, {
      description: removed === "archived" ? m.vendor_listing_archived({ name }) : m.vendor_listing_deleted({ name }),
    });
  }
  if (intent === "pause") {
    if (!(await pauseListing(vendor.id, id))) return data({ error: m.vendor_listing_cannot_change() }, { status: 409 });
    return redirectWithToast(back, { description: m.vendor_listing_paused({ name }) });
  }
  const resumed = await resumeListing(vendor.id, id);
  if (!resumed) return data({ error: m.vendor_listing_cannot_change() }, { status: 409 });
  return redirectWithToast(back, {
    description: resumed === "live" ? m.vendor_listing_resumed({ name }) : m.vendor_listing_resumed_unlicensed({ name }),
  });
}

const STATE: Record<string, { label: UiKey; style: string }> = {
  live: { label: "ui_vendor_state_live", style: "bg-green-100 text-green-800" },
  pending: { label: "ui_vendor_state_pending", style: "bg-orange-100 text-orange-800" },
  rejected: { label: "ui_vendor_state_rejected", style: "bg-red-100 text-red-800" },
  suspended: { label: "ui_vendor_state_suspended", style: "bg-stone-200 text-stone-800" },
  unlicensed: { label: "ui_vendor_state_unlicensed", style: "bg-red-100 text-red-800" },
  paused: { label: "ui_vendor_state_paused", style: "bg-stone-200 text-stone-800" },
};

export default function VendorProducts({ loaderData, actionData }: Route.ComponentProps) {
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
      <FormError message={actionData?.error} />
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
              <img src={imageSrc(p.image)} alt="" width={56} height={56} className="h-14 w-14 rounded-lg bg-stone-100" />
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
                  <p className="text-sm text-red-700" data-testid="reject-reason">
                    {t("ui_vendor_reject_reason", { reason: p.rejectReason })}
                  </p>
                ) : null}
                {p.status === "paused" ? <p className="text-sm text-stone-700">{t("ui_vendor_paused_note")}</p> : null}
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
                className="inline-flex h-11 w-11 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
                aria-label={t("ui_vendor_edit_product", { name: p.name })}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Link>
              <ListingActions listing={p} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.products} noun={noun} className="mt-3" />
    </div>
  );
}

const ACTION_BUTTON =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-50";

/**
 * Pause or resume sales, and delete, as plain forms (they work without JavaScript). Delete asks
 * first in a disclosure: a listing that has orders is archived instead, and the question says so.
 */
function ListingActions({ listing }: { listing: { id: string; name: string; status: ProductStatus } }) {
  const t = useT();
  const offers = listingActionsFor(listing.status);
  return (
    <div className="flex w-full flex-wrap items-start gap-2 sm:w-auto">
      {offers.pause || offers.resume ? (
        <Form method="post">
          <input type="hidden" name="id" value={listing.id} />
          <button
            type="submit"
            name="intent"
            value={offers.pause ? "pause" : "resume"}
            className={ACTION_BUTTON}
            aria-label={t(offers.pause ? "ui_vendor_pause_of" : "ui_vendor_resume_of", { name: listing.name })}
          >
            {offers.pause ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
            {t(offers.pause ? "ui_vendor_pause" : "ui_vendor_resume")}
          </button>
        </Form>
      ) : null}
      <details className="group">
        <summary
          className={`${ACTION_BUTTON} cursor-pointer list-none text-red-800`}
          aria-label={t("ui_vendor_delete_of", { name: listing.name })}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t("ui_vendor_delete")}
        </summary>
        <Form method="post" className="mt-2 max-w-xs rounded-lg bg-red-50 p-3 text-sm text-stone-800 ring-1 ring-red-200">
          <p>{t("ui_vendor_delete_confirm", { name: listing.name })}</p>
          <input type="hidden" name="id" value={listing.id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="mt-2 min-h-11 rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
          >
            {t("ui_vendor_delete_yes")}
          </button>
        </Form>
      </details>
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
