import { data, Link } from "react-router";
import type { Route } from "./+types/product-edit";
import { VERIFY_BEFORE_LISTING } from "~/services/account/email-verification.server";
import { defined } from "~/lib/defined";
import { requireVendorAction, requireVendorPage } from "~/auth/guards.server";
import { ProductForm, productFormValues, typedProductValues, typedValuesOf } from "~/components/product-form";
import { variantRowsOf } from "~/domain/product-form";
import { getProductFormExtras } from "~/services/catalog/product-form-extras.server";
import { skuTakenReply } from "~/services/catalog/sku-taken-reply.server";
import { discardParsedPictures, parseProductForm } from "~/services/catalog/parse-product-form.server";
import { PRODUCT_CHANGED, SkuTaken } from "~/services/catalog/save-product.server";
import { createVendorProduct, getVendorProduct, ListingRefused, updateVendorProduct } from "~/services/sellers/vendor-products.server";
import { RateLimitUnavailable } from "~/services/security/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isOversizedUpload, OVERSIZED_UPLOAD } from "~/services/media/oversized-upload.server";

export const meta: Route.MetaFunction = () => [{ title: "Listing · Angle Vendor" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  if (!params.id) return { product: null };
  // Another vendor's listing, or the store's own product, reads as not found.
  const product = await getVendorProduct(vendor.id, params.id);
  const extras = product ? await getProductFormExtras(product.id) : null;
  if (!product || !extras) throw data("Listing not found", { status: 404 });
  return { product: { ...product, extras } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  if (params.id && !(await getVendorProduct(vendor.id, params.id)))
    return data({ ok: false as const, error: "Listing not found.", fields: {} }, { status: 404 });
  if (!vendor.verified) return data({ ok: false as const, error: VERIFY_BEFORE_LISTING, fields: {} }, { status: 403 });
  if (isOversizedUpload(request)) return data(OVERSIZED_UPLOAD, { status: 413 });
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
        return data({ ok: false as const, error: PRODUCT_CHANGED, fields: {} }, { status: 409 });
      }
    } else await createVendorProduct(vendor.id, result.input, result);
  } catch (error) {
    if (error instanceof SkuTaken) {
      await discardParsedPictures(result);
      return data(skuTakenReply(error, variantRowsOf(form), typedProductValues(form)), { status: 409 });
    }
    if (error instanceof ListingRefused || error instanceof RateLimitUnavailable) {
      await discardParsedPictures(result);
      return data({ ok: false as const, error: error.message, fields: {} }, { status: error.status });
    }
    throw error;
  }
  return redirectWithToast("/vendor-login/products", {
    description: `${result.input.name} was sent for approval. It appears in the store once our team approves it.`,
  });
}

export default function VendorProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData.product;
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <div>
      <Link to="/vendor-login/products" className="text-sm font-semibold text-brand-700 hover:underline">
        ← My products
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">{p ? `Edit ${p.name}` : "Add New Product"}</h1>
      <p className="mt-1 text-sm text-stone-600">
        {p ? "Saving sends the listing back for approval." : "Your listing appears in the store once our team approves it."}
      </p>
      <ProductForm
        key={p?.id ?? "new"}
        values={p ? productFormValues(p, p.extras) : undefined}
        typed={typedValuesOf(failed)}
        errors={failed?.fields}
        error={failed?.error}
        submitLabel={p ? "Save and Submit for Approval" : "Submit for Approval"}
      />
    </div>
  );
}
