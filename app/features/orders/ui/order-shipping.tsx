import { ShipForm, type ShipFormErrors } from "~/features/orders/ui/ship-form";
import { ShipmentList } from "~/features/orders/ui/shipment-list";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { isAwaitingPayment, type PaymentStatus } from "~/features/payments/domain/payments";
import type { SellerToShip, ShipmentView } from "~/features/orders/domain/shipments";

type Props = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  shipments: readonly (ShipmentView & { sellerName: string })[];
  sellersToShip: readonly SellerToShip[];
  errors?: ShipFormErrors | undefined;
  values?: { courier?: string; tracking?: string } | undefined;
  busy: boolean;
};

/** The admin's shipping section (issue 15): the parcels so far and, while items remain, the form to ship them. */
export function OrderShipping({ status, paymentStatus, shipments, sellersToShip, errors, values, busy }: Props) {
  const open = status === "pending" || status === "confirmed";
  let note: string | null = null;
  if (open && isAwaitingPayment(paymentStatus)) note = "This order is waiting for its online payment: it can be shipped once it is paid.";
  else if (status === "pending") note = "Confirm the order to ship it.";
  else if (shipments.length === 0 && !open)
    note = status === "cancelled" ? "Nothing was shipped." : "No parcel was recorded for this order.";
  const canShip = status === "confirmed" && !isAwaitingPayment(paymentStatus) && sellersToShip.length > 0;
  return (
    <section className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200" aria-labelledby="shipping-title">
      <h2 id="shipping-title" className="font-bold">
        Shipping
      </h2>
      {shipments.length > 0 ? (
        <div className="mt-3">
          <ShipmentList shipments={shipments} label="Parcels" extra={(s) => s.sellerName ?? null} />
        </div>
      ) : null}
      {note ? <p className="mt-2 text-sm text-stone-600">{note}</p> : null}
      {canShip ? (
        <div className="mt-3">
          {shipments.length > 0 ? (
            <p className="mb-2 text-sm text-stone-700">
              Still to ship: {sellersToShip.map((s) => `${s.name} (${s.items} ${s.items === 1 ? "item" : "items"})`).join(", ")}.
            </p>
          ) : null}
          <ShipForm hidden={{ intent: "ship" }} errors={errors} values={values} sellers={sellersToShip} busy={busy} label="Ship items" />
          <p className="mt-2 text-xs text-stone-600">
            The order becomes Shipped once every item is in a parcel; the customer is emailed the tracking.
          </p>
        </div>
      ) : null}
    </section>
  );
}
