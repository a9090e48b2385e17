import { z } from "zod";
import { defineCall } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { quoteMatches } from "~/features/ondc/domain/quote";
import {
  OndcBillingSchema,
  OndcEndSchema,
  OndcItemSchema,
  OndcPaymentSchema,
  OndcProviderSchema,
  OndcQuoteSchema,
  locationsOf,
  SETTLEMENT_BASIS,
  SETTLEMENT_WINDOW,
} from "~/features/ondc/domain/order-object";
import { getBankTransferDetails } from "~/features/settings/server/payment-settings.server";
import { quoteForOndc, shortOf } from "../ondc-quote.server";
import { findOndcCustomer, ondcOrderObject, openTransaction, readOndcOrder, saveQuotedStep, type Settlement } from "../ondc-orders.server";

const InitMessageSchema = z.object({
  order: z.looseObject({
    provider: OndcProviderSchema,
    items: z.array(OndcItemSchema).min(1).max(50),
    billing: OndcBillingSchema,
    fulfillments: z.array(z.looseObject({ end: OndcEndSchema })).min(1),
    payment: OndcPaymentSchema.optional(),
    quote: OndcQuoteSchema.optional(),
  }),
});

/**
 * `init` → `on_init`: the buyer's billing and delivery address, and how they pay. The items are quoted
 * again (for the buyer's own account when they have one: an offer for a first order is theirs only
 * once), to the delivery pincode; a quote the buyer app sends that is not ours is ONDC's 40003. Cash on
 * delivery (ON-FULFILLMENT) only where the store's delivery rules allow it and within their cap, else
 * 40004. The answer carries the quote, the payment with the settlement terms (the store's bank account
 * from its bank-transfer settings, the buyer app's finder fee echoed) and the seller's GSTIN.
 */
/** The locations select named, when init leaves them out. */
const savedLocations = (quote: string | null) => {
  const saved = quote ? (JSON.parse(quote) as { locations?: { id: string }[] }) : null;
  return saved?.locations ? { locations: saved.locations } : {};
};

export const initCall = defineCall({
  message: InitMessageSchema,
  async handle({ context, message }) {
    const { order } = message;
    const open = await openTransaction(context, order.provider.id);
    if ("error" in open) return [{ error: open.error }];
    const { seller, existing } = open;
    const end = order.fulfillments[0]?.end;
    if (!end) return [{ error: ONDC_ERRORS.invalidRequest }];
    const customer = await findOndcCustomer(context.bap_id, order.billing);
    const outcome = await quoteForOndc({
      providerId: order.provider.id,
      items: order.items.map((i) => ({ id: i.id, count: i.quantity.count })),
      pincode: end.location.address.area_code,
      userId: customer?.id ?? null,
    });
    if (outcome.kind === "refused") return [{ error: outcome.error }];
    const { quote, delivery } = outcome;
    const short = shortOf(quote);
    if (short) return [{ error: short }];
    if (!quoteMatches(quote, order.quote)) return [{ error: ONDC_ERRORS.quoteUnavailable }];

    const type = order.payment?.type ?? existing?.payment_type ?? "ON-ORDER";
    if (type !== "ON-ORDER" && type !== "ON-FULFILLMENT") return [{ error: ONDC_ERRORS.paymentNotSupported }];
    if (type === "ON-FULFILLMENT" && (!delivery.cod || quote.totalPaise > delivery.codMaxPaise))
      return [{ error: ONDC_ERRORS.paymentNotSupported }];

    const bank = await getBankTransferDetails();
    // ONDC's on_init must say where the money settles (account, IFSC and branch): without the store's
    // account in Payment Settings no order can be settled, so none is taken (the admin's ONDC page says so).
    if (!bank?.accountNumber || !bank.ifscCode || !bank.branchName) return [{ error: ONDC_ERRORS.businessError }];
    const settlement: Settlement = {
      finderFeeType: order.payment?.["@ondc/org/buyer_app_finder_fee_type"],
      finderFeeAmount: order.payment?.["@ondc/org/buyer_app_finder_fee_amount"],
      basis: SETTLEMENT_BASIS,
      window: SETTLEMENT_WINDOW,
      withholdingPaise: 0,
      bank: bank
        ? {
            accountName: bank.accountName,
            accountNumber: bank.accountNumber,
            bankName: bank.bankName,
            branchName: bank.branchName ?? "",
            ifscCode: bank.ifscCode,
          }
        : null,
    };
    const values = {
      provider_id: order.provider.id,
      quote: JSON.stringify({
        ...quote,
        delivery,
        ...(end.location.gps ? { gps: end.location.gps } : {}),
        ...(order.provider.locations ? locationsOf(order.provider) : savedLocations(existing?.quote ?? null)),
      }),
      billing: JSON.stringify(order.billing),
      fulfillment: JSON.stringify(end),
      payment_type: type,
      payment_collected_by: type === "ON-ORDER" ? "BAP" : "BPP",
      settlement: JSON.stringify(settlement),
    };
    await saveQuotedStep(context, "initialized", values);
    const row = await readOndcOrder(context.bap_id, context.transaction_id);
    if (!row) throw new Error("the transaction's row was not written");
    return [{ message: { order: ondcOrderObject(row, { storeName: seller.name, gstin: seller.gstin }) } }];
  },
});
