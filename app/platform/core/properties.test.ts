import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RegisterSchema } from "../../features/accounts/domain/account";
import { parseCatalogQuery, MAX_QUERY_LENGTH, SORT_KEYS } from "../../features/catalog/domain/catalog-query";
import { CheckoutSchema } from "../../features/cart/domain/checkout";
import { ContactSchema } from "../../features/contact/domain/contact";
import { validateGstin } from "../../features/tax/domain/gstin";
import { parseRupeesToPaise } from "./rupee-input";
import { amountToFreeShipping, computeTotals, shippingFor } from "../../features/tax/domain/pricing";
import { ProductFormSchema } from "../../features/catalog/domain/product-form";
import { issueText } from "../i18n/render-refusal.server";

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
    "hsnCode",
    "gstRate",
    "kind",
    "__proto__",
  ),
  hostile,
);

const CHECKOUT_FIELDS = ["street", "city", "state", "pincode", "checkoutKey", "paymentMethod", "phone", "items"];
const SCHEMAS = [
  ["register", RegisterSchema, ["street", "city", "state", "pincode", "name", "email", "password", "phone"]],
  ["checkout", CheckoutSchema, CHECKOUT_FIELDS],
  ["contact", ContactSchema, ["kind", "name", "email", "phone", "subject", "message"]],
  ["product form", ProductFormSchema, ["name", "description", "category", "price", "stock", "hsnCode", "gstRate"]],
] as const;

describe("hostile forms", () => {
  it.each(SCHEMAS)("%s: refused with a message on one of its own fields", (_name, schema, fields) => {
    let refused = 0;
    fc.assert(
      fc.property(anyForm, (form) => {
        const parsed = schema.safeParse(form);
        if (parsed.success) return;
        refused++;
        for (const issue of parsed.error.issues) {
          expect(fields).toContain(issue.path[0]);
          expect(issue.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
    // A random dictionary of hostile values is (almost) never a valid form: the assertions above ran.
    expect(refused).toBeGreaterThanOrEqual(290);
  });
});

// Valid checkout forms, built from each field's rule (addresses from a few real ones).
const productId = fc.stringMatching(/^[a-z0-9]{6,40}$/);
const validCheckout = fc.record({
  checkoutKey: fc.stringMatching(/^[A-Za-z0-9-]{16,64}$/),
  paymentMethod: fc.stringMatching(/^[A-Za-z0-9_]{1,40}$/),
  mobile: fc.stringMatching(/^[6-9]\d{9}$/),
  prefix: fc.constantFrom("", "+91", "+91 ", "0"),
  address: fc.constantFrom(
    { street: "12 MG Road", city: "Pune", state: "Maharashtra", pincode: "411001" },
    { street: "Plot 4, MIDC", city: "Nashik", state: "Maharashtra", pincode: "422007" },
    { street: "42 Krishi Bhavan Road", city: "Bengaluru", state: "Karnataka", pincode: "560024" },
  ),
  items: fc.uniqueArray(fc.record({ productId, quantity: fc.integer({ min: 1, max: 999 }) }), {
    minLength: 1,
    maxLength: 50,
    selector: (item) => item.productId,
  }),
});
const toForm = (v: typeof validCheckout extends fc.Arbitrary<infer T> ? T : never) => ({
  checkoutKey: v.checkoutKey,
  paymentMethod: v.paymentMethod,
  phone: v.prefix + v.mobile,
  ...v.address,
  items: JSON.stringify(v.items),
});

describe("checkout form", () => {
  it("accepts every valid form and returns its values", () => {
    fc.assert(
      fc.property(validCheckout, (v) => {
        const parsed = CheckoutSchema.safeParse(toForm(v));
        expect(parsed.error).toBeUndefined();
        expect(parsed.data).toEqual({
          checkoutKey: v.checkoutKey,
          paymentMethod: v.paymentMethod,
          phone: `+91 ${v.mobile.slice(0, 5)} ${v.mobile.slice(5)}`,
          ...v.address,
          // A line from before pack sizes names its product only: it means the first size, whose id is the product's.
          items: v.items.map((i) => ({ ...i, variantId: i.productId })),
        });
      }),
      { numRuns: 300 },
    );
  });

  // One field broken, the rest valid: the form is refused, and only on that field.
  const broken = fc.oneof(
    fc.record({
      field: fc.constant("checkoutKey"),
      value: fc.oneof(fc.stringMatching(/^[A-Za-z0-9-]{0,15}$/), fc.constant("key with spaces 123456")),
    }),
    fc.record({ field: fc.constant("paymentMethod"), value: fc.constantFrom("", "<script>", "cash on delivery", "x".repeat(41)) }),
    fc.record({
      field: fc.constant("phone"),
      value: fc.oneof(fc.stringMatching(/^[0-5]\d{9}$/), fc.constantFrom("", "98765", "+1 9876543210")),
    }),
    fc.record({
      field: fc.constant("pincode"),
      value: fc.oneof(fc.stringMatching(/^0\d{5}$/), fc.constantFrom("", "41100", "4110011", "41 001")),
    }),
    fc.record({ field: fc.constant("street"), value: fc.constantFrom("", "   ", "x".repeat(201)) }),
    fc.record({
      field: fc.constant("items"),
      value: fc.oneof(
        fc.constantFrom("not json", "[]", "{}", "null", JSON.stringify([{ productId: "ABCDEF123", quantity: 1 }])),
        fc
          .oneof(fc.integer({ max: 0 }), fc.integer({ min: 1000 }), fc.double({ noInteger: true }), fc.constantFrom("abc", "", null))
          .map((quantity) => JSON.stringify([{ productId: "abcdef123456", quantity }])),
      ),
    }),
  );

  it("refuses a form with exactly one invalid field, on that field", () => {
    fc.assert(
      fc.property(validCheckout, broken, (v, { field, value }) => {
        const parsed = CheckoutSchema.safeParse({ ...toForm(v), [field]: value });
        expect(parsed.success).toBe(false);
        expect(new Set(parsed.error?.issues.map((i) => i.path[0]))).toEqual(new Set([field]));
      }),
      { numRuns: 300 },
    );
  });

  it("accepts only whole quantities from 1 to 999 of well-formed ids", () => {
    const quantity = fc.oneof(
      fc.integer({ min: 1, max: 999 }),
      fc.integer({ min: -5, max: 2000 }),
      fc.integer(),
      fc.double(),
      fc.integer({ min: 1, max: 999 }).map(String),
      hostile,
    );
    const id = fc.oneof(productId, productId, hostile);
    const outcomes = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(validCheckout, id, quantity, (v, productId, quantity) => {
        const parsed = CheckoutSchema.safeParse(toForm({ ...v, items: [{ productId, quantity }] as never }));
        // The rule, stated independently: a quantity that reads as a whole number 1-999, an id of 6-40 of [a-z0-9].
        const n = typeof quantity === "number" || typeof quantity === "string" ? Number(quantity) : Number.NaN;
        const valid = Number.isInteger(n) && n >= 1 && n <= 999 && /^[a-z0-9]{6,40}$/.test(String(productId));
        expect(parsed.success).toBe(valid);
        if (parsed.success) expect(parsed.data.items).toEqual([{ productId, variantId: productId, quantity: n }]);
        else expect(new Set(parsed.error.issues.map((i) => i.path[0]))).toEqual(new Set(["items"]));
        outcomes[valid ? "accepted" : "refused"]++;
      }),
      { numRuns: 500 },
    );
    // Both branches ran, many times.
    expect(outcomes.accepted).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  });

  it("merges lines for one product and caps the sum at 999", () => {
    const lines = fc.array(
      fc.record({ productId: fc.constantFrom("aaaaaa", "bbbbbb", "cccccc"), quantity: fc.integer({ min: 1, max: 999 }) }),
      { minLength: 1, maxLength: 6 },
    );
    const outcomes = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(validCheckout, lines, (v, items) => {
        const sums = new Map<string, number>();
        for (const l of items) sums.set(l.productId, (sums.get(l.productId) ?? 0) + l.quantity);
        const parsed = CheckoutSchema.safeParse(toForm({ ...v, items }));
        const valid = [...sums.values()].every((q) => q <= 999);
        expect(parsed.success).toBe(valid);
        if (parsed.success)
          expect(parsed.data.items).toEqual([...sums].map(([productId, quantity]) => ({ productId, variantId: productId, quantity })));
        else expect(parsed.error.issues.map((i) => issueText(i, "en"))).toContain("At most 999 of one product per order.");
        outcomes[valid ? "accepted" : "refused"]++;
      }),
      { numRuns: 300 },
    );
    expect(outcomes.accepted).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(50);
  });
});

describe("catalogue query", () => {
  it("always falls back to something valid and bounded", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("q", "category", "sort", "page", "x"), hostile), (params) => {
        const q = parseCatalogQuery(new URLSearchParams(params));
        expect(q.q.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
        expect(q.q).not.toMatch(/(?![\u007F-\u009F])\p{Cc}/u); // no C0 control
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
        else expect(r.error.code).toMatch(/^vendor\.gst_/);
      }),
    );
  });
});
