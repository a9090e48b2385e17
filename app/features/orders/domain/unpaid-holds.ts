import { refusal } from "../../../platform/core/refusal";

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

export const unpaidOrderOverValue = (maxPaise: number) => refusal("checkout.unpaid_order_value", { amountPaise: maxPaise });
export const unpaidOrderOverUnits = (max: number) => refusal("checkout.unpaid_order_units", { max });
export const unpaidCustomerOverValue = (maxPaise: number) => refusal("checkout.unpaid_customer_value", { amountPaise: maxPaise });
export const unpaidCustomerOverUnits = (max: number) => refusal("checkout.unpaid_customer_units", { max });
export const unpaidShareOfStock = (max: number, name: string) => refusal("checkout.unpaid_share", { max, name });
