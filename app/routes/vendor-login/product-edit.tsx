import { data, Link } from "react-router";
import type { Route } from "./+types/product-edit";
import { defined } from "~/platform/defined";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { ProductForm, productFormValues, typedProductValues, typedValuesOf } from "~/features/catalog/ui/product-form";
import { variantRowsOf } from "~/features/catalog/domain/product-form";
import { getProductFormExtras } from "~/features/catalog/server/product-form-extras.server";
import { skuTakenReply } from "~/features/catalog/server/sku-taken-reply.server";
import { discardParsedPictures, parseProductForm } from "~/features/catalog/server/parse-product-form.server";
import { SkuTaken } from "~/features/catalog/server/save-product.server";
import { createVendorProduct, getVendorProduct, updateVendorProduct } from "~/features/vendor-shops/server/vendor-products.server";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { readForm } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { isOversizedUpload, oversizedUpload } from "~/features/catalog/server/oversized-upload.server";
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
  return { product: { ...product, extras } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  if (params.id && !(await getVendorProduct(vendor.id, params.id)))
    return data({ ok: false as const, error: m.vendor_listing_not_found(), fields: {} }, { status: 404 });
  if (!vendor.verified)
    return data({ ok: false as const, error: renderRefusal(refusal("vendor.verify_before_listing")), fields: {} }, { status: 403 });
  if (isOversizedUpload(request)) return data(oversizedUpload(), { status: 413 });
  const form = await readForm(request);
  // An edit must say which version it was drawn from: without one it might overwrite stock sold since.
  const current = params.id ? await getProductFormExtras(params.id) : null;
  const result = await parseProductForm(form, { editing: Boolean(params.id), gallery: current?.gallery });
  // The typed values come back, so a page without JavaScript shows them again.
  if (!result.ok)
    return data(
      { ...result, values: typedProductValues(form) },
      { status: result.stale ? 409 : result.fields.image || result.fields.gallery ? 422 : 400 },
    );
  try {
    if (params.id) {
      // parseProductForm refuses an edit without a version, so there is one here.
      const version = defined(result.version, "the edited form's version");
      if (!(await updateVendorProduct(vendor.id, params.id, result.input, { ...result, version }))) {
        await discardParsedPictures(result);
        return data({ ok: false as const, error: renderRefusal(refusal("product.changed")), fields: {} }, { status: 409 });
      }
    } else await createVendorProduct(vendor.id, result.input, result);
  } catch (error) {
    if (error instanceof SkuTaken) {
      await discardParsedPictures(result);
      return data(skuTakenReply(error, variantRowsOf(form), typedProductValues(form)), { status: 409 });
    }
    if (error instanceof RefusalError) {
      await discardParsedPictures(result);
      return data({ ok: false as const, error: renderRefusal(error.refusal), fields: {} }, { status: error.status });
    }
    throw error;
  }
  return redirectWithToast("/vendor-login/products", {
    description: m.vendor_listing_sent({ name: result.input.name }),
  });
}

export default function VendorProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData.product;
  const failed = actionData && !actionData.ok ? actionData : null;
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
      <ProductForm
        key={p?.id ?? "new"}
        values={p ? productFormValues(p, p.extras) : undefined}
        typed={typedValuesOf(failed)}
        errors={failed?.fields}
        error={failed?.error}
        submitLabel={p ? t("ui_vendor_listing_resubmit") : t("ui_vendor_listing_submit")}
      />
    </div>
  );
}
