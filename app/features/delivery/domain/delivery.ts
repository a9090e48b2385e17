import { z } from "zod";
import { INDIAN_STATE_NAMES } from "../../../platform/core/indian-states";
import { addDays, indiaToday } from "../../../platform/core/india-day";
import { formatPaise } from "../../../platform/core/money";
import { type Refusal, refusal } from "../../../platform/core/refusal";

/**
 * Where the store delivers, how soon, and where cash on delivery is taken (issue 13). A zone is a
 * set of States and/or pincode ranges; a pincode belongs to the first zone that names its range,
 * else the first that names its State, else to the rest of India. Defaults: all of India served,
 * COD everywhere up to ₹50,000 (the order's total, GST and shipping included).
 */

export const DEFAULT_COD_MAX_PAISE = 50_000_00;
export const MAX_DELIVERY_DAYS = 60;
export const MAX_ZONES = 50;

const PincodeRangeSchema = z.object({ from: z.string(), to: z.string() });
export type PincodeRange = z.infer<typeof PincodeRangeSchema>;

const ZoneRuleSchema = z.object({
  served: z.boolean(),
  days: z.number().int().min(1).max(MAX_DELIVERY_DAYS),
  cod: z.boolean(),
});

export const DeliveryZoneSchema = ZoneRuleSchema.extend({
  id: z.string().regex(/^[a-z0-9]{6,40}$/),
  name: z.string().min(1).max(60),
  states: z.array(z.enum(INDIAN_STATE_NAMES as [string, ...string[]])),
  ranges: z.array(PincodeRangeSchema),
});

export const DeliverySettingsSchema = z.object({
  codMaxPaise: z.number().int().min(0),
  /** Everywhere no zone names. */
  rest: ZoneRuleSchema,
  zones: z.array(DeliveryZoneSchema).max(MAX_ZONES),
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  codMaxPaise: DEFAULT_COD_MAX_PAISE,
  rest: { served: true, days: 6, cod: true },
  zones: [],
};

export type PincodePlace = { district: string; state: string };

/** The rule that applies to a pincode in a State: its zone by range, else by State, else the rest of India. */
export function zoneFor(
  settings: DeliverySettings,
  pincode: string,
  state: string,
): { name: string; rule: z.infer<typeof ZoneRuleSchema> } {
  const byRange = settings.zones.find((z) => z.ranges.some((r) => r.from <= pincode && pincode <= r.to));
  const zone = byRange ?? settings.zones.find((z) => z.states.includes(state));
  return zone ? { name: zone.name, rule: zone } : { name: "Rest of India", rule: settings.rest };
}

/**
 * The day an order placed `now` arrives, `days` days after today in India; couriers do not deliver
 * on Sundays, so a Sunday becomes the Monday after. Returned as YYYY-MM-DD.
 */
export function deliveryDate(now: Date, days: number): string {
  const date = addDays(indiaToday(now), days);
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 0 ? addDays(date, 1) : date;
}

const shortDay = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** "Tue 2 Dec" for 2026-12-02. */
export function formatDeliveryDay(isoDate: string): string {
  const parts = Object.fromEntries(shortDay.formatToParts(new Date(`${isoDate}T00:00:00Z`)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

export type DeliveryCheck =
  | { kind: "invalid"; pincode: string; message: string }
  | { kind: "unknown"; pincode: string; message: string }
  | { kind: "unserved"; pincode: string; place: PincodePlace; message: string }
  | {
      kind: "delivers";
      pincode: string;
      place: PincodePlace;
      zone: string;
      date: string;
      message: string;
      cod: boolean;
      codMaxPaise: number;
      codMessage: string;
    };

export const PINCODE_FORMAT_MESSAGE = "Please enter a 6-digit pincode.";
export const unknownPincodeMessage = (pincode: string) =>
  `We could not find pincode ${pincode}. Please check it; if it is right, contact us and we will add it.`;
export const unservedMessage = (pincode: string, place: PincodePlace) =>
  `Sorry, we do not deliver to ${pincode} (${place.district}, ${place.state}) yet.`;
export const codUpToMessage = (codMaxPaise: number) => `Cash on Delivery available for orders up to ${formatPaise(codMaxPaise)}.`;
export const NO_COD_MESSAGE = "Cash on Delivery is not available for this pincode.";

/** Checkout's refusals of a delivery (said in the page's language). */
export const codOverCap = (codMaxPaise: number) => refusal("checkout.cod_over_cap", { amountPaise: codMaxPaise });
export const noCodHere = (pincode: string) => refusal("checkout.no_cod_here", { pincode });
export const stateMismatch = (pincode: string, state: string) => refusal("checkout.state_mismatch", { pincode, state });
export function undeliverable(check: Exclude<DeliveryCheck, { kind: "delivers" }>): Refusal {
  if (check.kind === "invalid") return refusal("checkout.pincode_format");
  if (check.kind === "unknown") return refusal("checkout.pincode_unknown", { pincode: check.pincode });
  return refusal("checkout.unserved", { pincode: check.pincode, district: check.place.district, state: check.place.state });
}

/** What "Check delivery" says for a pincode, given the directory's answer for it (null: not found). */
export function describeDelivery(settings: DeliverySettings, raw: string, place: PincodePlace | null, now: Date): DeliveryCheck {
  const pincode = raw.trim();
  if (!/^[1-9][0-9]{5}$/.test(pincode)) return { kind: "invalid", pincode, message: PINCODE_FORMAT_MESSAGE };
  if (!place) return { kind: "unknown", pincode, message: unknownPincodeMessage(pincode) };
  const { name, rule } = zoneFor(settings, pincode, place.state);
  if (!rule.served) return { kind: "unserved", pincode, place, message: unservedMessage(pincode, place) };
  const date = deliveryDate(now, rule.days);
  const cod = rule.cod && settings.codMaxPaise > 0;
  return {
    kind: "delivers",
    pincode,
    place,
    zone: name,
    date,
    message: `Delivers to ${place.district}, ${place.state} by ${formatDeliveryDay(date)}`,
    cod,
    codMaxPaise: settings.codMaxPaise,
    codMessage: cod ? codUpToMessage(settings.codMaxPaise) : NO_COD_MESSAGE,
  };
}

/**
 * Pincode ranges as an admin types them: "110001-110096, 400001" (a single pincode is a range of
 * one). Returns the ranges or the first problem in words.
 */
export function parsePincodeRanges(text: string): { ok: true; ranges: PincodeRange[] } | { ok: false; message: string } {
  const ranges: PincodeRange[] = [];
  for (const part of text.split(/[,\n]/).map((p) => p.trim())) {
    if (part === "") continue;
    const [from = "", to = from, extra] = part.split(/\s*[-–]\s*/);
    if (extra !== undefined || !/^[1-9][0-9]{5}$/.test(from) || !/^[1-9][0-9]{5}$/.test(to)) {
      return { ok: false, message: `"${part}" is not a pincode or a range like 110001-110096.` };
    }
    if (from > to) return { ok: false, message: `In "${part}" the first pincode must not be after the second.` };
    ranges.push({ from, to });
  }
  return { ok: true, ranges };
}

export function formatPincodeRanges(ranges: readonly PincodeRange[]): string {
  return ranges.map((r) => (r.from === r.to ? r.from : `${r.from}-${r.to}`)).join(", ");
}
