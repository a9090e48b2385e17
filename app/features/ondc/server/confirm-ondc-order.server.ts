import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { ONDC_PREPAID } from "~/features/payments/domain/payments";
import { issueInvoices } from "~/features/tax/server/issue-documents.server";
import { type BecknContext, type BecknError, ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { paiseOf, quoteMatches } from "~/features/ondc/domain/quote";
import { type OndcBilling, type OndcPayment, streetOf } from "~/features/ondc/domain/order-object";
import { quoteForOndc, shortOf } from "./ondc-quote.server";
import {
  ensureOndcCustomer,
  findOndcCustomer,
  markConfirmed,
  ondcCheckoutKey,
  type OndcOrderRow,
  readOndcOrder,
  billingPhone,
  type SavedQuote,
} from "./ondc-orders.server";

export type ConfirmAsk = {
  /** The order's id on ONDC, which the buyer app gives it in confirm. */
  id?: string;
  /** When the buyer app made the order (its confirm's created_at), which ONDC's order keeps. */
  createdAt?: string;
  items: { id: string; count: number }[];
  billing?: OndcBilling;
  end?: { location: { address: { area_code: string; city?: string; state?: string } & Record<string, unknown> } };
  payment: OndcPayment;
  quote?: { price?: { value?: string }; breakup?: Record<string, unknown>[] };
};

export type ConfirmOutcome = { kind: "confirmed"; row: OndcOrderRow } | { kind: "refused"; error: BecknError };

/** The store's refusals of an order that ONDC has its own codes for; the rest is 30019 "Order Confirm Error". */
function errorOfRefusal(error: OrderRefused): BecknError {
  const code = error.refusal.code;
  if (code === "checkout.out_of_stock" || code === "checkout.only_left" || code === "checkout.stock_changed")
    return { ...ONDC_ERRORS.itemOutOfStock, message: error.message };
  if (code === "checkout.named_gone" || code === "checkout.product_gone") return { ...ONDC_ERRORS.itemNotFound, message: error.message };
  if (error.field === "pincode" || error.field === "state") return { ...ONDC_ERRORS.notServiceable, message: error.message };
  if (error.field === "paymentMethod") return { ...ONDC_ERRORS.paymentNotSupported, message: error.message };
  return { ...ONDC_ERRORS.orderConfirmError, message: error.message };
}

/**
 * Confirms a transaction as a real order (docs/decisions/075-ondc-orders.md). Checked first, writing
 * nothing: the transaction was initialised; how it pays (ON-FULFILLMENT: cash on delivery;
 * ON-ORDER collected by the buyer app and PAID: `ondc_prepaid`; else 40004); the items quoted again for
 * the buyer, and the quote the buyer app sends (its total, its breakup, the payment's amount) ours to
 * the paisa, else 40003; enough stock, else 40002. Then placeOrder, the storefront's own transaction
 * (stock, lots, licences, territory, COD rules, limits per customer), with a checkout key derived from
 * the transaction, so a repeated confirm finds the first order. A prepaid order is then paid and
 * confirmed, and its GST invoices issued, in the transaction that marks ondc_order confirmed, as a
 * gateway's payment confirms a storefront order (record-payment.server.ts); a cash order waits for the
 * store's check, as the storefront's do, and is invoiced when the admin confirms it. A refusal of
 * placeOrder writes nothing (its transaction rolls back) and is said with ONDC's code for it.
 */
export async function confirmOndcOrder(context: BecknContext, ask: ConfirmAsk): Promise<ConfirmOutcome> {
  const row = await readOndcOrder(context.bap_id, context.transaction_id);
  if (!row) return { kind: "refused", error: ONDC_ERRORS.orderConfirmError };
  if (row.state === "confirmed" && row.order_id) return { kind: "confirmed", row };
  if (row.state !== "initialized") return { kind: "refused", error: ONDC_ERRORS.orderConfirmError };
  const saved = JSON.parse(row.quote ?? "null") as SavedQuote | null;
  const billing = ask.billing ?? (JSON.parse(row.billing ?? "null") as OndcBilling | null);
  const end = ask.end ?? (JSON.parse(row.fulfillment ?? "null") as ConfirmAsk["end"] | null);
  if (!saved || !billing || !end || !row.provider_id) return { kind: "refused", error: ONDC_ERRORS.orderConfirmError };

  const { payment } = ask;
  const cod = payment.type === "ON-FULFILLMENT";
  const prepaid = payment.type === "ON-ORDER" && payment.collected_by === "BAP" && payment.status === "PAID";
  if (!cod && !prepaid) return { kind: "refused", error: ONDC_ERRORS.paymentNotSupported };

  const known = await findOndcCustomer(context.bap_id, billing);
  const outcome = await quoteForOndc({
    providerId: row.provider_id,
    items: ask.items,
    pincode: end.location.address.area_code,
    userId: known?.id ?? null,
  });
  if (outcome.kind === "refused") return outcome;
  const { quote, delivery, productOf } = outcome;
  const short = shortOf(quote);
  if (short) return { kind: "refused", error: short };
  const amount = payment.params?.amount;
  if (!quoteMatches(quote, ask.quote) || (amount !== undefined && paiseOf(amount) !== quote.totalPaise))
    return { kind: "refused", error: ONDC_ERRORS.quoteUnavailable };

  const customer = await ensureOndcCustomer(context.bap_id, billing);
  const address = end.location.address;
  let placed: { orderId: string; created: boolean };
  try {
    placed = await placeOrder(
      customer,
      {
        items: quote.lines.map((l) => ({ productId: productOf.get(l.itemId) ?? "", variantId: l.itemId, quantity: l.count })),
        checkoutKey: ondcCheckoutKey(context.bap_id, context.transaction_id),
        paymentMethod: prepaid ? ONDC_PREPAID : "cod",
        couponCode: null,
        phone: billingPhone(billing),
        street: streetOf(address) || streetOf(billing.address ?? {}) || address.area_code,
        city: (address.city ?? billing.address?.city ?? "").slice(0, 100),
        // The pincode's State, as the store's directory knows it: the buyer app's spelling may differ.
        state: delivery.state,
        pincode: delivery.pincode,
      },
      { channel: "ondc" },
    );
  } catch (error) {
    if (error instanceof OrderRefused) return { kind: "refused", error: errorOfRefusal(error) };
    throw error;
  }

  const reference = payment.params?.transaction_id?.slice(0, 200) ?? null;
  await getDb()
    .transaction()
    .execute(async (trx) => {
      if (prepaid) {
        const now = new Date().toISOString();
        const paid = await trx
          .updateTable("orders")
          .set((eb) => ({
            status: "confirmed",
            paid_paise: eb.ref("total_paise"),
            paid_at: now,
            payment_reference: reference,
            updated_at: now,
          }))
          .where("id", "=", placed.orderId)
          .where("status", "=", "pending")
          .where("payment_method", "=", ONDC_PREPAID)
          .executeTakeFirst();
        // A repeat finds it paid already.
        if (Number(paid.numUpdatedRows) === 1) {
          await trx
            .insertInto("order_event")
            .values({
              id: newId(),
              order_id: placed.orderId,
              status: "confirmed",
              note: "Paid via ONDC buyer app",
              actor_id: null,
              created_at: now,
            })
            .execute();
          await issueInvoices(trx, placed.orderId, new Date(now));
        }
      }
      await markConfirmed(trx, row, {
        order_id: placed.orderId,
        bap_order_id: ask.id?.slice(0, 100) ?? null,
        bap_created_at: ask.createdAt ?? null,
        payment_type: payment.type ?? null,
        payment_collected_by: cod ? "BPP" : "BAP",
        payment_status: prepaid ? "PAID" : "NOT-PAID",
        payment_reference: reference,
        settlement: withFinderFee(row.settlement, payment),
        // on_confirm tells the buyer app the order as it is now: an unsolicited on_status follows a change from here.
        last_status_sent: prepaid ? "confirmed" : "pending",
      });
    });
  const confirmed = await readOndcOrder(context.bap_id, context.transaction_id);
  if (!confirmed) throw new Error("the confirmed transaction's row is gone");
  return { kind: "confirmed", row: confirmed };
}

/** The settlement terms with the finder fee the confirm states (it is the buyer app's final word on it). */
function withFinderFee(settlement: string | null, payment: OndcPayment): string | null {
  const terms = JSON.parse(settlement ?? "null") as Record<string, unknown> | null;
  if (!terms) return settlement;
  const type = payment["@ondc/org/buyer_app_finder_fee_type"];
  const amount = payment["@ondc/org/buyer_app_finder_fee_amount"];
  return JSON.stringify({ ...terms, ...(type ? { finderFeeType: type } : {}), ...(amount ? { finderFeeAmount: amount } : {}) });
}
