import { getDb } from "~/platform/db/db.server";
import { lineName, packLabel } from "~/features/catalog/domain/pack-label";
import { productText } from "~/features/catalog/domain/product-view";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type Page, type PageRequest } from "~/platform/core/pagination";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import type { TaxDocumentKind } from "~/features/tax/domain/tax-documents";

export type OrderSummary = {
  id: string;
  status: OrderStatus;
  total: number;
  createdAt: string;
  address: { street: string; city: string; state: string; pincode: string };
  items: {
    productId: string;
    /** The size sold, and its label when the product had several (else ""). */
    variantId: string | null;
    variantLabel: string;
    name: string;
    quantity: number;
    unitPrice: number;
    /** The customer has reviewed this product (My Orders offers "Edit your review" instead of "Write a review"). */
    reviewed: boolean;
    /** the product as on sale now, for Reorder; null when it is no longer sold */
    current: {
      name: string;
      variantLabel: string | null;
      pricePaise: number;
      stock: number;
      image: string;
      category: CategoryKey;
    } | null;
  }[];
  /** Its tax invoices and credit notes (issue 14), to download as PDF. */
  documents: { id: string; kind: TaxDocumentKind; number: string }[];
};

export const CUSTOMER_ORDERS_PAGE_SIZE = 20;

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "orders.created_at", field: "created_at", kind: "string" },
    { ref: "orders.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** A page of this customer's orders, newest first, with their lines (two queries, not one per order). */
export async function listCustomerOrders(userId: string, request: PageRequest = FIRST_PAGE): Promise<Page<OrderSummary>> {
  const db = getDb();
  const page = await paginate(
    db
      .selectFrom("orders")
      .select(["id", "status", "total_paise", "created_at", "street", "city", "state", "pincode"])
      .where("user_id", "=", userId),
    NEWEST_FIRST,
    request,
    CUSTOMER_ORDERS_PAGE_SIZE,
  );
  const orders = page.rows;
  if (orders.length === 0) return { ...page, rows: [] };
  const lines = await db
    .selectFrom("order_line")
    .leftJoin("product", (join) => join.onRef("product.id", "=", "order_line.product_id").on("product.status", "=", "live"))
    // The same size as sold now: its price and stock (a size since removed cannot be reordered).
    .leftJoin("product_variant as size", (join) =>
      join.onRef("size.id", "=", "order_line.variant_id").onRef("size.product_id", "=", "product.id"),
    )
    .select([
      "order_line.order_id",
      "order_line.product_id",
      "order_line.variant_id",
      "order_line.variant_label",
      "order_line.name",
      "order_line.name_hi",
      "order_line.quantity",
      "order_line.unit_price_paise",
      "product.id as current_id",
      "product.name as current_name",
      "product.name_hi as current_name_hi",
      "size.id as size_id",
      "size.label as size_label",
      "size.price_paise as current_price",
      "size.stock as current_stock",
      "product.variant_count as current_sizes",
      "product.image as current_image",
      "product.category as current_category",
    ])
    .where(
      "order_line.order_id",
      "in",
      orders.map((o) => o.id),
    )
    .orderBy("order_line.name")
    .execute();
  const documents = await db
    .selectFrom("tax_document")
    .select(["id", "order_id", "kind", "number"])
    .where(
      "order_id",
      "in",
      orders.map((o) => o.id),
    )
    .orderBy("issued_at")
    .orderBy("number")
    .execute();
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  const reviewed = new Set(
    productIds.length
      ? (
          await db.selectFrom("review").select("product_id").where("user_id", "=", userId).where("product_id", "in", productIds).execute()
        ).map((r) => r.product_id)
      : [],
  );
  const locale = currentLocale();
  const rows = orders.map((o) => ({
    id: o.id,
    status: o.status,
    total: Number(o.total_paise),
    createdAt: o.created_at,
    address: { street: o.street, city: o.city, state: o.state, pincode: o.pincode },
    items: lines
      .filter((l) => l.order_id === o.id)
      .map((l) => ({
        productId: l.product_id,
        variantId: l.variant_id,
        variantLabel: l.variant_label,
        name: lineName({ name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label }, locale),
        quantity: l.quantity,
        unitPrice: Number(l.unit_price_paise),
        reviewed: reviewed.has(l.product_id),
        // The product as sold now, when it still is (the join found it live): all its columns or none.
        current:
          l.current_id !== null && l.size_id !== null && l.current_name !== null && l.current_image !== null && l.current_category !== null
            ? {
                name: productText(l.current_name, l.current_name_hi, locale),
                variantLabel: Number(l.current_sizes) > 1 && l.size_label !== null ? packLabel(l.size_label, locale) : null,
                pricePaise: Number(l.current_price),
                stock: Number(l.current_stock),
                image: l.current_image,
                category: l.current_category,
              }
            : null,
      })),
    documents: documents.filter((d) => d.order_id === o.id).map(({ id, kind, number }) => ({ id, kind, number })),
  }));
  return { ...page, rows };
}
