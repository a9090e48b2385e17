import Truck from "lucide-react/icons/truck";
import { formatDateTime } from "~/platform/core/dates";
import { isTrackingLink, type ShipmentView } from "~/features/orders/domain/shipments";
import { useLocale } from "~/platform/i18n/i18n";
import { useTOr } from "~/features/orders/ui/order-text";

/** The tracking value: a link to the courier's page (a new tab, no referrer), or the number to quote. */
export function TrackingValue({ courier, tracking }: { courier: string; tracking: string }) {
  const t = useTOr();
  if (!isTrackingLink(tracking)) {
    return <span className="font-mono font-semibold [overflow-wrap:anywhere]">{tracking}</span>;
  }
  return (
    <a
      href={tracking}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline [overflow-wrap:anywhere]"
    >
      {t("ui_orders_track_on", "Track your parcel on {host}", { host: new URL(tracking).hostname.replace(/^www\./, "") })}
      <span className="sr-only">{t("ui_orders_track_sr", " (with {courier}, opens in a new tab)", { courier })}</span>
    </a>
  );
}

/**
 * An order's parcels (issue 15): the courier, when it left, the tracking number or link and, when
 * the order went in several parcels, what each carries. `label` names the list for screen readers.
 */
export function ShipmentList({
  shipments,
  label,
  extra,
}: {
  shipments: readonly (ShipmentView & { sellerName?: string })[];
  label: string;
  /** What to add after each parcel's courier (the admin's page: the seller). */
  extra?: (s: ShipmentView & { sellerName?: string }) => string | null;
}) {
  const t = useTOr();
  const locale = useLocale();
  if (shipments.length === 0) return null;
  const several = shipments.length > 1;
  return (
    <ul className="space-y-3" aria-label={label}>
      {shipments.map((s) => (
        <li key={s.id} className="flex gap-3 rounded-lg border border-stone-200 p-3" data-testid="shipment">
          <Truck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-stone-900">
              {t("ui_orders_shipped_by", "Shipped by {courier}", { courier: s.courier })}
              {extra?.(s) ? <span className="font-normal text-stone-600"> · {extra(s)}</span> : null}
            </p>
            <p className="text-stone-600">
              <time dateTime={s.shippedAt}>{formatDateTime(s.shippedAt, locale)}</time>
            </p>
            <p className="mt-1 text-stone-800">
              {t("ui_orders_tracking", "Tracking:")} <TrackingValue courier={s.courier} tracking={s.tracking} />
            </p>
            {several && s.items.length > 0 ? <p className="mt-1 text-stone-600">{s.items.join(", ")}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
