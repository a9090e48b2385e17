import type { LotStatus } from "./lot-status";

/** A lot as its product's edit page shows it. */
export type LotRow = {
  id: string;
  number: string;
  quantity: number;
  receivedQuantity: number;
  manufacturedOn: string | null;
  expiresOn: string | null;
  status: LotStatus;
  testedOn: string | null;
  germinationPct: number | null;
  purityPct: number | null;
  treated: boolean;
  registrationNo: string | null;
  phiDays: number | null;
  antidote: string | null;
  fcoGrade: string | null;
  adjustments: { id: string; change: number; reason: string; at: string }[];
};

/** A pack size with its lots, first expiry first. */
export type SizeLots = { variantId: string; label: string; sku: string; isKit: boolean; lots: LotRow[] };

/** What a refused lots form gets back: which form, its sentence, each field's, and what was typed. */
export type LotsReply = { form: string; error: string; fields: Record<string, string>; sent: Record<string, string> };
