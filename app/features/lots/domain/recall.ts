import { z } from "zod";
import { refusalCode } from "~/platform/core/refusal";
import type { OrderStatus } from "~/features/orders/domain/orders";

/** The longest reason a recall keeps (and tells customers). */
export const RECALL_REASON_MAX = 500;

/** The recall form: the reason, told to every customer who received the lot. */
export const RecallFormSchema = z.object({
  reason: z
    .string({ error: refusalCode("recalls.reason") })
    .trim()
    .min(1, refusalCode("recalls.reason"))
    .max(RECALL_REASON_MAX, refusalCode("recalls.reason_long", { max: RECALL_REASON_MAX })),
});

/**
 * Who recalls: an admin any lot, a vendor only the lots of their own products (another's reads as
 * not found).
 */
export type RecallActor = { role: "admin" | "vendor"; id: string };

/** An order that holds a lot's units but has not left: the recall flags it for a swap or a cancel. */
export const HELD_STATUSES = ["pending", "confirmed"] as const satisfies readonly OrderStatus[];
/** An order whose parcel has left: its customer received (or is receiving) the lot and is told. */
export const RECEIVED_STATUSES = ["shipped", "delivered"] as const satisfies readonly OrderStatus[];

/** What became of an order the recall flagged: still to resolve, or resolved one of two ways. */
export type HoldState = "open" | "swapped" | "cancelled";

/** The recall report's CSV columns, in order. */
export const RECALL_REPORT_COLUMNS = [
  "order",
  "placed_at",
  "status",
  "customer",
  "phone",
  "email",
  "pincode",
  "units",
  "units_back",
  "flag",
  "told_at",
] as const;

/** A lot as the lots pages list it: on sale, recalled, or not on sale (empty, or past its sell-by day). */
export type LotState = "selling" | "recalled" | "resting";

export type LotRow = {
  id: string;
  number: string;
  product: string;
  size: string;
  sku: string;
  quantity: number;
  expiresOn: string | null;
  receivedAt: string;
  state: LotState;
};

export type LotView = LotRow & {
  productId: string;
  receivedQuantity: number;
  recalledAt: string | null;
  recallReason: string | null;
  heldOrders: number;
  toldCustomers: number;
};

export type RecallReportRow = {
  orderId: string;
  placedAt: string;
  status: OrderStatus;
  customer: string;
  phone: string;
  email: string;
  pincode: string;
  units: number;
  unitsBack: number;
  /** What the recall made of an order not yet shipped; null for one that had left (or none yet). */
  hold: HoldState | null;
  /** For a customer who received the lot: when their notice was sent (null: still queued); undefined: not told. */
  toldAt?: string | null;
};

/** A recalled lot an open order still holds, as the admin's order page shows it. */
export type RecallHoldView = { lotId: string; lot: string; reason: string; units: number };
