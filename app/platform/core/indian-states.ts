/**
 * India's States and Union Territories with their GST State codes (the first two digits of a
 * GSTIN, also the place-of-supply code on invoices). `legacyCodes` are older codes that GSTINs
 * still carry: Daman and Diu (25) before its 2020 merger with Dadra and Nagar Haveli (26), and
 * undivided Andhra Pradesh (28). Client-safe: the address forms render it as a <select>. `name` is
 * what forms post and the database keeps; a Hindi page shows the Hindi name: the ui_state_<code>
 * messages in the browser, indian-states-hi.ts on the server (Hindi never travels in a script).
 */
export type IndianState = { name: string; gstCode: string; kind: "state" | "ut"; legacyCodes?: readonly string[] };

export const INDIAN_STATES: readonly IndianState[] = [
  { name: "Andaman and Nicobar Islands", gstCode: "35", kind: "ut" },
  { name: "Andhra Pradesh", gstCode: "37", kind: "state", legacyCodes: ["28"] },
  { name: "Arunachal Pradesh", gstCode: "12", kind: "state" },
  { name: "Assam", gstCode: "18", kind: "state" },
  { name: "Bihar", gstCode: "10", kind: "state" },
  { name: "Chandigarh", gstCode: "04", kind: "ut" },
  { name: "Chhattisgarh", gstCode: "22", kind: "state" },
  {
    name: "Dadra and Nagar Haveli and Daman and Diu",
    gstCode: "26",
    kind: "ut",
    legacyCodes: ["25"],
  },
  { name: "Delhi", gstCode: "07", kind: "ut" },
  { name: "Goa", gstCode: "30", kind: "state" },
  { name: "Gujarat", gstCode: "24", kind: "state" },
  { name: "Haryana", gstCode: "06", kind: "state" },
  { name: "Himachal Pradesh", gstCode: "02", kind: "state" },
  { name: "Jammu and Kashmir", gstCode: "01", kind: "ut" },
  { name: "Jharkhand", gstCode: "20", kind: "state" },
  { name: "Karnataka", gstCode: "29", kind: "state" },
  { name: "Kerala", gstCode: "32", kind: "state" },
  { name: "Ladakh", gstCode: "38", kind: "ut" },
  { name: "Lakshadweep", gstCode: "31", kind: "ut" },
  { name: "Madhya Pradesh", gstCode: "23", kind: "state" },
  { name: "Maharashtra", gstCode: "27", kind: "state" },
  { name: "Manipur", gstCode: "14", kind: "state" },
  { name: "Meghalaya", gstCode: "17", kind: "state" },
  { name: "Mizoram", gstCode: "15", kind: "state" },
  { name: "Nagaland", gstCode: "13", kind: "state" },
  { name: "Odisha", gstCode: "21", kind: "state" },
  { name: "Puducherry", gstCode: "34", kind: "ut" },
  { name: "Punjab", gstCode: "03", kind: "state" },
  { name: "Rajasthan", gstCode: "08", kind: "state" },
  { name: "Sikkim", gstCode: "11", kind: "state" },
  { name: "Tamil Nadu", gstCode: "33", kind: "state" },
  { name: "Telangana", gstCode: "36", kind: "state" },
  { name: "Tripura", gstCode: "16", kind: "state" },
  { name: "Uttar Pradesh", gstCode: "09", kind: "state" },
  { name: "Uttarakhand", gstCode: "05", kind: "state" },
  { name: "West Bengal", gstCode: "19", kind: "state" },
];

export const INDIAN_STATE_NAMES = INDIAN_STATES.map((s) => s.name);

export function findIndianState(name: string): IndianState | undefined {
  return INDIAN_STATES.find((s) => s.name === name);
}

/** The State or Union Territory a GST State code belongs to (current or legacy code). */
export function indianStateByGstCode(code: string): IndianState | undefined {
  return INDIAN_STATES.find((s) => s.gstCode === code || s.legacyCodes?.includes(code));
}
