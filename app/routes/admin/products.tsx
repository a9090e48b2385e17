import { data, Form, Link } from "react-router";
import Download from "lucide-react/icons/download";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import Upload from "lucide-react/icons/upload";
import type { Route } from "./+types/products";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { ConfirmForm } from "~/ui/confirm-form";
import { ProductsActionSchema } from "~/features/accounts/domain/admin-forms";
import { CATEGORY_KEYS, isCategoryKey } from "~/features/catalog/domain/categories";
import { CATEGORY_LABELS } from "~/features/catalog/domain/category-labels";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { formatPaise } from "~/platform/core/money";
import { readPageRequest } from "~/platform/core/pagination";
import { Pager } from "~/ui/pager";
import { type Column, DataTable } from "~/ui/data-table";
import { listProductsForAdmin } from "~/features/catalog/server/list-products-admin.server";
import { deleteOrArchiveProduct } from "~/features/catalog/server/save-product.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { imageSrc } from "~/ui/image-srcset";

export const meta: Route.MetaFunction = () => [{ title: "Manage Products · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const c = url.searchParams.get("category");
  const category = isCategoryKey(c) ? c : "all";
  return { q, category, products: await listProductsForAdmin({ q, category }, readPageRequest(url.searchParams)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = ProductsActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  const result = await deleteOrArchiveProduct(parsed.data.id);
  if (result === "missing") return data({ error: "That product no longer exists." }, { status: 404 });
  return redirectWithToast(samePage(url), {
    description:
      result === "archived"
        ? "The product appears in past orders, so it was archived: it is off the store and those orders keep their lines."
        : "Product deleted.",
  });
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { q, category, products } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Manage Products</h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={exportHref(q, category)}
            download
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </a>
          <Link
            to="/admin/products/import"
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            <Upload className="h-4 w-4" aria-hidden="true" /> Import CSV
          </Link>
          <Link
            to="/admin/products/new"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Product
          </Link>
        </div>
      </div>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
        <div className="min-w-48 flex-1">
          <label htmlFor="p-q" className="text-sm font-medium text-stone-700">
            Search
          </label>
          <input id="p-q" name="q" defaultValue={q} type="search" className="mt-1 h-10 w-full rounded-lg border border-stone-300 px-3" />
        </div>
        <div>
          <label htmlFor="p-c" className="text-sm font-medium text-stone-700">
            Category
          </label>
          <select id="p-c" name="category" defaultValue={category} className="mt-1 h-10 rounded-lg border border-stone-300 bg-white px-2">
            <option value="all">All categories</option>
            {CATEGORY_KEYS.map((k) => (
              <option key={k} value={k}>
                {CATEGORY_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="h-10 rounded-lg bg-stone-800 px-4 font-semibold text-white">
          Filter
        </button>
      </Form>
      <FormError message={actionData?.error} />
      <Pager page={products} noun={["product", "products"]} className="mt-4" />
      <div className="mt-3">
        <DataTable
          caption="Products"
          columns={productColumns}
          rows={products.rows}
          rowKey={(p) => p.id}
          rowTestId="admin-product-row"
          empty={<p className="p-6 text-center text-stone-600">No products match.</p>}
        />
      </div>
      <Pager page={products} noun={["product", "products"]} className="mt-3" />
    </div>
  );
}

/** The export of what the list shows: the same search and category. */
function exportHref(q: string, category: string) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category !== "all") params.set("category", category);
  const query = params.toString();
  return `/admin/products/export${query ? `?${query}` : ""}`;
}

type ProductRow = Route.ComponentProps["loaderData"]["products"]["rows"][number];

const productColumns: Column<ProductRow>[] = [
  {
    header: "Product",
    className: "md:min-w-48",
    cell: (p) => (
      <span className="flex items-center gap-2 max-md:justify-end">
        <img src={imageSrc(p.image)} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded bg-stone-100" />
        {p.name}
      </span>
    ),
  },
  { header: "Category", nowrap: true, cell: (p) => CATEGORY_LABELS[p.category] },
  {
    header: "Price",
    nowrap: true,
    align: "right",
    cell: (p) => (
      <span>
        <span className="font-semibold">
          {p.sizes > 1 ? "from " : ""}
          {formatPaise(p.pricePaise)}
        </span>
        {p.sizes > 1 ? <span className="block text-xs text-stone-600">{p.sizes} sizes</span> : null}
      </span>
    ),
  },
  {
    header: "Stock",
    nowrap: true,
    align: "right",
    cell: (p) => <span className={p.stock === 0 ? "font-semibold text-red-700" : ""}>{p.stock.toLocaleString("en-IN")}</span>,
  },
  { header: "Status", nowrap: true, className: "capitalize", cell: (p) => p.status },
  { header: "Vendor", cell: (p) => p.vendor ?? "Angle" },
  {
    header: "Actions",
    hiddenHeader: true,
    cell: (p) => (
      <span className="flex justify-end gap-1">
        <Link to={`/admin/products/${p.id}`} className="rounded-md p-2 text-stone-700 hover:bg-stone-100" aria-label={`Edit ${p.name}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Link>
        <ConfirmForm
          message="Are you sure you want to delete this product?"
          label={`Delete ${p.name}`}
          fields={{ intent: "delete", id: p.id }}
          className="rounded-md p-2 text-red-700 hover:bg-red-50"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </ConfirmForm>
      </span>
    ),
  },
];
