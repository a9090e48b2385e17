import { describe, expect, it } from "vitest";
import { readAuditFilters } from "./audit-filters";

describe("the audit trail's filters", () => {
  it("drop control characters (a NUL would be refused by PostgreSQL) and refuse a bad date", () => {
    const read = readAuditFilters(new URLSearchParams({ person: "Asha\u0000@Example.in", kind: "a\u0000b%_", object: "\u0000" }));
    expect(read.success && read.data).toMatchObject({ person: "asha@example.in", kind: "ab%_", object: "" });
    expect(readAuditFilters(new URLSearchParams({ from: "2026-13-40" })).success).toBe(false);
  });
});
