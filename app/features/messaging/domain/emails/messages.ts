import { shownContact } from "../../../accounts/domain/contact";
import { formatDate } from "~/platform/core/dates";
import { stateName } from "~/platform/core/indian-states-hi";
import { formatPaise } from "~/platform/core/money";
import { orderTimeline, type OrderStatus } from "~/features/orders/domain/orders";
import type { Locale } from "~/platform/i18n/locale";
import * as m from "~/paraglide/messages";
import { derivedShipping, GST_PERCENT } from "~/features/tax/domain/pricing";
import type { TaxMode } from "~/features/tax/domain/gst";
import { gstParts } from "~/features/tax/domain/gst-order";
import { summaryAmounts } from "~/features/offers/domain/shown-savings";
import { viewOrderLink } from "./order-link";
import type { EmailBlock, EmailMessage, EmailRow, EmailStore } from "./layout";
import type { BankTransferDetails } from "~/features/payments/domain/bank-transfer";
import type { ShipmentView } from "~/features/orders/domain/shipments";
import { bankTransferBlocks, shipmentBlocks } from "./fulfilment-messages";
import { formatOrderId } from "~/platform/core/order-id";

/**
 * Every email the store sends, written from plain data as a message of blocks (pure: no database,
 * no environment); the server draws it (app/features/messaging/server/render-email.server.tsx).
 * Amounts are integer paise, shown with formatPaise; dates in India's time zone. The customer's and
 * vendor's emails are written in the recipient's language (`locale`, the order's for an order's
 * emails); the admin's stay English, like the admin panel.
 */

/** A line before GST; `tax`, when given, is the GST it carries (shown within its prices when the store shows prices with GST). */
export type EmailLine = { name: string; quantity: number; unitPrice: number; lineTotal: number; tax?: number };
export type EmailAddress = { street: string; city: string; state: string; pincode: string };

/** An order as the customer's and admin's emails show it: the figures the order row stores. */
export type OrderEmailData = {
  id: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: EmailAddress;
  lines: EmailLine[];
  subtotal: number;
  tax: number;
  total: number;
  /**
   * The discounts the order got (issue 31): each offer's names and what it saved before GST (`paise`) and
   * with GST (`withGstPaise`, what the customer's total fell by); the subtotal is after them.
   */
  offers?: { name: string; nameHi: string | null; paise: number; withGstPaise?: number; freeShipping: boolean }[];
  /** The payment method's label (paymentMethodLabel with the admin's display names). */
  paymentLabel: string;
  /** GST (issue 14): the mode it was placed under and its tax by kind; absent: the flat 18%, unsplit. */
  taxMode?: TaxMode;
  gst?: { cgst: number; sgst: number; igst: number };
  /**
   * Issue 29: the store shows prices with GST, so the email does as the order page did: items and the
   * delivery charge with their GST, and the GST they include under the total. `shippingTax` is the
   * delivery charge's GST. Absent: amounts before GST, GST its own line (the specification's way).
   */
  inclusive?: { shippingTax: number };
  /** The store's account, while the order waits for the customer's bank transfer (issue 15). */
  bankTransfer?: BankTransferDetails | null;
  /** The end of a bank transfer's time to pay, after which the order is cancelled. */
  transferDueAt?: string | null;
};

const lineRows = (lines: EmailLine[], locale: Locale, inclusive: boolean): EmailRow[] =>
  lines.map((l) => {
    // With GST: a line's GST is its unit's times the units, so each unit's price with GST divides exactly.
    const total = inclusive ? l.lineTotal + (l.tax ?? 0) : l.lineTotal;
    const each = inclusive ? Math.round(total / Math.max(1, l.quantity)) : l.unitPrice;
    return { cells: [`${l.name} × ${l.quantity}`, m.email_each({ price: formatPaise(each) }, { locale }), formatPaise(total)] };
  });

const GST_LABELS = { CGST: m.email_gst_cgst, SGST: m.email_gst_sgst, IGST: m.email_gst_igst };

/** An order's status in a sentence, in the recipient's language. */
export const statusLabel = (status: OrderStatus, locale: Locale) =>
  ({
    pending: m.email_status_pending,
    confirmed: m.email_status_confirmed,
    shipped: m.email_status_shipped,
    delivered: m.email_status_delivered,
    cancelled: m.email_status_cancelled,
  })[status]({}, { locale });

/** The payment methods the store knows, in the recipient's language; an admin's own method keeps its name. */
export function emailPaymentLabel(key: string, label: string, locale: Locale): string {
  const known: Record<string, typeof m.email_payment_cod> = {
    card: m.email_payment_card,
    upi: m.email_payment_upi,
    cod: m.email_payment_cod,
    bank_transfer: m.email_payment_bank_transfer,
  };
  return locale !== "en" && Object.hasOwn(known, key) ? (known[key]?.({}, { locale }) ?? label) : label;
}

/** An address's lines; a Hindi email names the State in Hindi. */
const addressLines = (a: EmailAddress, locale: Locale = "en") => [a.street, `${a.city}, ${stateName(a.state, locale)} ${a.pincode}`];

/** Subtotal, shipping ("Free" when 0), GST and total, as the confirmation page shows them. */
function totalRows(order: OrderEmailData, locale: Locale): EmailRow[] {
  const shipping = derivedShipping(order);
  const o = { locale };
  // Each discount in the prices shown (issue 31): with GST when prices are shown with it, so the goods
  // before discounts, less the discounts, plus the delivery is the total.
  const shown = summaryAmounts(
    { ...order, shipping, breakdown: { shipping: { tax: order.inclusive?.shippingTax ?? 0 } } },
    order.inclusive ? "inclusive" : "exclusive",
    order.offers ?? [],
  );
  const offers: EmailRow[] = shown.offers.map((offer) => ({
    cells: [
      locale === "hi" && offer.nameHi ? offer.nameHi : offer.name,
      [
        offer.saved > 0 ? m.email_offer_saved({ amount: formatPaise(offer.saved) }, o) : "",
        offer.freeShipping ? m.email_offer_free_delivery({}, o) : "",
      ]
        .filter(Boolean)
        .join(" · "),
    ],
  }));
  if (order.inclusive) {
    const shippingTax = order.inclusive.shippingTax;
    return [
      { cells: [m.email_subtotal_incl({}, o), formatPaise(shown.goods)] },
      ...offers,
      { cells: [m.email_shipping({}, o), shipping === 0 ? m.email_shipping_free({}, o) : formatPaise(shipping + shippingTax)] },
      { cells: [m.email_total({}, o), formatPaise(order.total)], strong: true },
      { cells: [m.email_includes({ gst: gstLabel(order, o) }, o), formatPaise(order.tax)] },
    ];
  }
  return [
    { cells: [m.email_subtotal({}, o), formatPaise(shown.goods)] },
    ...offers,
    { cells: [m.email_shipping({}, o), shipping === 0 ? m.email_shipping_free({}, o) : formatPaise(shipping)] },
    // One GST line (issue 29): its kinds are named beside it, never as lines that read as more tax.
    { cells: [gstLabel(order, o), formatPaise(order.tax)] },
    { cells: [m.email_total({}, o), formatPaise(order.total)], strong: true },
  ];
}

/** "GST (18%)", or with the kinds beside it: "GST (IGST)", "GST (CGST ₹9 + SGST ₹9)". */
function gstLabel(order: OrderEmailData, o: { locale: Locale }) {
  const gst = order.taxMode === "by_rate" ? m.email_gst({}, o) : m.email_gst_percent({ percent: GST_PERCENT }, o);
  const parts = gstParts(order.gst ?? { cgst: 0, sgst: 0, igst: 0 });
  if (parts.length === 0) return gst;
  const named =
    parts.length === 1
      ? GST_LABELS[parts[0]?.[0] ?? "IGST"]({}, o)
      : parts.map(([label, amount]) => `${GST_LABELS[label]({}, o)} ${formatPaise(amount)}`).join(" + ");
  return m.email_gst_parts({ gst, parts: named }, o);
}

/** "Jute Seeds" or "Jute Seeds and 2 more": what an order is, in a subject. */
function itemsInWords(lines: EmailLine[], locale: Locale) {
  const first = lines[0]?.name ?? m.email_items_fallback({}, { locale });
  return lines.length > 1 ? m.email_items_and_more({ first, count: lines.length - 1 }, { locale }) : first;
}

/** To the customer, when the order is placed. */
export function orderPlacedEmail(store: EmailStore, order: OrderEmailData, locale: Locale = "en"): EmailMessage {
  const o = { locale };
  return {
    store,
    locale,
    subject: m.email_placed_subject({ store: store.name, id: formatOrderId(order.id), items: itemsInWords(order.lines, locale) }, o),
    heading: m.email_placed_heading({}, o),
    blocks: [
      {
        kind: "paragraph",
        text: m.email_placed_hello({ name: order.customerName, id: formatOrderId(order.id), date: formatDate(order.createdAt, locale) }, o),
      },
      { kind: "table", title: m.email_items({}, o), rows: lineRows(order.lines, locale, !!order.inclusive) },
      { kind: "table", title: m.email_payment_summary({}, o), rows: totalRows(order, locale) },
      { kind: "lines", title: m.email_shipping_address({}, o), lines: addressLines(order.address, locale) },
      { kind: "lines", title: m.email_payment_method({}, o), lines: [order.paymentLabel] },
      ...(order.transferDueAt
        ? [{ kind: "paragraph" as const, text: m.email_bank_due({ date: formatDate(order.transferDueAt, locale) }, o) }]
        : []),
      ...bankTransferBlocks(order.bankTransfer ?? null, order, locale),
      viewOrderLink(order.id, locale),
    ],
  };
}

const STATUS_HEADINGS = {
  pending: m.email_status_heading_pending,
  confirmed: m.email_status_heading_confirmed,
  shipped: m.email_status_heading_shipped,
  delivered: m.email_status_heading_delivered,
  cancelled: m.email_status_heading_cancelled,
} satisfies Record<OrderStatus, unknown>;

/** The delivery timeline's steps and their expected times, in order (orderTimeline's four). */
const TIMELINE = [
  [m.email_timeline_order_confirmed, m.email_timeline_today],
  [m.email_timeline_processing, m.email_timeline_1_2_days],
  [m.email_timeline_shipped, m.email_timeline_3_5_days],
  [m.email_timeline_delivered, m.email_timeline_5_7_days],
] as const;

/**
 * "आपका ऑर्डर #… ____।": what has happened to an order, as a Hindi sentence says it (SMS and the
 * status email), not a form's "स्थिति: पक्का".
 */
export const HINDI_STATUS_PHRASES: Readonly<Record<OrderStatus, string>> = {
  pending: "हमें मिल गया है",
  confirmed: "पक्का हो गया है",
  shipped: "भेज दिया गया है",
  delivered: "पहुँच गया है",
  cancelled: "रद्द कर दिया गया है",
};

/** To the customer, when an admin moves the order to a new status. */
export function orderStatusEmail(
  store: EmailStore,
  order: { id: string; customerName: string; status: OrderStatus; shipments?: readonly ShipmentView[] },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const status = statusLabel(order.status, locale);
  // In Hindi the greeting says what happened as a sentence ("आपका ऑर्डर #… भेज दिया गया है।").
  const happened = locale === "hi" ? HINDI_STATUS_PHRASES[order.status] : status;
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: m.email_status_hello({ name: order.customerName, id: formatOrderId(order.id), status: happened }, o) },
  ];
  if (order.status === "cancelled") {
    blocks.push({ kind: "paragraph", text: m.email_unexpected_help({}, o) });
  } else {
    const rows = orderTimeline(order.status).map((s, i) => {
      const [label, when] = TIMELINE[i] ?? [() => s.label, () => s.when];
      return { cells: [`${s.done ? "✓" : "○"} ${label({}, o)}`, s.done ? m.email_timeline_done({}, o) : when({}, o)] };
    });
    blocks.push({ kind: "table", title: m.email_timeline_title({}, o), rows });
  }
  // Shipped: the parcels, with the courier and the tracking number or link (issue 15).
  if (order.status === "shipped") blocks.push(...shipmentBlocks(order.shipments ?? [], locale));
  if (order.status === "confirmed") {
    blocks.push({ kind: "paragraph", text: m.email_invoice_ready({}, o) });
  }
  if (order.status === "cancelled") {
    blocks.push({ kind: "paragraph", text: m.email_cancelled_credit_note_if_invoiced({}, o) });
  }
  blocks.push(viewOrderLink(order.id, locale));
  return {
    store,
    locale,
    subject: m.email_status_subject({ store: store.name, id: formatOrderId(order.id), status: status.toLowerCase() }, o),
    heading: STATUS_HEADINGS[order.status]({}, o),
    blocks,
  };
}

/** To the store's admin address (General Settings), when an order is placed. */
export function adminNewOrderEmail(store: EmailStore, order: OrderEmailData): EmailMessage {
  return {
    store,
    locale: "en",
    subject: `New order #${formatOrderId(order.id)} from ${order.customerName}: ${formatPaise(order.total)}`,
    heading: `New order #${formatOrderId(order.id)}`,
    blocks: [
      { kind: "paragraph", text: `Placed on ${formatDate(order.createdAt)} by ${order.customerName}.` },
      {
        kind: "lines",
        title: "Customer",
        lines: customerLines(order),
      },
      { kind: "table", title: "Items", rows: lineRows(order.lines, "en", !!order.inclusive) },
      { kind: "table", title: "Payment summary", rows: totalRows(order, "en") },
      { kind: "lines", title: "Shipping address", lines: addressLines(order.address) },
      { kind: "lines", title: "Payment method", lines: [order.paymentLabel] },
      { kind: "link", label: "Open the order", path: `/admin/orders/${encodeURIComponent(order.id)}` },
    ],
  };
}

/**
 * To a vendor whose products are in an order: their own lines only, and what fulfilment needs of
 * the customer (name, phone, shipping address) — never other vendors' lines or the order's totals.
 */
export function vendorOrderEmail(
  store: EmailStore,
  order: { id: string; createdAt: string; customerName: string; customerPhone: string; address: EmailAddress; lines: EmailLine[] },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  return {
    store,
    locale,
    subject: m.email_vendor_order_subject({ id: formatOrderId(order.id), items: itemsInWords(order.lines, locale) }, o),
    heading: m.email_vendor_order_heading({}, o),
    blocks: [
      {
        kind: "paragraph",
        text: m.email_vendor_order_intro({ id: formatOrderId(order.id), date: formatDate(order.createdAt, locale) }, o),
      },
      // A vendor's own lines before GST: what their own invoice's taxable values are.
      { kind: "table", title: m.email_vendor_your_items({}, o), rows: lineRows(order.lines, locale, false) },
      {
        kind: "lines",
        title: m.email_vendor_ship_to({}, o),
        lines: [order.customerName, order.customerPhone, ...addressLines(order.address, locale)],
      },
      { kind: "link", label: m.email_vendor_view_orders({}, o), path: "/vendor-login/orders" },
    ],
  };
}

/**
 * To a vendor, when an admin approves or rejects their listing (with the reason given). A listing
 * approved while its vendor is suspended is held (`onHold`) until the account is reactivated.
 */
export function listingReviewedEmail(
  store: EmailStore,
  listing: { name: string; approved: boolean; reason?: string | null; onHold?: boolean },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const name = { name: listing.name };
  const approvedText = listing.onHold ? m.email_listing_approved_on_hold(name, o) : m.email_listing_approved_text(name, o);
  const blocks: EmailBlock[] = listing.approved
    ? [{ kind: "paragraph", text: approvedText }]
    : [
        { kind: "paragraph", text: m.email_listing_rejected_text(name, o) },
        { kind: "lines", title: m.email_reason({}, o), lines: [listing.reason?.trim() || m.email_listing_no_reason({}, o)] },
        { kind: "paragraph", text: m.email_listing_edit_again({}, o) },
      ];
  blocks.push({ kind: "link", label: m.email_listing_view_products({}, o), path: "/vendor-login/products" });
  return {
    store,
    locale,
    subject: listing.approved ? m.email_listing_approved_subject(name, o) : m.email_listing_rejected_subject(name, o),
    heading: listing.approved ? m.email_listing_approved_heading({}, o) : m.email_listing_rejected_heading({}, o),
    blocks,
  };
}

/** To the store's admin address, when a customer writes through Contact or asks an expert to call back. */
export function contactMessageEmail(
  store: EmailStore,
  message: { kind: "contact" | "expert"; name: string; email: string; phone: string; subject: string; message: string },
): EmailMessage {
  const what = message.kind === "expert" ? "Expert call-back request" : "New contact message";
  return {
    store,
    locale: "en",
    subject: `${what} from ${message.name}: ${message.subject}`,
    heading: what,
    blocks: [
      { kind: "lines", title: "From", lines: [message.name, message.email, message.phone].filter(Boolean) },
      { kind: "lines", title: "Subject", lines: [message.subject] },
      { kind: "lines", title: "Message", lines: message.message.split(/\r?\n/) },
      { kind: "link", label: "Open messages", path: "/admin/messages" },
    ],
  };
}

/** The customer as the admin's email names them: a given name, a phone, a real email (never a placeholder). */
function customerLines(order: OrderEmailData): string[] {
  const contact = shownContact({ name: order.customerName, email: order.customerEmail, phone: order.customerPhone });
  return [contact.name, contact.phone, contact.email].filter((line): line is string => line !== null);
}
