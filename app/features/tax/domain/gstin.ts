import { findIndianState, indianStateByGstCode } from "../../../platform/core/indian-states";
import { type Refusal, refusal } from "../../../platform/core/refusal";

const CHARSET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The GSTIN check character (15th) for its first 14 characters: base-36, weights 1,2,1,2… */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARSET.indexOf(first14.charAt(i));
    const product = value * ((i % 2) + 1);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET.charAt((36 - (sum % 36)) % 36);
}

/**
 * Checks an Indian GSTIN and says what is wrong: 2-digit state code, the holder's PAN
 * (5 letters, 4 digits, 1 letter), entity number, 'Z', then the check character.
 * Returns the normalised (upper-case) GSTIN or the refusal.
 */
export function validateGstin(input: string): { ok: true; gstin: string } | { ok: false; error: Refusal } {
  const gstin = input.replace(/\s+/g, "").toUpperCase();
  if (gstin.length !== 15) return { ok: false, error: refusal("vendor.gst_length", { count: gstin.length }) };
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return { ok: false, error: refusal("vendor.gst_letters_digits") };
  const state = Number(gstin.slice(0, 2));
  if (!/^\d\d$/.test(gstin.slice(0, 2)) || state < 1 || (state > 38 && state !== 97 && state !== 99)) {
    return { ok: false, error: refusal("vendor.gst_state_code") };
  }
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(gstin.slice(2, 12))) return { ok: false, error: refusal("vendor.gst_pan") };
  if (!/^[1-9A-Z]$/.test(gstin.charAt(12))) return { ok: false, error: refusal("vendor.gst_entity") };
  if (gstin[13] !== "Z") return { ok: false, error: refusal("vendor.gst_z") };
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return { ok: false, error: refusal("vendor.gst_check") };
  return { ok: true, gstin };
}

/**
 * A GSTIN belongs to one State: its first two digits must be the GST code of the State the vendor's
 * address is in. Returns the refusal, or null when they match (or the State is not one of the
 * list, which the State field reports itself).
 */
export function gstinStateMismatch(gstin: string, stateName: string): Refusal | null {
  const state = findIndianState(stateName);
  if (!state) return null;
  const code = gstin.slice(0, 2);
  if (code === state.gstCode || state.legacyCodes?.includes(code)) return null;
  const registeredIn = indianStateByGstCode(code)?.name ?? null;
  return refusal("vendor.gst_state_mismatch", { code, registeredIn, state: state.name, stateCode: state.gstCode });
}
