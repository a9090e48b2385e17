import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  deliveryDate,
  describeDelivery,
  formatDeliveryDay,
  formatPincodeRanges,
  parsePincodeRanges,
  zoneFor,
} from "./delivery";
import { indiaToday } from "../../../platform/core/india-day";

const nashik = { district: "Nashik", state: "Maharashtra" };
const imphal = { district: "Imphal West", state: "Manipur" };

describe("delivery dates", () => {
  it("counts from today in India, not in UTC", () => {
    // 20:00 UTC on Sunday 22 Nov is 01:30 on Monday 23 Nov in India.
    expect(indiaToday(new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-23");
    expect(indiaToday(new Date("2026-11-22T18:29:59Z"))).toBe("2026-11-22");
    expect(deliveryDate(new Date("2026-11-22T20:00:00Z"), 6)).toBe("2026-11-30");
  });

  it("moves a Sunday to the Monday after", () => {
    // Monday 23 Nov + 6 days = Sunday 29 Nov → Monday 30 Nov.
    expect(deliveryDate(new Date("2026-11-23T06:00:00Z"), 6)).toBe("2026-11-30");
    expect(deliveryDate(new Date("2026-11-23T06:00:00Z"), 5)).toBe("2026-11-28");
  });

  it("crosses months and years", () => {
    expect(deliveryDate(new Date("2026-12-28T06:00:00Z"), 6)).toBe("2027-01-04"); // 3 Jan 2027 is a Sunday
    expect(formatDeliveryDay("2026-12-02")).toBe("Wed 2 Dec");
  });

  it("never lands on a Sunday and is never earlier than the days asked", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        fc.integer({ min: 1, max: 60 }),
        (now, days) => {
          const date = new Date(`${deliveryDate(now, days)}T00:00:00Z`);
          const today = new Date(`${indiaToday(now)}T00:00:00Z`);
          const gap = Math.round((date.getTime() - today.getTime()) / 86_400_000);
          expect(date.getUTCDay()).not.toBe(0);
          expect(gap === days || gap === days + 1).toBe(true);
        },
      ),
    );
  });
});

describe("zones", () => {
  const settings: DeliverySettings = {
    codMaxPaise: 50_000_00,
    rest: { served: true, days: 6, cod: true },
    zones: [
      { id: "zonenorth1", name: "North-east", states: ["Manipur", "Mizoram"], ranges: [], served: false, days: 10, cod: false },
      { id: "zonenashik", name: "Nashik city", states: [], ranges: [{ from: "422001", to: "422013" }], served: true, days: 2, cod: true },
      { id: "zonemaha01", name: "Maharashtra", states: ["Maharashtra"], ranges: [], served: true, days: 3, cod: false },
    ],
  };

  it("takes a pincode range before a State and a State before the rest of India", () => {
    expect(zoneFor(settings, "422013", "Maharashtra").name).toBe("Nashik city");
    expect(zoneFor(settings, "422014", "Maharashtra").name).toBe("Maharashtra");
    expect(zoneFor(settings, "795001", "Manipur").name).toBe("North-east");
    expect(zoneFor(settings, "110001", "Delhi").name).toBe("Rest of India");
  });

  it("says where, by when and whether COD is taken", () => {
    const now = new Date("2026-11-23T06:00:00Z");
    const check = describeDelivery(settings, " 422001 ", nashik, now);
    expect(check).toMatchObject({ kind: "delivers", message: "Delivers to Nashik, Maharashtra by Wed 25 Nov", cod: true });
    expect(describeDelivery(settings, "422101", nashik, now)).toMatchObject({ kind: "delivers", cod: false });
    expect(describeDelivery(settings, "795001", imphal, now)).toMatchObject({
      kind: "unserved",
      message: "Sorry, we do not deliver to 795001 (Imphal West, Manipur) yet.",
    });
    expect(describeDelivery(settings, "999999", null, now).kind).toBe("unknown");
    for (const bad of ["", "42200", "4220011", "022001", "४२२००१", "42200a"])
      expect(describeDelivery(settings, bad, null, now).kind).toBe("invalid");
  });

  it("serves all of India with COD up to ₹50,000 by default", () => {
    const check = describeDelivery(DEFAULT_DELIVERY_SETTINGS, "795001", imphal, new Date("2026-11-23T06:00:00Z"));
    expect(check).toMatchObject({
      kind: "delivers",
      cod: true,
      codMaxPaise: 50_000_00,
      codMessage: "Cash on Delivery available for orders up to ₹50,000.",
    });
  });
});

describe("pincode ranges as typed", () => {
  it("reads single pincodes and ranges, and writes them back the same", () => {
    const parsed = parsePincodeRanges("110001-110096, 400001\n422001 – 422013");
    expect(parsed).toEqual({
      ok: true,
      ranges: [
        { from: "110001", to: "110096" },
        { from: "400001", to: "400001" },
        { from: "422001", to: "422013" },
      ],
    });
    if (parsed.ok) expect(formatPincodeRanges(parsed.ranges)).toBe("110001-110096, 400001, 422001-422013");
  });

  it("refuses what is not a pincode or a range, naming it", () => {
    expect(parsePincodeRanges("11000-110096")).toEqual({
      ok: false,
      message: '"11000-110096" is not a pincode or a range like 110001-110096.',
    });
    expect(parsePincodeRanges("400010-400001")).toEqual({
      ok: false,
      message: 'In "400010-400001" the first pincode must not be after the second.',
    });
    expect(parsePincodeRanges("1-2-3").ok).toBe(false);
  });
});
