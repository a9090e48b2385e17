import { describe, expect, it } from "vitest";
import { formatMonth, GstMonthSchema, indiaMonth, monthBounds } from "./gst-month";

describe("GST months", () => {
  it("spans a month of India days in UTC instants", () => {
    expect(monthBounds("2026-11")).toEqual({ startIso: "2026-10-31T18:30:00.000Z", endIso: "2026-11-30T18:30:00.000Z" });
    expect(monthBounds("2026-12")).toEqual({ startIso: "2026-11-30T18:30:00.000Z", endIso: "2026-12-31T18:30:00.000Z" });
    expect(monthBounds("2028-02")).toEqual({ startIso: "2028-01-31T18:30:00.000Z", endIso: "2028-02-29T18:30:00.000Z" });
  });

  it("reads the month in India: 19:00 UTC on 31 October is November there", () => {
    expect(indiaMonth(new Date("2026-10-31T19:00:00Z"))).toBe("2026-11");
    expect(indiaMonth(new Date("2026-10-31T18:29:59Z"))).toBe("2026-10");
    expect(formatMonth("2026-11")).toBe("November 2026");
  });

  it("accepts a month from July 2017, and says what is wrong with anything else", () => {
    expect(GstMonthSchema.parse(" 2026-11 ")).toBe("2026-11");
    expect(GstMonthSchema.parse("2017-07")).toBe("2017-07");
    const error = (text: unknown) => GstMonthSchema.safeParse(text).error?.issues[0]?.message;
    expect(error("")).toBe("Choose a month.");
    expect(error(undefined)).toBe("Choose a month.");
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "November", "2026-11' or 1=1"]) {
      expect(error(bad), bad).toBe("That is not a month: use YYYY-MM, for example 2026-11.");
    }
    expect(error("2017-06")).toBe("GST began in July 2017: choose July 2017 or a later month.");
  });
});
