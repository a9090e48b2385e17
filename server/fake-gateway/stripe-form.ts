import { GatewayInputError, isRecord, type StringMap } from "./state.ts";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };
type Container = FormObject | FormValue[];

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_INDEX = 1000;

function slot(container: Container, segment: string, name: string): string | number {
  if (!Array.isArray(container)) return segment;
  // "a[]" appends; "a[3]" is an index, as the Stripe SDK writes arrays.
  const index = segment === "" ? container.length : Number(segment);
  if (!Number.isInteger(index) || index > MAX_INDEX) throw new GatewayInputError(`Invalid array index in ${name}`, { field: name });
  return index;
}

/**
 * Stripe's form encoding: `line_items[0][price_data][unit_amount]=100&metadata[order_id]=7` becomes
 * `{ line_items: [{ price_data: { unit_amount: "100" } }], metadata: { order_id: "7" } }`. Values stay strings.
 */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match?.[1]) throw new GatewayInputError(`Invalid parameter name: ${name}`, { field: name });
    const path = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) throw new GatewayInputError(`Invalid parameter name: ${name}`, { field: name });
    let container: Container = root;
    path.forEach((segment, i) => {
      const key = slot(container, segment, name);
      const next = path[i + 1];
      const holder = container as Record<string | number, FormValue | undefined>;
      if (next === undefined) {
        holder[key] = value;
        return;
      }
      const wantArray = /^\d*$/.test(next);
      const existing: FormValue = holder[key] ?? (wantArray ? [] : {});
      if (typeof existing === "string" || Array.isArray(existing) !== wantArray)
        throw new GatewayInputError(`Conflicting values for ${name}`, { field: name });
      holder[key] = existing;
      container = existing;
    });
  }
  return root;
}

const invalid = (param: string, message: string) => new GatewayInputError(message, { field: param, code: "parameter_invalid" });

export function optionalString(value: FormValue | undefined, param: string, maxLength = 5000): string | null {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || value.length > maxLength) throw invalid(param, `Invalid string: ${param}`);
  return value;
}

export function requiredString(value: FormValue | undefined, param: string) {
  const text = optionalString(value, param);
  if (text === null) throw new GatewayInputError(`Missing required param: ${param}.`, { field: param, code: "parameter_missing" });
  return text;
}

export function optionalInteger(value: FormValue | undefined, param: string, min: number): number | null {
  if (value === undefined) return null;
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw invalid(param, `Invalid integer: ${String(value)}`);
  const number = Number(value);
  if (number < min) throw invalid(param, `This value must be greater than or equal to ${min}.`);
  return number;
}

export function requiredInteger(value: FormValue | undefined, param: string, min: number) {
  const number = optionalInteger(value, param, min);
  if (number === null) throw new GatewayInputError(`Missing required param: ${param}.`, { field: param, code: "parameter_missing" });
  return number;
}

function checkUrl(text: string, param: string) {
  // The placeholder Stripe fills in must survive URL parsing untouched.
  const parsed = URL.parse(text.replaceAll("{CHECKOUT_SESSION_ID}", "x"));
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) throw invalid(param, `Not a valid URL: ${param}`);
  return text;
}

export function optionalUrl(value: FormValue | undefined, param: string) {
  const text = optionalString(value, param);
  return text === null ? null : checkUrl(text, param);
}

export const requiredUrl = (value: FormValue | undefined, param: string) => checkUrl(requiredString(value, param), param);

/** metadata: at most 50 keys, values up to 500 characters; an empty string clears it, as in Stripe. */
export function readMetadata(value: FormValue | undefined, param: string): StringMap {
  if (value === undefined || value === "") return {};
  if (!isRecord(value)) throw invalid(param, `Invalid object: ${param}`);
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalid(param, `${param} can have 50 keys at most.`);
  const metadata: StringMap = {};
  for (const [key, text] of entries) {
    if (typeof text !== "string" || text.length > 500 || key.length > 40)
      throw invalid(`${param}[${key}]`, `Invalid metadata value: ${key}`);
    metadata[key] = text;
  }
  return metadata;
}
