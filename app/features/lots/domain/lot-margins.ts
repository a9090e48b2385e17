import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import type { LotKind } from "./lot-receipt";

export const MARGIN_DAYS_MAX = 365;

/**
 * "Stop selling N days before expiry", per kind: a lot's sell-by day is its expiry less its kind's
 * margin. 0 by default: a lot is sold through the day before its expiry, as the label allows; a
 * store that wants a farmer to get a season's use raises it.
 */
export type LotMargins = Record<LotKind, number>;
export const DEFAULT_LOT_MARGINS: LotMargins = { seed: 0, pesticide: 0, fertiliser: 0 };

const MARGIN = refusalCode("lots.margin_days");
const days = z.coerce.number(MARGIN).int(MARGIN).min(0, MARGIN).max(MARGIN_DAYS_MAX, MARGIN);

export const LotMarginsSchema = z.object({ seed: days, pesticide: days, fertiliser: days });
