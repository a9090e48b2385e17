import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, testGstin } from "../../../../tests/factories";
import { pdfText } from "../../../../tests/helpers/pdf-text";
import { getDb } from "~/platform/db/db.server";
import { BusinessBuyerSchema } from "~/features/tax/domain/business-buyer";
import type { TaxDocument } from "~/features/tax/domain/tax-documents";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { CheckoutSchema } from "~/features/cart/domain/checkout";
import { english } from "~/platform/i18n/render-refusal.server";
import { getBusinessBuyer, removeBusinessBuyer, saveBusinessBuyer } from "./business-buyer.server";
import { gstReport } from "./gst-report.server";
import { renderTaxDocumentPdf } from "./render-tax-document.server";
import { indiaMonth } from "~/features/tax/domain/gst-month";

const invoicesOf = async (orderId: string) =>
  (await getDb().selectFrom("tax_document").select(["kind", "snapshot"]).where("order_id", "=", orderId).execute()).map((r) => ({
    kind: r.kind,
    doc: JSON.parse(r.snapshot) as TaxDocument,
  }));
const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OrderRefused) return { field: error.field, text: english(error.refusal), status: error.status };
    throw error;
  }
  throw new Error("the order was placed");
};

describe("buying as a business (B2B tax invoices)", () => {
  it("checks the details: a legal name, and a GSTIN with a valid check character (normalised to capitals)", () => {
    const gstin = testGstin("27");
    expect(BusinessBuyerSchema.parse({ legalName: "  Sahyadri FPC Ltd ", gstin: ` ${gstin.toLowerCase()} ` })).toEqual({
      legalName: "Sahyadri FPC Ltd",
      gstin,
    });
    const wrongCheck = gstin.slice(0, 14) + (gstin[14] === "A" ? "B" : "A");
    expect(BusinessBuyerSchema.safeParse({ legalName: "Sahyadri FPC Ltd", gstin: wrongCheck }).success).toBe(false);
    expect(BusinessBuyerSchema.safeParse({ legalName: "S", gstin }).success).toBe(false);
    expect(BusinessBuyerSchema.safeParse({ legalName: "Sahyadri FPC Ltd", gstin: "" }).success).toBe(false);
  });

  it("keeps one set of details per customer, each customer's own, replaced and removed", async () => {
    const [a, b] = [await createCustomer(), await createCustomer()];
    await saveBusinessBuyer(a.id, { legalName: "First Name Ltd", gstin: testGstin("27") });
    const gstin = testGstin("27");
    await saveBusinessBuyer(a.id, { legalName: "Sahyadri FPC Ltd", gstin });
    expect(await getBusinessBuyer(a.id)).toEqual({ legalName: "Sahyadri FPC Ltd", gstin });
    expect(await getBusinessBuyer(b.id)).toBeNull();
    await removeBusinessBuyer(a.id);
    expect(await getBusinessBuyer(a.id)).toBeNull();
  });

  it("an order asked for a business invoice copies its GSTIN; its tax invoice and credit note are made out to it; the GST report puts them in tables 4A and 9B", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const gstin = testGstin("27");
    await saveBusinessBuyer(customer.id, { legalName: "Sahyadri Farmers Producer Co. Ltd", gstin });
    const dap = await createProduct({ category: "fertilizers", pricePaise: 135_000, hsnCode: "31053000", gstRate: 5, stock: 50 });
    const input = CheckoutSchema.parse({
      ...checkoutInput([{ productId: dap.id, quantity: 10 }]),
      items: JSON.stringify([{ productId: dap.id, quantity: 10 }]),
      business: "1",
    });
    const { orderId } = await placeOrder(customer, input);
    const order = await getDb().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect([order.buyer_gstin, order.buyer_legal_name]).toEqual([gstin, "Sahyadri Farmers Producer Co. Ltd"]);

    // A later change of the account's details reaches no order.
    await saveBusinessBuyer(customer.id, { legalName: "Renamed Ltd", gstin: testGstin("27") });
    await changeOrderStatus(orderId, "confirmed", admin.id);
    const [invoice] = await invoicesOf(orderId);
    expect(invoice?.doc.buyer.business).toEqual({ legalName: "Sahyadri Farmers Producer Co. Ltd", gstin });
    const text = (await pdfText(await renderTaxDocumentPdf(invoice?.doc as TaxDocument))).replace(/[ \t]+/g, " ");
    expect(text).toContain("Sahyadri Farmers Producer Co. Ltd");
    expect(text).toContain(`GSTIN: ${gstin}`);

    await changeOrderStatus(orderId, "cancelled", admin.id);
    const credit = (await invoicesOf(orderId)).find((d) => d.kind === "credit_note");
    expect(credit?.doc.buyer.business?.gstin).toBe(gstin);

    const report = await gstReport({ month: indiaMonth(new Date()) });
    const mine = report.b2b.rows.filter((r) => r.number === invoice?.doc.number);
    // Ten bags at ₹1,350 and the ₹500 delivery charge, GST inside it at the order's highest rate (5%): ₹476.20.
    expect(mine.map((r) => [r.gstin, r.rate, r.taxable])).toEqual([[gstin, 5, 1_350_000 + 47_620]]);
    expect(report.creditNotesRegistered.rows.some((r) => r.refersTo === invoice?.doc.number && r.gstin === gstin)).toBe(true);
    expect(report.totals.reconciles).toBe(true);
  });

  it("an order without the box is invoiced to the person, as before", async () => {
    const customer = await createCustomer();
    await saveBusinessBuyer(customer.id, { legalName: "Sahyadri FPC Ltd", gstin: testGstin("27") });
    const seeds = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: seeds.id, quantity: 1 }]));
    const order = await getDb()
      .selectFrom("orders")
      .select(["buyer_gstin", "buyer_legal_name"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ buyer_gstin: null, buyer_legal_name: null });
  });

  it("refuses a business invoice without saved details, or for a delivery outside the GSTIN's State, placing nothing", async () => {
    const seeds = await createProduct({ stock: 5 });
    const items = [{ productId: seeds.id, quantity: 1 }];
    const none = await createCustomer();
    expect(await refusalOf(placeOrder(none, { ...checkoutInput(items), business: "1" }))).toMatchObject({ field: "business", status: 400 });

    const gujarat = await createCustomer();
    await saveBusinessBuyer(gujarat.id, { legalName: "Anand Kisan Traders", gstin: testGstin("24") });
    const refused = await refusalOf(placeOrder(gujarat, { ...checkoutInput(items), business: "1" }));
    expect(refused).toMatchObject({ field: "business", status: 400 });
    expect(refused.text).toContain("Gujarat");
    expect(refused.text).toContain("Maharashtra");
    const placed = await getDb().selectFrom("orders").select("id").where("user_id", "in", [none.id, gujarat.id]).execute();
    expect(placed).toEqual([]);
    expect(Number((await getDb().selectFrom("product").select("stock").where("id", "=", seeds.id).executeTakeFirstOrThrow()).stock)).toBe(
      5,
    );
  });
});
