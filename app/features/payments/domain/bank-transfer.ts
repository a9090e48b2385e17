import { z } from "zod";
import { addDays, indiaToday } from "../../../platform/core/india-day";

/**
 * Bank transfers (issue 15): the customer pays into the store's account and an admin records the
 * transfer's reference once it arrives. Client-safe: the details as pages and emails show them, and
 * the admin's form.
 */

/** The store's account, from Payment Settings (only the fields it has filled). */
export type BankTransferDetails = {
  instructions: string;
  /** The instructions on Hindi pages and in Hindi emails; blank or absent: the English ones. */
  instructionsHi?: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  /** Absent in settings saved before it was asked. */
  branchName?: string;
  ifscCode: string;
};

/** [label, value] rows of the account, the ones that are filled. */
export function bankDetailRows(details: BankTransferDetails): [string, string][] {
  const rows: [string, string][] = [
    ["Account name", details.accountName],
    ["Account number", details.accountNumber],
    ["Bank", details.bankName],
    ["Branch", details.branchName ?? ""],
    ["IFSC", details.ifscCode],
  ];
  return rows.filter(([, value]) => value.trim() !== "");
}

/** The instructions in a page's or email's language (trimmed; empty when there are none). */
export function transferInstructions(details: BankTransferDetails, locale: string): string {
  return (locale === "hi" && details.instructionsHi?.trim() ? details.instructionsHi : details.instructions).trim();
}

/** Whether there is anything to show at all. */
export function hasBankDetails(details: BankTransferDetails | null): details is BankTransferDetails {
  return details !== null && (details.instructions.trim() !== "" || bankDetailRows(details).length > 0);
}

/**
 * The last moment to pay for a bank-transfer order: the end of the India day `days` after it was
 * placed, so "pay by 1 December" means the whole of that day (NEFT and IMPS run at night too).
 * Past it, the payment sweep cancels the order and its stock goes back
 * (docs/decisions/031-unpaid-holds.md).
 */
export function transferDeadline(placedAt: string, days: number): string {
  return new Date(`${addDays(indiaToday(new Date(placedAt)), days)}T23:59:59.999+05:30`).toISOString();
}

export const PAY_BY_TRANSFER_HEADING = "Pay by bank transfer";
export const transferReferenceHint = (orderId: string) =>
  `Please write your order number ${orderId} in the transfer's remarks, so we can match your payment.`;

/** A UTR (NEFT 16, RTGS 22, IMPS 12 characters) or a bank's own reference: letters and digits. */
export const TransferReferenceSchema = z
  .string({ error: "Enter the transfer's UTR or reference number." })
  .trim()
  .min(1, "Enter the transfer's UTR or reference number.")
  .regex(/^[A-Za-z0-9]{6,40}$/, "The reference is 6 to 40 letters and digits, with no spaces (as the bank statement shows it).");

export const MarkTransferPaidSchema = z.object({ reference: TransferReferenceSchema });
