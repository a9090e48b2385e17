import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMonthYear } from "./dates";

describe("dates in the page's language", () => {
  it('says a time in Hindi with the part of the day, not ICU\'s "pm बजे"', () => {
    // 07:13 UTC is 12:43 in India.
    expect(formatDateTime("2026-11-28T07:13:00Z", "hi")).toBe("28 नवंबर 2026, दोपहर 12:43");
    expect(formatDateTime("2026-11-28T03:00:00Z", "hi")).toBe("28 नवंबर 2026, सुबह 8:30");
    expect(formatDateTime("2026-11-28T12:00:00Z", "hi")).toBe("28 नवंबर 2026, शाम 5:30");
    expect(formatDateTime("2026-11-28T17:00:00Z", "hi")).toBe("28 नवंबर 2026, रात 10:30");
    expect(formatDateTime("2026-11-28T19:00:00Z", "hi")).toBe("29 नवंबर 2026, रात 12:30");
    expect(formatDateTime("2026-11-28T07:13:00Z", "hi")).not.toMatch(/[ap]m/i);
  });

  it("keeps English and dates as they were", () => {
    expect(formatDateTime("2026-11-28T07:13:00Z", "en")).toMatch(/^28 November 2026(,| at) 12:43 pm$/);
    expect(formatDate("2026-11-28T07:13:00Z", "hi")).toBe("28 नवंबर 2026");
  });
});

describe("formatMonthYear", () => {
  it("writes a day's month and year as a pack's label does, in each language", () => {
    expect(formatMonthYear("2027-03-31")).toBe("Mar 2027");
    expect(formatMonthYear("2027-09-01")).toBe("Sep 2027");
    expect(formatMonthYear("2027-03-31", "hi")).toBe("मार्च 2027");
    expect(formatMonthYear("2027-09-01", "hi")).toBe("सितंबर 2027");
  });
});
