import { hasRealEmail } from "../mobile";
import { formatDate } from "~/domain/dates";
import { formatPaise } from "~/domain/money";
import { orderTimeline, type OrderStatus, STATUS_LABELS } from "~/domain/orders";
import { derivedShipping, GST_PERCENT } from "~/domain/pricing";
import { gstParts, type TaxMode } from "~/domain/gst";
import { type EmailBlock, type EmailRow, type EmailStore, type RenderedEmail, renderEmail } from "./layout";
import type { BankTransferDetails } from "~/domain/bank-transfer";
import type { ShipmentView } from "~/domain/shipments";
import { bankTransferBlocks, shipmentBlocks } from "./fulfilment-messages";

/**
 * Every email the store sends, rendered from plain data (pure: no database, no environment).
 * Amounts are integer paise, shown with formatPaise; dates en-IN in India's time zone.
 */

export type EmailLine = { name: string; quantity: number; unitPrice: number; lineTotal: number };
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
  /** The payment method's label (paymentMethodLabel with the admin's display names). */
  paymentLabel: string;
  /** GST (issue 14): the mode it was placed under and its tax by kind; absent: the flat 18%, unsplit. */
  taxMode?: TaxMode;
  gst?: { cgst: number; sgst: number; igst: number };
  /** The store's account, while the order waits for the customer's bank transfer (issue 15). */
  bankTransfer?: BankTransferDetails | null;
};

const lineRows = (lines: EmailLine[]): EmailRow[] =>
  lines.map((l) => ({ cells: [`${l.name} × ${l.quantity}`, `${formatPaise(l.unitPrice)} each`, formatPaise(l.lineTotal)] }));

const addressLines = (a: EmailAddress) => [a.street, `${a.city}, ${a.state} ${a.pincode}`];

/** Subtotal, shipping ("Free" when 0), GST and total, as the confirmation page shows them. */
function totalRows(order: OrderEmailData): EmailRow[] {
  const shipping = derivedShipping(order);
  return [
    { cells: ["Subtotal", formatPaise(order.subtotal)] },
    { cells: ["Shipping", shipping === 0 ? "Free" : formatPaise(shipping)] },
    { cells: [order.taxMode === "by_rate" ? "GST" : `GST (${GST_PERCENT}%)`, formatPaise(order.tax)] },
    ...gstParts(order.gst ?? { cgst: 0, sgst: 0, igst: 0 }).map(([label, amount]) => ({
      cells: [`  of which ${label}`, formatPaise(amount)],
    })),
    { cells: ["Total", formatPaise(order.total)], strong: true },
  ];
}

/** "Jute Seeds" or "Jute Seeds and 2 more": what an order is, in a subject. */
function itemsInWords(lines: EmailLine[]) {
  const first = lines[0]?.name ?? "your items";
  return lines.length > 1 ? `${first} and ${lines.length - 1} more` : first;
}

const orderLink = (id: string) => `/order-confirmation/${encodeURIComponent(id)}`;

/** To the customer, when the order is placed. */
export function orderPlacedEmail(store: EmailStore, order: OrderEmailData): RenderedEmail {
  return renderEmail(store, {
    subject: `Your ${store.name} order #${order.id}: ${itemsInWords(order.lines)}`,
    heading: "Thank you! Your order has been placed.",
    blocks: [
      {
        kind: "paragraph",
        text: `Hello ${order.customerName}, we have received your order #${order.id} placed on ${formatDate(order.createdAt)}.`,
      },
      { kind: "table", title: "Items", rows: lineRows(order.lines) },
      { kind: "table", title: "Payment summary", rows: totalRows(order) },
      { kind: "lines", title: "Shipping address", lines: addressLines(order.address) },
      { kind: "lines", title: "Payment method", lines: [order.paymentLabel] },
      ...bankTransferBlocks(order.bankTransfer ?? null, order),
      { kind: "link", label: "View your order", path: orderLink(order.id) },
    ],
  });
}

const STATUS_HEADINGS: Record<OrderStatus, string> = {
  pending: "Your order has been placed.",
  confirmed: "Your order has been confirmed.",
  shipped: "Your order has been shipped.",
  delivered: "Your order has been delivered.",
  cancelled: "Your order has been cancelled.",
};

/** To the customer, when an admin moves the order to a new status. */
export function orderStatusEmail(
  store: EmailStore,
  order: { id: string; customerName: string; status: OrderStatus; shipments?: readonly ShipmentView[] },
): RenderedEmail {
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: `Hello ${order.customerName}, your order #${order.id} is now ${STATUS_LABELS[order.status]}.` },
  ];
  if (order.status === "cancelled") {
    blocks.push({ kind: "paragraph", text: "If this is unexpected, please contact us and we will help." });
  } else {
    const rows = orderTimeline(order.status).map((s) => ({ cells: [`${s.done ? "✓" : "○"} ${s.label}`, s.done ? "Done" : s.when] }));
    blocks.push({ kind: "table", title: "Delivery timeline", rows });
  }
  // Shipped: the parcels, with the courier and the tracking number or link (issue 15).
  if (order.status === "shipped") blocks.push(...shipmentBlocks(order.shipments ?? []));
  if (order.status === "confirmed") {
    blocks.push({ kind: "paragraph", text: "Your GST tax invoice is ready: download it as a PDF from your order's page." });
  }
  if (order.status === "cancelled") {
    blocks.push({
      kind: "paragraph",
      text: "If the order was invoiced, a GST credit note cancelling the invoice is on your order's page.",
    });
  }
  blocks.push({ kind: "link", label: "View your order", path: orderLink(order.id) });
  return renderEmail(store, {
    subject: `Your ${store.name} order #${order.id} is ${STATUS_LABELS[order.status].toLowerCase()}`,
    heading: STATUS_HEADINGS[order.status],
    blocks,
  });
}

/** To the store's admin address (General Settings), when an order is placed. */
export function adminNewOrderEmail(store: EmailStore, order: OrderEmailData): RenderedEmail {
  return renderEmail(store, {
    subject: `New order #${order.id} from ${order.customerName}: ${formatPaise(order.total)}`,
    heading: `New order #${order.id}`,
    blocks: [
      { kind: "paragraph", text: `Placed on ${formatDate(order.createdAt)} by ${order.customerName}.` },
      {
        kind: "lines",
        title: "Customer",
        lines: [order.customerName, hasRealEmail(order.customerEmail) ? order.customerEmail : "", order.customerPhone].filter(Boolean),
      },
      { kind: "table", title: "Items", rows: lineRows(order.lines) },
      { kind: "table", title: "Payment summary", rows: totalRows(order) },
      { kind: "lines", title: "Shipping address", lines: addressLines(order.address) },
      { kind: "lines", title: "Payment method", lines: [order.paymentLabel] },
      { kind: "link", label: "Open the order", path: `/admin/orders/${encodeURIComponent(order.id)}` },
    ],
  });
}

/**
 * To a vendor whose products are in an order: their own lines only, and what fulfilment needs of
 * the customer (name, phone, shipping address) — never other vendors' lines or the order's totals.
 */
export function vendorOrderEmail(
  store: EmailStore,
  order: { id: string; createdAt: string; customerName: string; customerPhone: string; address: EmailAddress; lines: EmailLine[] },
): RenderedEmail {
  return renderEmail(store, {
    subject: `New order #${order.id} for ${itemsInWords(order.lines)}`,
    heading: "You have a new order",
    blocks: [
      { kind: "paragraph", text: `Order #${order.id}, placed on ${formatDate(order.createdAt)}, contains your products:` },
      { kind: "table", title: "Your items", rows: lineRows(order.lines) },
      { kind: "lines", title: "Ship to", lines: [order.customerName, order.customerPhone, ...addressLines(order.address)] },
      { kind: "link", label: "View your orders", path: "/vendor-login/orders" },
    ],
  });
}

/**
 * To a vendor, when an admin approves or rejects their listing (with the reason given). A listing
 * approved while its vendor is suspended is held (`onHold`) until the account is reactivated.
 */
export function listingReviewedEmail(
  store: EmailStore,
  listing: { name: string; approved: boolean; reason?: string | null; onHold?: boolean },
): RenderedEmail {
  const approvedText = listing.onHold
    ? `Your listing "${listing.name}" has been approved. It goes on sale when your vendor account is active again.`
    : `Good news: your listing "${listing.name}" has been approved and is now on sale.`;
  const blocks: EmailBlock[] = listing.approved
    ? [{ kind: "paragraph", text: approvedText }]
    : [
        { kind: "paragraph", text: `Your listing "${listing.name}" was not approved.` },
        { kind: "lines", title: "Reason", lines: [listing.reason?.trim() || "No reason was given."] },
        { kind: "paragraph", text: "You can edit the listing and submit it again." },
      ];
  blocks.push({ kind: "link", label: "View your products", path: "/vendor-login/products" });
  return renderEmail(store, {
    subject: listing.approved ? `Your listing "${listing.name}" is approved` : `Your listing "${listing.name}" was not approved`,
    heading: listing.approved ? "Listing approved" : "Listing not approved",
    blocks,
  });
}

/** To the store's admin address, when a customer writes through Contact or asks an expert to call back. */
export function contactMessageEmail(
  store: EmailStore,
  message: { kind: "contact" | "expert"; name: string; email: string; subject: string; message: string },
): RenderedEmail {
  const what = message.kind === "expert" ? "Expert call-back request" : "New contact message";
  return renderEmail(store, {
    subject: `${what} from ${message.name}: ${message.subject}`,
    heading: what,
    blocks: [
      { kind: "lines", title: "From", lines: [message.name, message.email] },
      { kind: "lines", title: "Subject", lines: [message.subject] },
      { kind: "lines", title: "Message", lines: message.message.split(/\r?\n/) },
      { kind: "link", label: "Open messages", path: "/admin/messages" },
    ],
  });
}
