import type { Locale } from "~/platform/i18n/locale";
import { formatPaiseExact } from "~/platform/core/money";
import * as m from "~/paraglide/messages";
import { viewOrderLink } from "./order-link";
import type { EmailBlock, EmailMessage, EmailStore } from "./layout";
import { formatOrderId } from "~/platform/core/order-id";

/**
 * The emails of cancellations and returns (issue 15): pure, written from plain data like
 * ./messages.ts, in the recipient's language (`locale`). Amounts are integer paise.
 */

/** How money goes back: through the gateway to the original method, or a payout an admin sent (its reference). */
export type RefundNotice = { amountPaise: number; kind: "gateway" | "payout"; payoutReference?: string | null } | null;

/** What is refunded (the order's full amount, or a returned item's price) and how. */
function refundParagraph(refund: NonNullable<RefundNotice>, what: "full" | "item", locale: Locale): string {
  const amount = formatPaiseExact(refund.amountPaise);
  const o = { locale };
  const messages = {
    full: [m.email_refund_full_gateway, m.email_refund_full_payout, m.email_refund_full_payout_reference],
    item: [m.email_refund_item_gateway, m.email_refund_item_payout, m.email_refund_item_payout_reference],
  } as const;
  const [gateway, payout, payoutWithReference] = messages[what];
  if (refund.kind === "gateway") return gateway({ amount }, o);
  return refund.payoutReference ? payoutWithReference({ amount, reference: refund.payoutReference }, o) : payout({ amount }, o);
}

/** To the customer, when their order is cancelled (by them or by us), with the refund of what they paid. */
export function orderCancelledEmail(
  store: EmailStore,
  order: { id: string; customerName: string; byCustomer: boolean; refund: RefundNotice; invoiced: boolean },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const who = { name: order.customerName, id: formatOrderId(order.id) };
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: order.byCustomer ? m.email_cancelled_by_customer(who, o) : m.email_cancelled_by_store(who, o) },
    {
      kind: "paragraph",
      text: order.refund ? refundParagraph(order.refund, "full", locale) : m.email_cancelled_nothing_to_refund({}, o),
    },
  ];
  if (order.invoiced) {
    blocks.push({ kind: "paragraph", text: m.email_cancelled_credit_note({}, o) });
  }
  if (!order.byCustomer) blocks.push({ kind: "paragraph", text: m.email_unexpected_help({}, o) });
  blocks.push(viewOrderLink(order.id, locale));
  return {
    store,
    locale,
    subject: m.email_cancelled_subject({ store: store.name, id: formatOrderId(order.id) }, o),
    heading: m.email_status_heading_cancelled({}, o),
    blocks,
  };
}

export type ReturnEmailData = { orderId: string; customerName: string; item: string; quantity: number };

/** To the customer, when their return is approved: what is refunded and how. */
export function returnApprovedEmail(
  store: EmailStore,
  r: ReturnEmailData & { refund: NonNullable<RefundNotice>; creditNote: string | null },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const blocks: EmailBlock[] = [
    {
      kind: "paragraph",
      text: m.email_return_approved_hello({ name: r.customerName, quantity: r.quantity, item: r.item, id: formatOrderId(r.orderId) }, o),
    },
    { kind: "paragraph", text: refundParagraph(r.refund, "item", locale) },
  ];
  if (r.creditNote) blocks.push({ kind: "paragraph", text: m.email_return_credit_note({ number: r.creditNote }, o) });
  blocks.push(viewOrderLink(r.orderId, locale));
  return {
    store,
    locale,
    subject: m.email_return_approved_subject({ store: store.name, id: formatOrderId(r.orderId) }, o),
    heading: m.email_return_approved_heading({}, o),
    blocks,
  };
}

/** To the customer, when their return is not accepted, with the reason given. */
export function returnRejectedEmail(store: EmailStore, r: ReturnEmailData & { note: string }, locale: Locale = "en"): EmailMessage {
  const o = { locale };
  return {
    store,
    locale,
    subject: m.email_return_rejected_subject({ store: store.name, id: formatOrderId(r.orderId) }, o),
    heading: m.email_return_rejected_heading({}, o),
    blocks: [
      {
        kind: "paragraph",
        text: m.email_return_rejected_hello({ name: r.customerName, quantity: r.quantity, item: r.item, id: formatOrderId(r.orderId) }, o),
      },
      { kind: "lines", title: m.email_reason({}, o), lines: r.note.split(/\r?\n/) },
      { kind: "paragraph", text: m.email_questions_help({}, o) },
      viewOrderLink(r.orderId, locale),
    ],
  };
}

/** To the seller of the line (the line's vendor, or the store's admin address), when a customer asks to return it. */
export function returnRequestedEmail(
  store: EmailStore,
  r: ReturnEmailData & { reason: string; amountPaise: number; path: string },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const what = { quantity: r.quantity, item: r.item, id: formatOrderId(r.orderId) };
  return {
    store,
    locale,
    subject: m.email_return_requested_subject(what, o),
    heading: m.email_return_requested_heading({}, o),
    blocks: [
      {
        kind: "paragraph",
        text: m.email_return_requested_text({ ...what, name: r.customerName, amount: formatPaiseExact(r.amountPaise) }, o),
      },
      { kind: "lines", title: m.email_reason({}, o), lines: r.reason.split(/\r?\n/) },
      { kind: "link", label: m.email_return_review({}, o), path: r.path },
    ],
  };
}
