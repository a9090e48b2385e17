import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, queuedEmails } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { withLocale } from "~/platform/i18n/i18n.server";
import { backfillHindiNames } from "~/platform/db/migrations/0038-order-line-hindi-name";
import type { TaxDocument } from "~/features/tax/domain/tax-documents";
import { changeOrderStatus } from "./admin-orders.server";
import { getCustomerOrder } from "./get-customer-order.server";
import { listCustomerOrders } from "./list-customer-orders.server";
import { placeOrder } from "./place-order.server";
import { rejectReturn } from "./decide-return.server";
import { requestReturn } from "./request-return.server";
import { advanceOrder } from "../../../../tests/paid-orders";

/**
 * An order line keeps both names of its product as they were when it was placed (order_line.name_hi,
 * 0038): a Hindi page, email or invoice names it in Hindi with its pack in Hindi words; English ones
 * keep the English; a line of an order placed before keeps working from its product's Hindi name.
 */
async function hindiOrder() {
  const customer = await createCustomer({ name: "Ramesh Patel" });
  const product = await createProduct({
    name: "Hybrid Okra Seeds",
    category: "seeds",
    gstRate: 0,
    hsnCode: "1209",
    variants: [
      { label: "10 g", pricePaise: 9_900, stock: 10, packQuantity: 10, packUnit: "g" },
      { label: "100 g", pricePaise: 79_900, stock: 10, packQuantity: 100, packUnit: "g" },
    ],
  });
  await getDb().updateTable("product").set({ name_hi: "हाइब्रिड भिंडी के बीज" }).where("id", "=", product.id).execute();
  const size = await getDb()
    .selectFrom("product_variant")
    .select("id")
    .where("product_id", "=", product.id)
    .where("label", "=", "10 g")
    .executeTakeFirstOrThrow();
  const input = checkoutInput([{ productId: product.id, variantId: size.id, quantity: 2 }], { paymentMethod: "cod", name: customer.name });
  const { orderId } = await withLocale("hi", () => placeOrder(customer, input));
  return { customer, product, orderId };
}

describe("an order line's Hindi name", () => {
  it("is the product's Hindi name as it was when the order was placed", async () => {
    const { customer, product, orderId } = await hindiOrder();
    // A later edit of the product changes no past order.
    await getDb().updateTable("product").set({ name_hi: "नया नाम" }).where("id", "=", product.id).execute();
    const hindi = await withLocale("hi", () => getCustomerOrder(orderId, customer.id));
    expect(hindi?.items.map((i) => i.name)).toEqual(["हाइब्रिड भिंडी के बीज (10 ग्राम)"]);
    const english = await withLocale("en", () => getCustomerOrder(orderId, customer.id));
    expect(english?.items.map((i) => i.name)).toEqual(["Hybrid Okra Seeds (10 g)"]);
    const list = await withLocale("hi", () => listCustomerOrders(customer.id));
    expect(list.rows.flatMap((o) => o.items.map((i) => i.name))).toEqual(["हाइब्रिड भिंडी के बीज (10 ग्राम)"]);
  });

  it("names the line in Hindi in the customer's email and on the invoice, in English in the admin's", async () => {
    const { orderId } = await hindiOrder();
    const [placed] = await queuedEmails(`order-placed:${orderId}`);
    expect(placed?.email.text).toContain("हाइब्रिड भिंडी के बीज (10 ग्राम) × 2");
    expect(placed?.email.text).not.toContain("Hybrid Okra Seeds");

    const admin = await createCustomer({ role: "admin" });
    await changeOrderStatus(orderId, "confirmed", admin.id);
    const invoice = await getDb()
      .selectFrom("tax_document")
      .select("snapshot")
      .where("order_id", "=", orderId)
      .where("kind", "=", "invoice")
      .executeTakeFirstOrThrow();
    const [line] = (JSON.parse(invoice.snapshot) as TaxDocument).lines;
    expect(line).toMatchObject({ description: "Hybrid Okra Seeds (10 g)", descriptionHi: "हाइब्रिड भिंडी के बीज (10 ग्राम)" });
  });

  it("names the returned item in Hindi in the customer's email about their return", async () => {
    const { customer, orderId } = await hindiOrder();
    const admin = await createCustomer({ role: "admin" });
    await advanceOrder(orderId, "delivered", admin.id);
    const line = await getDb().selectFrom("order_line").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow();
    const { returnId } = await requestReturn(customer, orderId, {
      lineId: line.id,
      quantity: 1,
      reasonCode: "damaged",
      reason: "पैकेट फटा हुआ आया।",
      payout: { to: "upi", upiId: "ramesh.k@okicici" },
    });
    await rejectReturn({ returnId, decider: { role: "admin", id: admin.id }, note: "फ़ोटो में पैकेट ठीक दिखता है।" });
    const [decided] = await queuedEmails(`return-decided:${returnId}`);
    expect(decided?.email.text).toContain("1 × हाइब्रिड भिंडी के बीज (10 ग्राम)");
    expect(decided?.email.text).not.toContain("Hybrid Okra Seeds");
  });

  it("of a line placed before lines kept one is its product's Hindi name (0038), and the English where there is none", async () => {
    const { customer, orderId } = await hindiOrder();
    await getDb().updateTable("order_line").set({ name_hi: null }).where("order_id", "=", orderId).execute();
    const plain = await createProduct({ name: "Garden Twine", variants: [{ label: "Standard", pricePaise: 5_000, stock: 5 }] });
    const other = await withLocale("hi", () =>
      placeOrder(customer, checkoutInput([{ productId: plain.id, quantity: 1 }], { paymentMethod: "cod", name: customer.name })),
    );
    await backfillHindiNames(getDb());
    const hindi = await withLocale("hi", () => getCustomerOrder(orderId, customer.id));
    expect(hindi?.items.map((i) => i.name)).toEqual(["हाइब्रिड भिंडी के बीज (10 ग्राम)"]);
    const english = await withLocale("hi", () => getCustomerOrder(other.orderId, customer.id));
    expect(english?.items.map((i) => i.name)).toEqual(["Garden Twine"]);
  });
});
