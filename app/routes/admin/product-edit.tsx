import { data, Link } from "react-router";
import { historyOf } from "~/features/audit/server/list-audit.server";
import { AuditHistory } from "~/features/audit/ui/audit-entries";
import type { Route } from "./+types/product-edit";
import { defined } from "~/platform/defined";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { ProductForm, productFormValues } from "~/features/catalog/ui/product-form";
import { variantRowsOf } from "~/features/catalog/domain/product-form";
import { getProductFormExtras } from "~/features/catalog/server/product-form-extras.server";
import { skuTakenReply } from "~/features/catalog/server/sku-taken-reply.server";
import { getProductForAdmin } from "~/features/catalog/server/list-products-admin.server";
import { discardParsedPictures, parseProductForm } from "~/features/catalog/server/parse-product-form.server";
import { createProduct, SkuTaken, updateProduct } from "~/features/catalog/server/save-product.server";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { replyDecided } from "~/platform/http/submission.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { isOversizedUpload, oversizedUpload } from "~/features/catalog/web/oversized-upload.server";
import { LOT_INTENTS, loadLotsSection, lotsAction } from "~/features/lots/web/lots-page.server";
import { LotsSection } from "~/features/lots/ui/lots-section";
import { readForm, textFields } from "~/platform/http/read-form.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.product ? "Edit" : "Add"} product · Angle Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  if (!params.id) return { product: null };
  const product = await getProductForAdmin(params.id);
  const extras = product ? await getProductFormExtras(product.id) : null;
  if (!product || !extras) throw data("Product not found", { status: 404 });
  return { product: { ...product, extras, lots: await loadLotsSection(product.id), history: await historyOf("product", product.id) } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  if (isOversizedUpload(request)) return refuse(new FormData(), oversizedUpload(), 413);
  const form = await readForm(request);
  // The lots section's forms (receive, adjust) post here too, with their intent.
  if (params.id && LOT_INTENTS.includes(String(form.get("intent"))))
    return lotsAction(textFields(form), { role: "admin", userId: admin.id }, `/admin/products/${params.id}`);
  // An edit must say which version it was drawn from: without one it might overwrite stock sold since.
  const current = params.id ? await getProductFormExtras(params.id) : null;
  const result = await parseProductForm(form, { editing: Boolean(params.id), gallery: current?.gallery });
  if (!result.ok) return refuse(form, result, result.stale ? 409 : result.fields.image || result.fields.gallery ? 422 : 400);
  try {
    if (params.id) {
      // parseProductForm refuses an edit without a version, so there is one here.
      const version = defined(result.version, "the edited form's version");
      const outcome = await updateProduct(params.id, result.input, { ...result, version });
      if (outcome === "missing" || outcome === "stale") await discardParsedPictures(result);
      if (outcome === "missing") return refuse(form, { error: "That product no longer exists." }, 404);
      if (outcome === "stale") return refuse(form, { error: renderRefusal(refusal("product.changed")) }, 409);
      return redirectWithToast("/admin/products", { description: `Saved ${result.input.name}.` });
    }
    await createProduct(result.input, { ...result, status: "live" });
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    await discardParsedPictures(result);
    if (error instanceof SkuTaken) return refuse(form, skuTakenReply(error, variantRowsOf(form), null), 409);
    return refuse(form, { error: renderRefusal(error.refusal) }, error.status);
  }
  return redirectWithToast("/admin/products", { description: `Added ${result.input.name}.` });
}

/**
 * A refused save: Conform's reply (what was typed comes back, so a page without JavaScript shows it
 * again, and each field's error beside it) with the refusal's sentence at the top.
 */
function refuse(form: FormData, refused: { error: string; fields?: Record<string, string> }, status: number) {
  return data({ result: replyDecided(form, { formError: refused.error, fieldErrors: refused.fields }) }, { status });
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData.product;
  return (
    <div>
      <Link to="/admin/products" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Back to products
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">{p ? `Edit ${p.name}` : "Add Product"}</h1>
      <ProductForm
        key={p?.id ?? "new"}
        values={p ? productFormValues(p, p.extras) : undefined}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        submitLabel={p ? "Save Changes" : "Add Product"}
        stockInLots={p?.lots.stockInLots}
      />
      {p ? (
        <LotsSection
          kind={p.lots.kind}
          sizes={p.lots.sizes}
          reply={actionData && "lots" in actionData ? actionData.lots : undefined}
          importHref="/admin/lots/import"
        />
      ) : null}
      {p ? <AuditHistory entries={p.history} title="History (prices, stock and details)" /> : null}
    </div>
  );
}
