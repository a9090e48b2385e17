import { describe, expect, it } from "vitest";
import { indiaToday } from "./india-day";

const byIntl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });

describe("today in India", () => {
  it("turns at midnight in India (18:30 UTC)", () => {
    expect(indiaToday(new Date("2026-03-31T18:29:59.999Z"))).toBe("2026-03-31");
    expect(indiaToday(new Date("2026-03-31T18:30:00Z"))).toBe("2026-04-01");
    expect(indiaToday(new Date("2028-02-28T18:30:00Z"))).toBe("2028-02-29");
    expect(indiaToday(new Date("2026-12-31T18:30:00Z"))).toBe("2027-01-01");
  });

  it("is the day Intl gives for Asia/Kolkata, then and now", () => {
    // Before 1946 India's clocks were not always UTC+5:30 (war time was +6:30): Intl's answer.
    expect(indiaToday(new Date("1943-06-01T17:45:00Z"))).toBe(byIntl.format(new Date("1943-06-01T17:45:00Z")));
    for (let t = Date.UTC(1946, 0, 1); t < Date.UTC(2100, 0, 1); t += 86_400_000 * 37 + 3_600_000 * 7 + 60_000 * 13) {
      expect(indiaToday(new Date(t))).toBe(byIntl.format(new Date(t)));
    }
  });
});
