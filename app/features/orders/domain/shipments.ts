import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";

/**
 * Shipping an order's items (issue 15): a seller hands their lines to a courier and records the
 * courier's name and a tracking number or an https tracking link. Client-safe: the form's schema
 * (used by the admin's and the vendor's forms and their actions) and how a tracking value is shown.
 */

export const COURIER_MIN = 2;
export const COURIER_MAX = 80;
export const TRACKING_MIN = 3;
export const TRACKING_MAX = 300;

/** The store's own lines (order_line.vendor_id null), as a form names them. */
export const STORE_LINES = "store";
/** An admin's "every item not shipped yet", whoever sells it. */
export const ALL_LINES = "all";

/** An http(s) value is a link: it must be a whole https:// address (a browser would follow anything else blindly). */
const looksLikeLink = (value: string) => /^https?:/i.test(value);

/** Whether a stored tracking value is a link to open (https only), else a number to show. */
export function isTrackingLink(tracking: string): boolean {
  if (!/^https:\/\//i.test(tracking)) return false;
  try {
    const url = new URL(tracking);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const CourierSchema = z
  .string({ error: refusalCode("vendor.courier_required") })
  .trim()
  .min(COURIER_MIN, refusalCode("vendor.courier_length", { min: COURIER_MIN, max: COURIER_MAX }))
  .max(COURIER_MAX, refusalCode("vendor.courier_too_long"));

export const TrackingSchema = z
  .string({ error: refusalCode("vendor.tracking_required") })
  .trim()
  .min(TRACKING_MIN, refusalCode("vendor.tracking_length", { min: TRACKING_MIN, max: TRACKING_MAX }))
  .max(TRACKING_MAX, refusalCode("vendor.tracking_too_long"))
  .refine((v) => !looksLikeLink(v) || isTrackingLink(v), refusalCode("vendor.tracking_link"));

/** Whose lines the admin ships: every remaining line, the store's, or one vendor's (their account id). */
const SellerChoiceSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, refusalCode("orders.ship_choice"))
  .default(ALL_LINES);

export const ShipFormSchema = z.object({ courier: CourierSchema, tracking: TrackingSchema, seller: SellerChoiceSchema });

/** A vendor's form on /vendor-login/orders: their own lines of one order. */
export const VendorShipFormSchema = z.object({
  intent: z.literal("ship", refusalCode("common.unknown_intent")),
  orderId: z
    .string({ error: refusalCode("common.form_missing") })
    .trim()
    .min(1)
    .max(64),
  courier: CourierSchema,
  tracking: TrackingSchema,
});

/** The order_event note and the customer's words for one parcel: "Shipped by Delhivery, tracking 1234". */
export function shipmentNote(courier: string, tracking: string): string {
  return `Shipped by ${courier}, tracking ${tracking}`;
}

/** A shipment as the customer's pages, the admin's and the vendor's show it. */
export type ShipmentView = {
  id: string;
  courier: string;
  tracking: string;
  shippedAt: string;
  /** The lines in the parcel: "Jute Seeds × 2". */
  items: string[];
};

/** A seller whose lines of an order are not shipped yet ("store" or a vendor's id), for the admin's "Items to ship" choice. */
export type SellerToShip = { seller: string; name: string; items: number };
