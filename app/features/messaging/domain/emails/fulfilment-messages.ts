import { type BankTransferDetails, hasBankDetails, transferInstructions } from "~/features/payments/domain/bank-transfer";
import { formatDateTime } from "~/platform/core/dates";
import type { Locale } from "~/platform/i18n/locale";
import { formatPaise } from "~/platform/core/money";
import * as m from "~/paraglide/messages";
import type { ShipmentView } from "~/features/orders/domain/shipments";
import { orderLink, viewOrderLink } from "./order-link";
import type { EmailBlock, EmailMessage, EmailStore } from "./layout";
import { formatOrderId, transferRemark } from "~/platform/core/order-id";

/**
 * The emails and email blocks of fulfilment and manual payments (issue 15): parcels with their
 * courier and tracking, a bank transfer's details, a payment received. Pure, like messages.ts, and
 * in the recipient's language (`locale`).
 */

/** One titled group per parcel: the courier, the tracking number or link, the items in it. */
export function shipmentBlocks(shipments: readonly ShipmentView[], locale: Locale = "en"): EmailBlock[] {
  return shipments.map((s) => ({
    kind: "lines",
    title: m.email_shipped_by({ courier: s.courier, date: formatDateTime(s.shippedAt, locale) }, { locale }),
    lines: [m.email_tracking({ tracking: s.tracking }, { locale }), ...s.items],
  }));
}

/** The account's filled fields as "label: value" lines (bankDetailRows, in the recipient's language). */
function bankDetailLines(details: BankTransferDetails, locale: Locale): string[] {
  const rows = [
    [m.email_bank_account_name, details.accountName],
    [m.email_bank_account_number, details.accountNumber],
    [m.email_bank_bank, details.bankName],
    [m.email_bank_ifsc, details.ifscCode],
  ] as const;
  return rows.filter(([, value]) => value.trim() !== "").map(([label, value]) => `${label({}, { locale })}: ${value}`);
}

/** The store's account and how to pay into it, while the order waits for the transfer. */
export function bankTransferBlocks(
  details: BankTransferDetails | null,
  order: { id: string; total: number },
  locale: Locale = "en",
): EmailBlock[] {
  if (!hasBankDetails(details)) return [];
  const lines = [
    ...(transferInstructions(details, locale) ? [transferInstructions(details, locale)] : []),
    m.email_bank_amount({ amount: formatPaise(order.total) }, { locale }),
    ...bankDetailLines(details, locale),
    m.email_bank_reference_hint({ id: transferRemark(order.id) }, { locale }),
  ];
  return [{ kind: "lines", title: m.email_bank_heading({}, { locale }), lines }];
}

/** To the customer, when some of the order's items leave; `remaining` is how many items are still to ship. */
export function orderShipmentEmail(
  store: EmailStore,
  order: { id: string; customerName: string; shipment: ShipmentView; remaining: number },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const still = order.remaining === 1 ? m.email_shipment_still_one({}, o) : m.email_shipment_still_other({ count: order.remaining }, o);
  return {
    store,
    locale,
    subject: m.email_shipment_subject({ store: store.name, id: formatOrderId(order.id) }, o),
    heading: m.email_shipment_heading({}, o),
    blocks: [
      { kind: "paragraph", text: m.email_shipment_hello({ name: order.customerName, id: formatOrderId(order.id), still }, o) },
      ...shipmentBlocks([order.shipment], locale),
      { kind: "link", label: m.email_track_order({}, o), path: orderLink(order.id) },
    ],
  };
}

/** To the customer, when an admin records their bank transfer. */
export function paymentReceivedEmail(
  store: EmailStore,
  order: { id: string; customerName: string; amount: number; reference: string; confirmed: boolean },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const blocks: EmailBlock[] = [
    {
      kind: "paragraph",
      text: m.email_payment_received_hello({ name: order.customerName, amount: formatPaise(order.amount), id: formatOrderId(order.id) }, o),
    },
    { kind: "lines", title: m.email_transfer_reference({}, o), lines: [order.reference] },
  ];
  if (order.confirmed) {
    blocks.push({ kind: "paragraph", text: m.email_payment_received_confirmed({}, o) });
  }
  blocks.push(viewOrderLink(order.id, locale));
  return {
    store,
    locale,
    subject: m.email_payment_received_subject({ store: store.name, id: formatOrderId(order.id) }, o),
    heading: m.email_payment_received_heading({}, o),
    blocks,
  };
}
