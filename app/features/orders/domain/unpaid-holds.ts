import { formatPaise } from "../../../platform/core/money";

/**
 * What orders waiting for payment may hold (docs/decisions/031-unpaid-holds.md). A card, UPI or
 * bank-transfer order takes its stock at once and keeps it until it is paid or its time runs out,
 * with no money received: these limits keep one shopper from holding the stock others would buy.
 * Client-safe: rules and the refusals' sentences only.
 */
export type UnpaidHoldLimits = {
  /** One order paid online (card or UPI): its total, and its units. */
  orderMaxPaise: number;
  orderMaxUnits: number;
  /** One customer's orders waiting for a card, UPI or bank-transfer payment, this one included. */
  customerMaxPaise: number;
  customerMaxUnits: number;
  /** Of one size, the share of its stock one customer's unpaid orders may hold... */
  stockSharePercent: number;
  /** ...but never fewer units than this, so a size with one or two left can still be bought. */
  stockMinUnits: number;
};

/**
 * How many units of one size a customer's unpaid orders may hold together. The share is of what
 * they could take now: the stock left plus what their own unpaid orders already hold, so splitting
 * an order in two gains nothing.
 */
export function holdAllowance(
  stockLeft: number,
  heldByCustomer: number,
  limits: Pick<UnpaidHoldLimits, "stockSharePercent" | "stockMinUnits">,
) {
  const share = Math.floor(((stockLeft + heldByCustomer) * limits.stockSharePercent) / 100);
  return Math.max(limits.stockMinUnits, share);
}

export const unpaidOrderOverValue = (maxPaise: number) =>
  `An order paid by card or UPI can be at most ${formatPaise(maxPaise)}. Please reduce the order, or choose another payment method.`;
export const unpaidOrderOverUnits = (max: number) =>
  `An order paid by card or UPI can have at most ${max} items. Please reduce the quantities, or choose another payment method.`;
export const unpaidCustomerOverValue = (maxPaise: number) =>
  `Your orders waiting for payment can come to at most ${formatPaise(maxPaise)} together. Please pay for them first, or reduce this order.`;
export const unpaidCustomerOverUnits = (max: number) =>
  `Your orders waiting for payment can have at most ${max} items together. Please pay for them first, or reduce this order.`;
export const unpaidShareOfStock = (max: number, name: string) =>
  `Orders waiting for payment can hold at most ${max} of ${name} for you. Please reduce the quantity, or pay for your open orders first.`;
