import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INDIAN_STATE_NAMES } from "../../../platform/core/indian-states";
import { isPincodeFormat, parsePincodeDirectory } from "./pincode-directory";

const csv = readFileSync(new URL("../../../platform/db/reference/in-pincodes.csv", import.meta.url), "utf8");

describe("the shipped pincode directory", () => {
  const directory = parsePincodeDirectory(csv);

  it("has about 19,000 pincodes, each on one row", () => {
    expect(directory.size).toBeGreaterThan(19_000);
    expect(directory.size).toBeLessThan(20_000);
    const rows = csv.trim().split("\n").length - 1;
    expect(rows).toBe(directory.size);
  });

  it.each([
    ["422013", "Nashik", "Maharashtra"],
    ["110001", "Central Delhi", "Delhi"],
    ["560024", "Bengaluru Urban", "Karnataka"],
    ["751001", "Khordha", "Odisha"],
    ["194101", "Leh", "Ladakh"],
    ["194103", "Kargil", "Ladakh"],
    ["190001", "Srinagar", "Jammu and Kashmir"],
    ["500001", "Hyderabad", "Telangana"],
    ["605001", "Puducherry", "Puducherry"],
    ["396210", "Daman", "Dadra and Nagar Haveli and Daman and Diu"],
    ["744101", "South Andaman", "Andaman and Nicobar Islands"],
  ])("%s is in %s, %s", (pincode, district, state) => {
    expect(directory.get(pincode)).toEqual({ district, state });
  });

  it("uses only our State and UT names, and every one of them appears", () => {
    const states = new Set([...directory.values()].map((entry) => entry.state));
    for (const state of states) expect(INDIAN_STATE_NAMES).toContain(state);
    expect([...states].sort()).toEqual([...INDIAN_STATE_NAMES].sort());
  });

  it("knows nothing of a well-formed pincode that does not exist", () => {
    expect(directory.has("999999")).toBe(false);
  });
});

describe("parsePincodeDirectory", () => {
  const header = "pincode,district,state";

  it("parses rows and tolerates CRLF and a final newline", () => {
    const map = parsePincodeDirectory(`${header}\r\n422013,Nashik,Maharashtra\r\n`);
    expect([...map]).toEqual([["422013", { district: "Nashik", state: "Maharashtra" }]]);
  });

  it.each([
    ["pin,district,state\n422013,Nashik,Maharashtra", /first line/],
    [`${header}\n422013,Nashik`, /line 2: expected 3 fields, found 2/],
    [`${header}\n022013,Nashik,Maharashtra`, /line 2: "022013" is not a 6-digit pincode/],
    [`${header}\n422013, ,Maharashtra`, /line 2: the district is empty/],
    [`${header}\n422013,Nashik,Orissa`, /line 2: "Orissa" is not an Indian State/],
    [`${header}\n422013,Nashik,Maharashtra\n422013,Nashik,Maharashtra`, /line 3: pincode 422013 appears twice/],
  ])("refuses %j", (input, message) => {
    expect(() => parsePincodeDirectory(input)).toThrow(message);
  });
});

describe("isPincodeFormat", () => {
  it.each(["110001", "999999", "422013"])("accepts %s", (value) => expect(isPincodeFormat(value)).toBe(true));
  it.each(["011001", "42201", "4220133", "42201a", " 422013", "", "४२२०१३"])("refuses %j", (value) =>
    expect(isPincodeFormat(value)).toBe(false),
  );
});
