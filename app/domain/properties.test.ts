import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RegisterSchema } from "./account";
import { parseCatalogQuery, MAX_QUERY_LENGTH, SORT_KEYS } from "./catalog-query";
import { CheckoutSchema } from "./checkout";
import { ContactSchema } from "./contact";
import { validateGstin } from "./gstin";
import { parseRupeesToPaise } from "./money";
import { amountToFreeShipping, computeTotals, shippingFor } from "./pricing";
import { ProductFormSchema } from "./product-form";

// Anything a hostile visitor can send: any string, numbers, huge strings, SQL/HTML metacharacters.
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.constantFrom("' or 1=1 --", "<script>alert(1)</script>", "%_\\", "\u0000", "../../etc/passwd", "NaN", "-1", "1e309", "0.5"),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const anyForm = fc.dictionary(
  fc.constantFrom(
    "name",
    "email",
    "password",
    "phone",
    "street",
    "city",
    "state",
    "pincode",
    "subject",
    "message",
    "items",
    "checkoutKey",
    "paymentMethod",
    "category",
    "price",
    "stock",
    "description",
    "gstNumber",
    "kind",
    "__proto__",
  ),
  hostile,
);

describe("schemas never throw, whatever they are given", () => {
  it.each([
    ["register", RegisterSchema],
    ["checkout", CheckoutSchema],
    ["contact", ContactSchema],
    ["product form", ProductFormSchema],
  ] as const)("%s", (_name, schema) => {
    fc.assert(
      fc.property(anyForm, (form) => void schema.safeParse(form)),
      { numRuns: 300 },
    );
  });

  it("checkout accepts only whole quantities from 1 to 999 of well-formed ids", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ productId: hostile, quantity: fc.oneof(fc.integer(), fc.double(), hostile) }), { maxLength: 60 }),
        (items) => {
          const parsed = CheckoutSchema.safeParse({
            checkoutKey: "k".repeat(20),
            paymentMethod: "cod",
            phone: "9876543210",
            street: "a",
            city: "b",
            state: "c",
            pincode: "411001",
            items: JSON.stringify(items),
          });
          if (parsed.success) {
            for (const item of parsed.data.items) {
              expect(Number.isInteger(item.quantity) && item.quantity >= 1 && item.quantity <= 999).toBe(true);
              expect(item.productId).toMatch(/^[a-z0-9]{6,40}$/);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("catalogue query", () => {
  it("always falls back to something valid and bounded", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("q", "category", "sort", "page", "x"), hostile), (params) => {
        const q = parseCatalogQuery(new URLSearchParams(params));
        expect(q.q.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
        expect(q.q).not.toMatch(/[\u0000-\u001F]/);
        expect(["all", "seeds", "equipment", "tools", "fertilizers"]).toContain(q.category);
        expect(SORT_KEYS).toContain(q.sort);
        expect(Number.isInteger(q.page) && q.page >= 1).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("money", () => {
  it("totals add up and shipping is free exactly above ₹50,000", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (subtotal) => {
        const t = computeTotals(subtotal);
        expect(t.total).toBe(t.subtotal + t.shipping + t.tax);
        expect(t.tax % 100).toBe(0);
        expect(Math.abs(t.tax - subtotal * 0.18)).toBeLessThanOrEqual(50);
        expect(t.shipping).toBe(subtotal > 5_000_000 ? 0 : 50_000);
        if (t.shipping > 0) expect(shippingFor(subtotal + amountToFreeShipping(subtotal))).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("parses typed amounts into whole paise or refuses them", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const paise = parseRupeesToPaise(text);
        if (paise !== null) expect(Number.isSafeInteger(paise) && paise >= 0).toBe(true);
      }),
    );
  });

  it("a GSTIN either validates to 15 upper-case characters or gives a reason", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const r = validateGstin(text);
        if (r.ok) expect(r.gstin).toMatch(/^[0-9A-Z]{15}$/);
        else expect(r.error.length).toBeGreaterThan(0);
      }),
    );
  });
});
