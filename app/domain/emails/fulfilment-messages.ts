import {
  type BankTransferDetails,
  bankDetailRows,
  hasBankDetails,
  PAY_BY_TRANSFER_HEADING,
  transferReferenceHint,
} from "~/domain/bank-transfer";
import { formatDateTime } from "~/domain/dates";
import { formatPaise } from "~/domain/money";
import type { ShipmentView } from "~/domain/shipments";
import { type EmailBlock, type EmailStore, type RenderedEmail, renderEmail } from "./layout";

/**
 * The emails and email blocks of fulfilment and manual payments (issue 15): parcels with their
 * courier and tracking, a bank transfer's details, a payment received. Pure, like messages.ts.
 */

const orderLink = (id: string) => `/order-confirmation/${encodeURIComponent(id)}`;

/** One titled group per parcel: the courier, the tracking number or link, the items in it. */
export function shipmentBlocks(shipments: readonly ShipmentView[]): EmailBlock[] {
  return shipments.map((s) => ({
    kind: "lines",
    title: `Shipped by ${s.courier} on ${formatDateTime(s.shippedAt)}`,
    lines: [`Tracking: ${s.tracking}`, ...s.items],
  }));
}

/** The store's account and how to pay into it, while the order waits for the transfer. */
export function bankTransferBlocks(details: BankTransferDetails | null, order: { id: string; total: number }): EmailBlock[] {
  if (!hasBankDetails(details)) return [];
  const lines = [
    ...(details.instructions.trim() ? [details.instructions.trim()] : []),
    `Amount: ${formatPaise(order.total)}`,
    ...bankDetailRows(details).map(([label, value]) => `${label}: ${value}`),
    transferReferenceHint(order.id),
  ];
  return [{ kind: "lines", title: PAY_BY_TRANSFER_HEADING, lines }];
}

/** To the customer, when some of the order's items leave; `remaining` is how many items are still to ship. */
export function orderShipmentEmail(
  store: EmailStore,
  order: { id: string; customerName: string; shipment: ShipmentView; remaining: number },
): RenderedEmail {
  const still = order.remaining === 1 ? "the other item follows separately" : `the other ${order.remaining} items follow separately`;
  return renderEmail(store, {
    subject: `Part of your ${store.name} order #${order.id} has been shipped`,
    heading: "Part of your order has been shipped.",
    blocks: [
      {
        kind: "paragraph",
        text: `Hello ${order.customerName}, some items of your order #${order.id} are on their way; ${still}.`,
      },
      ...shipmentBlocks([order.shipment]),
      { kind: "link", label: "Track your order", path: orderLink(order.id) },
    ],
  });
}

/** To the customer, when an admin records their bank transfer. */
export function paymentReceivedEmail(
  store: EmailStore,
  order: { id: string; customerName: string; amount: number; reference: string; confirmed: boolean },
): RenderedEmail {
  const blocks: EmailBlock[] = [
    {
      kind: "paragraph",
      text: `Hello ${order.customerName}, we have received your bank transfer of ${formatPaise(order.amount)} for order #${order.id}.`,
    },
    { kind: "lines", title: "Transfer reference", lines: [order.reference] },
  ];
  if (order.confirmed) {
    blocks.push({ kind: "paragraph", text: "Your order is now confirmed and we are preparing it for shipping." });
  }
  blocks.push({ kind: "link", label: "View your order", path: orderLink(order.id) });
  return renderEmail(store, {
    subject: `Payment received for your ${store.name} order #${order.id}`,
    heading: "Thank you! We have received your payment.",
    blocks,
  });
}
