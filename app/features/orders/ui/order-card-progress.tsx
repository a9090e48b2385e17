import { formatPaise } from "~/platform/core/money";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { describeOrder } from "~/features/orders/domain/order-picture";
import type { OrderProgressView } from "./order-progress-view";
import { BankTransferPanel } from "../../payments/ui/bank-transfer-panel";
import { TransferDeadline } from "../../payments/ui/transfer-deadline";
import { ShipmentList } from "./shipment-list";
import { StrayPaymentLines } from "../../payments/ui/stray-payment-lines";
import { useT } from "~/platform/i18n/i18n";
import { formatOrderId } from "~/platform/core/order-id";

/**
 * An order's card in My Orders (issue 15): waiting for payment, how and by when to pay by bank transfer, the
 * parcels with their tracking, money refunded, and payments it did not take (late, second, mismatched).
 */
export function OrderCardProgress({
  order,
  progress,
}: {
  order: { id: string; status: OrderStatus; total: number };
  progress: OrderProgressView | undefined;
}) {
  const t = useT();
  if (!progress) return null;
  const picture = describeOrder({ status: order.status, ...progress });
  return (
    <div className="mt-3 space-y-3">
      {picture.headline === "awaiting_payment" ? (
        <p className="text-sm font-semibold text-orange-800">{t("ui_orders_confirm_after_payment")}</p>
      ) : null}
      {order.status === "pending" && progress.transferDueAt ? (
        <TransferDeadline dueAt={progress.transferDueAt} className="text-sm font-semibold text-orange-800" />
      ) : null}
      {progress.refundedPaise > 0 ? (
        <p className="text-sm font-semibold text-stone-800">
          {t("ui_orders_refunded_to_you", { amount: formatPaise(progress.refundedPaise) })}
        </p>
      ) : null}
      <StrayPaymentLines strays={progress.strays} />
      {progress.bankTransfer ? (
        <BankTransferPanel details={progress.bankTransfer} orderId={order.id} totalPaise={order.total} headingLevel={3} />
      ) : null}
      <ShipmentList shipments={progress.shipments} label={t("ui_orders_parcels_of", { id: formatOrderId(order.id) })} />
    </div>
  );
}
