import { withKitName } from "~/features/kits/domain/kit-line-name";
import { getDb } from "~/platform/db/db.server";
import { lineName } from "~/features/catalog/domain/pack-label";
import { currentLocale } from "~/platform/i18n/i18n.server";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { TaxMode } from "~/features/tax/domain/gst";
import { type DocumentLink, listOrderDocuments } from "~/features/tax/server/documents.server";
import type { LineLot } from "~/features/lots/domain/line-lots";
import { listLineLots } from "~/features/lots/server/line-lots.server";

export type OrderDetail = {
  id: string;
  status: OrderStatus;
  paymentMethod: string;
  subtotal: number;
  tax: number;
  total: number;
  createdAt: string;
  address: { street: string; city: string; state: string; pincode: string };
  /** Each line's unit price and total before GST, and the GST it carries (`tax`). */
  items: {
    productId: string;
    name: string;
    image: string;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    tax: number;
    gstRate: number;
    /** The lots its units came from; empty for a size without lots. */
    lots: LineLot[];
  }[];
  /** The GST on the delivery charge (by rate: at the order's highest rate; flat: none). */
  shippingTax: number;
  /** GST (issue 14): the mode it was placed under and the tax by kind (lines and delivery). */
  taxMode: TaxMode;
  gst: { cgst: number; sgst: number; igst: number };
  /** Its tax invoices and credit notes, once issued. */
  documents: DocumentLink[];
  /** The discounts it got (issue 31): each offer's name in the page's language and what it saved. */
  offers: { offerId: string; name: string; paise: number; withGstPaise?: number; freeShipping: boolean }[];
};

/** One of this customer's orders, or null — another customer's order id reads as not found. */
export async function getCustomerOrder(orderId: string, userId: string): Promise<OrderDetail | null> {
  if (!/^[a-z0-9]{6,40}$/.test(orderId)) return null;
  const db = getDb();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!order) return null;
  const [lines, documents] = await Promise.all([
    db.selectFrom("order_line").selectAll().where("order_id", "=", orderId).orderBy("name").execute(),
    listOrderDocuments(orderId),
  ]);
  const lots = await listLineLots(
    db,
    lines.map((l) => l.id),
  );
  const locale = currentLocale();
  const sum = (key: "cgst_paise" | "sgst_paise" | "igst_paise") => lines.reduce((s, l) => s + Number(l[key]), 0);
  return {
    id: order.id,
    status: order.status,
    paymentMethod: order.payment_method,
    subtotal: Number(order.subtotal_paise),
    tax: Number(order.tax_paise),
    total: Number(order.total_paise),
    createdAt: order.created_at,
    address: { street: order.street, city: order.city, state: order.state, pincode: order.pincode },
    items: lines.map((l) => ({
      productId: l.product_id,
      name: withKitName(lineName({ name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label }, locale), l, locale),
      image: l.image,
      unitPrice: Number(l.unit_price_paise),
      quantity: l.quantity,
      // After its discount (issue 31): the line's taxable value, as the invoice has it.
      lineTotal: Number(l.line_total_paise) - Number(l.discount_paise),
      tax: Number(l.cgst_paise) + Number(l.sgst_paise) + Number(l.igst_paise),
      gstRate: Number(l.gst_rate),
      lots: lots.get(l.id) ?? [],
    })),
    shippingTax: Number(order.shipping_cgst_paise) + Number(order.shipping_sgst_paise) + Number(order.shipping_igst_paise),
    taxMode: order.tax_mode,
    gst: {
      cgst: sum("cgst_paise") + Number(order.shipping_cgst_paise),
      sgst: sum("sgst_paise") + Number(order.shipping_sgst_paise),
      igst: sum("igst_paise") + Number(order.shipping_igst_paise),
    },
    documents,
    offers: shownOffers(order.offers, locale),
  };
}

/** An order's stored discounts (orders.offers), named in the page's language. */
export function shownOffers(json: string, locale: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap(
    (o: { offerId?: unknown; name?: unknown; nameHi?: unknown; paise?: unknown; withGstPaise?: unknown; freeShipping?: unknown }) =>
      typeof o?.offerId === "string" && typeof o.name === "string"
        ? [
            {
              offerId: o.offerId,
              name: locale === "hi" && typeof o.nameHi === "string" && o.nameHi.trim() ? o.nameHi : o.name,
              paise: Number(o.paise) || 0,
              // What it saved with GST (orders placed before it was stored: before GST).
              withGstPaise: typeof o.withGstPaise === "number" ? o.withGstPaise : Number(o.paise) || 0,
              freeShipping: o.freeShipping === true,
            },
          ]
        : [],
  );
}
