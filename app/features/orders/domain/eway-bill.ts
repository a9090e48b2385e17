import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";

/**
 * E-way bills (CGST Rules, rule 138; docs/decisions/058-warehouse-work.md). A consignment's value is
 * its goods' value with the GST charged on them, leaving out goods that carry no GST (exempt or
 * nil-rated, as seeds are) and the delivery charge, which is a service.
 */
export type ConsignmentLine = { taxablePaise: number; taxPaise: number };

export function consignmentValuePaise(lines: readonly ConsignmentLine[]): number {
  return lines.filter((l) => l.taxPaise > 0).reduce((sum, l) => sum + l.taxablePaise + l.taxPaise, 0);
}

/** Needed when the value is strictly above the threshold (the rule's "exceeding fifty thousand rupees"). */
export function needsEwayBill(valuePaise: number, aboveRupees: number): boolean {
  return valuePaise > aboveRupees * 100;
}

/** The number the e-way bill portal gives: 12 digits (spaces a person types between groups are dropped). */
export const EwayBillNumberSchema = z
  .string(refusalCode("orders.eway_bill_format"))
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{12}$/, refusalCode("orders.eway_bill_format")));
