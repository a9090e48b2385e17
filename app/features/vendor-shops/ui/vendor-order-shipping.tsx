import { ShipForm, type ShipFormErrors } from "~/features/orders/ui/ship-form";
import { ShipmentList } from "~/features/orders/ui/shipment-list";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { isAwaitingPayment, type PaymentStatus } from "~/features/payments/domain/payments";
import type { ShipmentView } from "~/features/orders/domain/shipments";
import { useT } from "~/platform/i18n/i18n";
import { formatOrderId } from "~/platform/core/order-id";

type Props = {
  order: { orderId: string; status: OrderStatus; paymentStatus: PaymentStatus; lines: readonly { shipmentId: string | null }[] };
  /** The vendor's own parcels of this order. */
  shipments: readonly ShipmentView[];
  /** A refused ship form of this order: its errors and what was typed. */
  refused?: { refusal: string; fields: ShipFormErrors; values: { courier: string; tracking: string } } | undefined;
  busy: boolean;
};

/**
 * A vendor's shipping of their own lines of one order (issue 15): their parcels so far, and while
 * their lines wait, the courier and tracking form. Other sellers' lines are never shown or shipped.
 */
export function VendorOrderShipping({ order, shipments, refused, busy }: Props) {
  const waiting = order.lines.filter((l) => l.shipmentId === null).length;
  const open = order.status === "confirmed" && !isAwaitingPayment(order.paymentStatus);
  const fieldsRefused = refused !== undefined && Object.values(refused.fields).some(Boolean);
  const t = useT();
  return (
    <div className="mt-3 space-y-3 border-t border-stone-100 pt-3">
      <ShipmentList shipments={shipments} label={t("ui_vendor_order_parcels", { id: formatOrderId(order.orderId) })} />
      {waiting > 0 && order.status === "pending" ? <p className="text-sm text-stone-600">{t("ui_vendor_ship_when_confirmed")}</p> : null}
      {waiting > 0 && open ? (
        <>
          {refused && !fieldsRefused ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {refused.refusal}
            </p>
          ) : null}
          <ShipForm
            hidden={{ intent: "ship", orderId: order.orderId }}
            errors={refused?.fields}
            values={refused?.values}
            busy={busy}
            label={t("ui_vendor_ship_items", { id: formatOrderId(order.orderId) })}
          />
        </>
      ) : null}
    </div>
  );
}
