import { describe, expect, it } from "vitest";
import { formatIstDateTime, OrderExportSchema, paiseToRupeeText } from "./order-export";

const message = (input: Record<string, unknown>) => {
  const r = OrderExportSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("order export range", () => {
  it("turns India days into UTC instants, both days included", () => {
    const r = OrderExportSchema.parse({ from: "2026-11-01", to: "2026-11-30" });
    expect(r.startIso).toBe("2026-10-31T18:30:00.000Z");
    expect(r.endIso).toBe("2026-11-30T18:30:00.000Z");
    const one = OrderExportSchema.parse({ from: "2026-03-31", to: "2026-03-31" });
    expect(one.startIso).toBe("2026-03-30T18:30:00.000Z");
    expect(one.endIso).toBe("2026-03-31T18:30:00.000Z");
  });

  it("refuses bad ranges with a message saying what is wrong", () => {
    expect(message({ from: "", to: "2026-11-30" })).toBe("Please choose a start date.");
    expect(message({ from: "2026-11-01" })).toBe("Please choose an end date.");
    expect(message({ from: "2026-02-30", to: "2026-03-01" })).toBe("The start date is not a valid date (use YYYY-MM-DD).");
    expect(message({ from: "2026-01-01", to: "01/02/2026" })).toBe("The end date is not a valid date (use YYYY-MM-DD).");
    expect(message({ from: "2026-12-01", to: "2026-11-01" })).toBe("The start date must be on or before the end date.");
    expect(message({ from: "2024-01-01", to: "2026-01-01" })).toBe("Please choose at most 366 days.");
  });

  it("formats times in India and rupees with paise", () => {
    expect(formatIstDateTime("2026-11-22T19:45:00.000Z")).toBe("2026-11-23 01:15");
    expect(paiseToRupeeText(1_500_000_00)).toBe("1500000.00");
    expect(paiseToRupeeText(123_405)).toBe("1234.05");
    expect(paiseToRupeeText(5)).toBe("0.05");
  });
});
