/**
 * India's pincode directory: app/platform/db/reference/in-pincodes.csv (built by scripts/build-pincodes.ts,
 * source and licence in docs/pincode-data.md) parsed into pincode → district and State. Pure: the
 * caller reads the file.
 */
import { INDIAN_STATE_NAMES } from "../../../platform/core/indian-states";

export type PincodeEntry = { district: string; state: string };

const HEADER = "pincode,district,state";

/** Six digits, not starting with 0 (India Post has no zone 0). Says nothing about whether it exists. */
export function isPincodeFormat(value: string): boolean {
  return /^[1-9][0-9]{5}$/.test(value);
}

/** Parses the directory CSV; throws naming the line of the first malformed, unknown-State or repeated row. */
export function parsePincodeDirectory(csv: string): Map<string, PincodeEntry> {
  const lines = csv.split(/\r?\n/);
  if (lines[0] !== HEADER) throw new Error(`pincode directory: the first line must be "${HEADER}"`);
  const directory = new Map<string, PincodeEntry>();
  lines.forEach((line, index) => {
    if (index === 0 || line === "") return;
    const where = `pincode directory line ${index + 1}`;
    const fields = line.split(",");
    const [pincode, district, state] = fields;
    if (fields.length !== 3 || pincode === undefined || district === undefined || state === undefined) {
      throw new Error(`${where}: expected 3 fields, found ${fields.length}`);
    }
    if (!isPincodeFormat(pincode)) throw new Error(`${where}: "${pincode}" is not a 6-digit pincode`);
    if (district.trim() === "") throw new Error(`${where}: the district is empty`);
    if (!INDIAN_STATE_NAMES.includes(state)) throw new Error(`${where}: "${state}" is not an Indian State or UT`);
    if (directory.has(pincode)) throw new Error(`${where}: pincode ${pincode} appears twice`);
    directory.set(pincode, { district, state });
  });
  return directory;
}
