import { describe, expect, it } from "vitest";
import { EntryFormSchema, GroupActionSchema, PriceListFormSchema } from "./price-list-form";

const codes = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the price list's form", () => {
  it("reads India times as instants, and an empty end as none", () => {
    expect(PriceListFormSchema.parse({ groupId: "abcdef12", name: " Kharif ", startsAt: "2026-06-01T09:30", endsAt: "" })).toEqual({
      groupId: "abcdef12",
      name: "Kharif",
      nameHi: undefined,
      startsAt: "2026-06-01T04:00:00.000Z",
      endsAt: null,
    });
  });

  it("says what is wrong with each field", () => {
    expect(codes(PriceListFormSchema.safeParse({ groupId: "", name: "", startsAt: "soon" }))).toEqual({
      groupId: "price_lists.group_required",
      name: "price_lists.name",
      startsAt: "price_lists.time",
    });
    expect(
      codes(PriceListFormSchema.safeParse({ groupId: "abcdef12", name: "x", startsAt: "2026-06-01T00:00", endsAt: "2026-06-01T00:00" })),
    ).toEqual({
      endsAt: "price_lists.end_before_start",
    });
  });
});

describe("a price list's entry", () => {
  it("reads rupees to paise and a whole percentage from 1 to 99", () => {
    expect(EntryFormSchema.parse({ kind: "variant", sku: " DAP-50 ", price: "₹1,149.50" })).toEqual({
      kind: "variant",
      sku: "DAP-50",
      price: 114_950,
    });
    expect(EntryFormSchema.parse({ kind: "category", category: "seeds", percent: "99" })).toEqual({
      kind: "category",
      category: "seeds",
      percent: 99,
    });
    for (const price of ["0", "0.00", "-5", "1.234", "abc", ""])
      expect(codes(EntryFormSchema.safeParse({ kind: "variant", sku: "A", price })), price).toEqual({ price: "price_lists.price" });
    for (const percent of ["0", "100", "5.5", "x"])
      expect(codes(EntryFormSchema.safeParse({ kind: "product", productId: "abcdef12", percent })), percent).toEqual({
        percent: "price_lists.percent",
      });
  });
});

describe("a group's page", () => {
  it("takes a member's email in lower case and refuses what is not one", () => {
    expect(GroupActionSchema.parse({ intent: "add_member", email: " Kisan@Example.IN " })).toEqual({
      intent: "add_member",
      email: "kisan@example.in",
    });
    expect(GroupActionSchema.safeParse({ intent: "add_member", email: "kisan" }).success).toBe(false);
  });
});
