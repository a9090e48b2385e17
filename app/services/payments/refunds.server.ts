import type { Db } from "~/db/db.server";
import type { RefundReason } from "~/domain/payments";

/**
 * Refunds (issue 15): written inside the caller's transaction as a pending row (its idem_key unique,
 * so one reason refunds once), then sent to the gateway after the commit by sendRefund; a refund the
 * gateway could not take stays pending and the payment sweep sends it again.
 */
export type RefundRequest = {
  orderId: string;
  amountPaise: number;
  reason: RefundReason;
  /** One refund per key: "cancel:<orderId>", "return:<returnId>", "late:<paymentId>". */
  idemKey: string;
  actorId: string | null;
  /** Cash on delivery / bank transfer: the UPI or bank payout reference the admin recorded (the refund is then done). */
  payoutReference?: string;
};

export class RefundRefused extends Error {}

/** Records a refund in the caller's transaction; returns its id (the existing one for a repeated key). */
export async function createRefund(
  _trx: Db,
  _request: RefundRequest,
): Promise<{ refundId: string; kind: "gateway" | "payout"; created: boolean }> {
  throw new Error("not implemented yet");
}

/** Sends a pending gateway refund (after the transaction that created it committed). Never throws for a gateway failure: the refund stays pending. */
export async function sendRefund(_refundId: string): Promise<void> {
  throw new Error("not implemented yet");
}
