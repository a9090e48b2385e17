import { formatPaiseExact } from "~/domain/money";
import { type EmailBlock, type EmailStore, type RenderedEmail, renderEmail } from "./layout";

/**
 * The emails of cancellations and returns (issue 15): pure, rendered from plain data like
 * ./messages.ts. Amounts are integer paise.
 */

const orderLink = (id: string) => `/order-confirmation/${encodeURIComponent(id)}`;

/** How money goes back: through the gateway to the original method, or a payout an admin sent (its reference). */
export type RefundNotice = { amountPaise: number; kind: "gateway" | "payout"; payoutReference?: string | null } | null;

function refundParagraph(refund: NonNullable<RefundNotice>, what: string): string {
  const amount = formatPaiseExact(refund.amountPaise);
  return refund.kind === "gateway"
    ? `${what} ${amount}, is being refunded to your original payment method. Your bank may take 5–7 working days to show it.`
    : `${what} ${amount}, has been refunded to you by UPI or bank transfer${refund.payoutReference ? ` (reference ${refund.payoutReference})` : ""}.`;
}

/** To the customer, when their order is cancelled (by them or by us), with the refund of what they paid. */
export function orderCancelledEmail(
  store: EmailStore,
  order: { id: string; customerName: string; byCustomer: boolean; refund: RefundNotice; invoiced: boolean },
): RenderedEmail {
  const blocks: EmailBlock[] = [
    {
      kind: "paragraph",
      text: order.byCustomer
        ? `Hello ${order.customerName}, your order #${order.id} has been cancelled, as you asked.`
        : `Hello ${order.customerName}, we have cancelled your order #${order.id}.`,
    },
    {
      kind: "paragraph",
      text: order.refund
        ? refundParagraph(order.refund, "The full amount you paid,")
        : "No payment was received for this order, so there is nothing to refund.",
    },
  ];
  if (order.invoiced) {
    blocks.push({ kind: "paragraph", text: "A GST credit note cancelling the invoice is on your order's page." });
  }
  if (!order.byCustomer) blocks.push({ kind: "paragraph", text: "If this is unexpected, please contact us and we will help." });
  blocks.push({ kind: "link", label: "View your order", path: orderLink(order.id) });
  return renderEmail(store, {
    subject: `Your ${store.name} order #${order.id} is cancelled`,
    heading: "Your order has been cancelled.",
    blocks,
  });
}

export type ReturnEmailData = { orderId: string; customerName: string; item: string; quantity: number };

/** To the customer, when their return is approved: what is refunded and how. */
export function returnApprovedEmail(
  store: EmailStore,
  r: ReturnEmailData & { refund: NonNullable<RefundNotice>; creditNote: string | null },
): RenderedEmail {
  const blocks: EmailBlock[] = [
    {
      kind: "paragraph",
      text: `Hello ${r.customerName}, we have approved the return of ${r.quantity} × ${r.item} from order #${r.orderId}.`,
    },
    { kind: "paragraph", text: refundParagraph(r.refund, "Its price with GST,") },
  ];
  if (r.creditNote) blocks.push({ kind: "paragraph", text: `GST credit note ${r.creditNote} for the return is on your order's page.` });
  blocks.push({ kind: "link", label: "View your order", path: orderLink(r.orderId) });
  return renderEmail(store, {
    subject: `Your return from ${store.name} order #${r.orderId} is approved`,
    heading: "Your return has been approved.",
    blocks,
  });
}

/** To the customer, when their return is not accepted, with the reason given. */
export function returnRejectedEmail(store: EmailStore, r: ReturnEmailData & { note: string }): RenderedEmail {
  return renderEmail(store, {
    subject: `Your return from ${store.name} order #${r.orderId} was not accepted`,
    heading: "We could not accept your return.",
    blocks: [
      {
        kind: "paragraph",
        text: `Hello ${r.customerName}, we could not accept the return of ${r.quantity} × ${r.item} from order #${r.orderId}.`,
      },
      { kind: "lines", title: "Reason", lines: r.note.split(/\r?\n/) },
      { kind: "paragraph", text: "If you have questions, please contact us and we will help." },
      { kind: "link", label: "View your order", path: orderLink(r.orderId) },
    ],
  });
}

/** To the seller of the line (the line's vendor, or the store's admin address), when a customer asks to return it. */
export function returnRequestedEmail(
  store: EmailStore,
  r: ReturnEmailData & { reason: string; amountPaise: number; path: string },
): RenderedEmail {
  return renderEmail(store, {
    subject: `Return requested: ${r.quantity} × ${r.item} (order #${r.orderId})`,
    heading: "A customer asked to return an item",
    blocks: [
      {
        kind: "paragraph",
        text: `${r.customerName} asked to return ${r.quantity} × ${r.item} from order #${r.orderId}. Approving it refunds ${formatPaiseExact(r.amountPaise)}.`,
      },
      { kind: "lines", title: "Reason", lines: r.reason.split(/\r?\n/) },
      { kind: "link", label: "Review the return", path: r.path },
    ],
  });
}
