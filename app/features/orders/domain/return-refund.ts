/**
 * How a returned item's money goes back when the order was not paid online (cash on delivery, bank
 * transfer): the customer gives a UPI ID or a bank account when asking for the return, and an admin
 * sends the payout and records its reference. Also the reasons a return may give, and the steps a
 * return goes through. Client-safe: the return form checks with the same rules the server does.
 */

// ---- Reasons ----

export const RETURN_REASON_CODES = [
  "damaged",
  "wrong_item",
  "not_as_described",
  "poor_quality",
  "missing_parts",
  "not_needed",
  "other",
] as const;
export type ReturnReasonCode = (typeof RETURN_REASON_CODES)[number];
export function isReturnReasonCode(value: unknown): value is ReturnReasonCode {
  return typeof value === "string" && (RETURN_REASON_CODES as readonly string[]).includes(value);
}

// ---- Where the refund goes ----

/** A UPI ID: a name (letters, digits, dot, hyphen, underscore) @ the app's handle (letters, then letters or digits). */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** An IFSC: 4 letters (the bank), a zero, 6 letters or digits (the branch), e.g. SBIN0001234. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const HOLDER_NAME_MAX = 100;

export type PayoutDetails = { to: "upi"; upiId: string } | { to: "bank"; accountNumber: string; ifsc: string; holder: string };

export const normalizeIfsc = (text: string) => text.trim().toUpperCase();
export const normalizeAccountNumber = (text: string) => text.replace(/[\s-]/g, "");
export const normalizeUpiId = (text: string) => text.trim();

export const isUpiId = (text: string) => UPI_ID_PATTERN.test(normalizeUpiId(text));
export const isIfsc = (text: string) => IFSC_PATTERN.test(normalizeIfsc(text));
export const isAccountNumber = (text: string) => ACCOUNT_NUMBER_PATTERN.test(normalizeAccountNumber(text));

/**
 * The banks of the commonest IFSC prefixes, so the form can say whose branch the code names and the
 * customer can see a mistyped code before sending. A code of another bank is still accepted (there
 * are over a thousand): its format is what the server checks.
 */
const IFSC_BANKS: Readonly<Record<string, string>> = {
  SBIN: "State Bank of India",
  HDFC: "HDFC Bank",
  ICIC: "ICICI Bank",
  UTIB: "Axis Bank",
  PUNB: "Punjab National Bank",
  BARB: "Bank of Baroda",
  CNRB: "Canara Bank",
  UBIN: "Union Bank of India",
  BKID: "Bank of India",
  IOBA: "Indian Overseas Bank",
  IDIB: "Indian Bank",
  UCBA: "UCO Bank",
  MAHB: "Bank of Maharashtra",
  CBIN: "Central Bank of India",
  PSIB: "Punjab & Sind Bank",
  KKBK: "Kotak Mahindra Bank",
  YESB: "Yes Bank",
  INDB: "IndusInd Bank",
  IDFB: "IDFC FIRST Bank",
  FDRL: "Federal Bank",
  KARB: "Karnataka Bank",
  KVBL: "Karur Vysya Bank",
  SIBL: "South Indian Bank",
  AIRP: "Airtel Payments Bank",
  IPOS: "India Post Payments Bank",
  PYTM: "Paytm Payments Bank",
  NKGS: "NKGSB Co-operative Bank",
  SVCB: "SVC Co-operative Bank",
};

/** The bank an IFSC names, when it is one of IFSC_BANKS; null for a malformed code or another bank. */
export function ifscBank(ifsc: string): string | null {
  const code = normalizeIfsc(ifsc);
  return IFSC_PATTERN.test(code) ? (IFSC_BANKS[code.slice(0, 4)] ?? null) : null;
}

/** An account number with all but its last 4 digits hidden: "••••••••9012". */
export function maskAccountNumber(accountNumber: string): string {
  const digits = normalizeAccountNumber(accountNumber);
  return `${"•".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** A UPI ID with its name hidden but for the first two characters: "ra••••@okicici". */
export function maskUpiId(upiId: string): string {
  const [name = "", handle = ""] = normalizeUpiId(upiId).split("@");
  return `${name.slice(0, 2)}${"•".repeat(4)}@${handle}`;
}

/** What may be shown of the details to anyone but the admin who pays: "UPI ra••••@okicici", "A/c ••••9012 · SBIN0001234". */
export function payoutHint(details: PayoutDetails): string {
  if (details.to === "upi") return `UPI ${maskUpiId(details.upiId)}`;
  return `A/c ${maskAccountNumber(details.accountNumber).slice(-8)} · ${normalizeIfsc(details.ifsc)}`;
}

// ---- The steps of a return ----

/**
 * requested → received (the goods came back; some may be restocked) → refunded; or rejected while
 * requested. The refund comes only after the goods are back. Stored as the request's status
 * ("requested", "approved" once refunded, "rejected") and when the goods were received.
 */
export type ReturnStage = "requested" | "received" | "refunded" | "rejected";
export type ReturnEvent = "receive" | "refund" | "reject";

export function returnStage(r: { status: "requested" | "approved" | "rejected"; receivedAt: string | null }): ReturnStage {
  if (r.status === "approved") return "refunded";
  if (r.status === "rejected") return "rejected";
  return r.receivedAt ? "received" : "requested";
}

const NEXT: Record<ReturnStage, Partial<Record<ReturnEvent, ReturnStage>>> = {
  requested: { receive: "received", reject: "rejected" },
  received: { refund: "refunded" },
  refunded: {},
  rejected: {},
};

/** The stage an event leads to from this one, or null when the event is not allowed there. */
export function nextReturnStage(stage: ReturnStage, event: ReturnEvent): ReturnStage | null {
  return NEXT[stage][event] ?? null;
}

/** How many of the returned items may go back into stock: whole, from 0 to what came back. */
export function isRestockQuantity(restock: number, returned: number): boolean {
  return Number.isInteger(restock) && restock >= 0 && restock <= returned;
}
