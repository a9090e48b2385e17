import type { BankTransferDetails } from "~/features/payments/domain/bank-transfer";
import type { ShipmentView } from "~/features/orders/domain/shipments";
import { BankTransferPanel } from "../../payments/ui/bank-transfer-panel";
import { ShipmentList } from "./shipment-list";
import { useT } from "~/platform/i18n/i18n";

type Props = {
  order: { id: string; total: number };
  progress: { shipments: readonly ShipmentView[]; bankTransfer: BankTransferDetails | null };
};

/**
 * Under the customer's order heading (issue 15): how to pay while a bank transfer is awaited, and
 * the parcels with their courier and tracking once they leave.
 */
export function OrderFulfilment({ order, progress }: Props) {
  const t = useT();
  return (
    <>
      {progress.bankTransfer ? (
        <div className="mt-6">
          <BankTransferPanel details={progress.bankTransfer} orderId={order.id} totalPaise={order.total} />
        </div>
      ) : null}
      {progress.shipments.length > 0 ? (
        <section className="mt-6 rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="shipments-title">
          <h2 id="shipments-title" className="mb-3 text-lg font-bold text-stone-900">
            {progress.shipments.length === 1 ? t("ui_orders_your_parcel") : t("ui_orders_your_parcels")}
          </h2>
          <ShipmentList shipments={progress.shipments} label={t("ui_orders_parcels_tracking")} />
        </section>
      ) : null}
    </>
  );
}
