import type { BankTransferDetails } from "~/features/payments/domain/bank-transfer";
import type { OrderEventTime } from "~/features/orders/domain/orders";
import type { CustomerStrayPayment, PaymentStatus } from "~/features/payments/domain/payments";
import type { ShipmentView } from "~/features/orders/domain/shipments";

/** What the customer's pages show of an order's progress (listOrderProgress in app/features/orders/server). */
export type OrderProgressView = {
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  paidPaise: number;
  refundedPaise: number;
  events: readonly OrderEventTime[];
  shipments: readonly ShipmentView[];
  bankTransfer: BankTransferDetails | null;
  /** The end of the time to pay a bank transfer, while the order waits for it. */
  transferDueAt: string | null;
  strays: readonly CustomerStrayPayment[];
};
