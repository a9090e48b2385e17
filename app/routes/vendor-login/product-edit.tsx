import { data, Link } from "react-router";
import type { Route } from "./+types/product-edit";
import { defined } from "~/platform/defined";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { ProductForm, productFormValues } from "~/features/catalog/ui/product-form";
import { variantRowsOf } from "~/features/catalog/domain/product-form";
import { getProductFormExtras } from "~/features/catalog/server/product-form-extras.server";
import { skuTakenReply } from "~/features/catalog/server/sku-taken-reply.server";
import { discardParsedPictures, parseProductForm } from "~/features/catalog/server/parse-product-form.server";
import { SkuTaken } from "~/features/catalog/server/save-product.server";
import { createVendorProduct, getVendorProduct, updateVendorProduct } from "~/features/vendor-shops/server/vendor-products.server";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { readForm, textFields } from "~/platform/http/read-form.server";
import { replyDecided } from "~/platform/http/submission.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { isOversizedUpload, oversizedUpload } from "~/features/catalog/web/oversized-upload.server";
import { LOT_INTENTS, loadLotsSection, lotsAction } from "~/features/lots/web/lots-page.server";
import { LotsSection } from "~/features/lots/ui/lots-section";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_listing");

export async function loader({ request, params }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  if (!params.id) return { product: null };
  // Another vendor's listing, or the store's own product, reads as not found.
  const product = await getVendorProduct(vendor.id, params.id);
  const extras = product ? await getProductFormExtras(product.id) : null;
  if (!product || !extras) throw data(m.vendor_listing_not_found(), { status: 404 });
  return { product: { ...product, extras, lots: await loadLotsSection(product.id) } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  // Refused before the form is read: nothing typed comes back.
  const unread = new FormData();
  if (params.id && !(await getVendorProduct(vendor.id, params.id))) return refuse(unread, { error: m.vendor_listing_not_found() }, 404);
  if (!vendor.verified) return refuse(unread, { error: renderRefusal(refusal("vendor.verify_before_listing")) }, 403);
  if (isOversizedUpload(request)) return refuse(unread, oversizedUpload(), 413);
  const form = await readForm(request);
  // The lots section's forms (receive, adjust) post here too, with their intent.
  if (params.id && LOT_INTENTS.includes(String(form.get("intent"))))
    return lotsAction(textFields(form), { role: "vendor", userId: vendor.id }, `/vendor-login/products/${params.id}`);
  // An edit must say which version it was drawn from: without one it might overwrite stock sold since.
  const current = params.id ? await getProductFormExtras(params.id) : null;
  const result = await parseProductForm(form, { editing: Boolean(params.id), gallery: current?.gallery });
  if (!result.ok) return refuse(form, result, result.stale ? 409 : result.fields.image || result.fields.gallery ? 422 : 400);
  try {
    if (params.id) {
      // parseProductForm refuses an edit without a version, so there is one here.
      const version = defined(result.version, "the edited form's version");
      if (!(await updateVendorProduct(vendor.id, params.id, result.input, { ...result, version }))) {
        await discardParsedPictures(result);
        return refuse(form, { error: renderRefusal(refusal("product.changed")) }, 409);
      }
    } else await createVendorProduct(vendor.id, result.input, result);
  } catch (error) {
    if (error instanceof SkuTaken) {
      await discardParsedPictures(result);
      return refuse(form, skuTakenReply(error, variantRowsOf(form), null), 409);
    }
    if (error instanceof RefusalError) {
      await discardParsedPictures(result);
      return refuse(form, { error: renderRefusal(error.refusal) }, error.status);
    }
    throw error;
  }
  return redirectWithToast("/vendor-login/products", {
    description: m.vendor_listing_sent({ name: result.input.name }),
  });
}

/**
 * A refused listing: Conform's reply (what was typed comes back, so a page without JavaScript shows
 * it again, and each field's error beside it) with the refusal's sentence at the top.
 */
function refuse(form: FormData, refused: { error: string; fields?: Record<string, string> }, status: number) {
  return data({ result: replyDecided(form, { formError: refused.error, fieldErrors: refused.fields }) }, { status });
}

export default function VendorProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData.product;
  const t = useT();
  return (
    <div>
      <Link to="/vendor-login/products" className="text-sm font-semibold text-brand-700 hover:underline">
        {t("ui_vendor_back_to_products")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">
        {p ? t("ui_vendor_edit_product", { name: p.name }) : t("ui_vendor_add_product")}
      </h1>
      <p className="mt-1 text-sm text-stone-600">{p ? t("ui_vendor_listing_edit_note") : t("ui_vendor_listing_new_note")}</p>
      {p?.status === "rejected" && p.rejectReason ? (
        <div className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="reject-reason">
          <p className="font-semibold">{t("ui_vendor_rejected_title")}</p>
          <p className="mt-1 [overflow-wrap:anywhere]">{t("ui_vendor_reject_reason", { reason: p.rejectReason })}</p>
          <p className="mt-1">{t("ui_vendor_rejected_fix")}</p>
        </div>
      ) : null}
      <ProductForm
        key={p?.id ?? "new"}
        values={p ? productFormValues(p, p.extras) : undefined}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        submitLabel={p ? t("ui_vendor_listing_resubmit") : t("ui_vendor_listing_submit")}
        stockInLots={p?.lots.stockInLots}
      />
      {p ? (
        <LotsSection
          kind={p.lots.kind}
          sizes={p.lots.sizes}
          reply={actionData && "lots" in actionData ? actionData.lots : undefined}
          importHref="/vendor-login/lots/import"
        />
      ) : null}
    </div>
  );
}
