import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createLicence, createLot, createProduct, createVendor } from "../../../../tests/factories";
import { sizeOf } from "../../../../tests/sizes";
import { pdfText } from "../../../../tests/helpers/pdf-text";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { withLocale } from "~/platform/i18n/i18n.server";
import { expiryMonth } from "~/features/lots/domain/line-lots";
import { getDocumentFor } from "~/features/tax/server/documents.server";
import { renderTaxDocumentPdf } from "~/features/tax/server/render-tax-document.server";
import { listVendorOrderLines } from "~/features/vendor-shops/server/vendor-orders.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { changeOrderStatus, getOrderForAdmin } from "./admin-orders.server";
import { getCustomerOrder } from "./get-customer-order.server";
import { placeOrder } from "./place-order.server";
import { ShipmentRefused, shipOrder } from "./ship-order.server";
import { EwayBillRefused, orderEwayBill, recordEwayBill } from "./eway-bill.server";

const engine = getDatabase().engine;
const today = indiaToday();
const squeeze = (text: string) => text.replace(/[ \t]+/g, " ");
/** A phrase as the PDF's narrow column may wrap it: any run of spaces may be a line break. */
const wrapped = (phrase: string) => new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s+"));

afterEach(() => saveSetting("general", DEFAULT_GENERAL_SETTINGS));

/** A vendor's lot-tracked tomato seed (two lots) and a store sickle without lots, ordered and confirmed. */
async function lotOrder() {
  const vendor = await createVendor({ businessName: "Sahyadri Seeds" });
  await createLicence(vendor.id, "seed");
  const seed = await createProduct({
    name: "Tomato Seeds",
    category: "seeds",
    gstRate: 0,
    hsnCode: "1209",
    vendorId: vendor.id,
    variants: [{ label: "10 g", pricePaise: 15_000, stock: 0 }],
  });
  const size = await sizeOf(seed.id, "10 g");
  const soon = addDays(today, 120);
  const late = addDays(today, 400);
  await createLot(size.id, { number: "TS-2411-A", quantity: 2, expiresOn: soon });
  await createLot(size.id, { number: "TS-2502-B", quantity: 10, expiresOn: late });
  const sickle = await createProduct({ name: "Sickle", pricePaise: 30_000 });
  const customer = await createCustomer({ name: "Ramesh Patel" });
  const admin = await createCustomer({ role: "admin" });
  const { orderId } = await placeOrder(
    customer,
    checkoutInput([
      { productId: seed.id, variantId: size.id, quantity: 3 },
      { productId: sickle.id, quantity: 1 },
    ]),
  );
  await changeOrderStatus(orderId, "confirmed", admin.id);
  const lots = [
    { number: "TS-2411-A", expiresOn: soon, quantity: 2 },
    { number: "TS-2502-B", expiresOn: late, quantity: 1 },
  ];
  return { orderId, customer, admin, vendor, lots, soon, late };
}

describe(`an order's documents and pages show each line's lots (${engine})`, () => {
  it("the customer's order page (in Hindi too), the admin's and the vendor's list the lots a line came from; a line without lots shows none", async () => {
    const { orderId, customer, vendor, lots } = await lotOrder();

    const hindi = await withLocale("hi", () => getCustomerOrder(orderId, customer.id));
    expect(hindi?.items.map((i) => i.lots).sort((a, b) => a.length - b.length)).toEqual([[], lots]);

    const admin = await getOrderForAdmin(orderId);
    expect(admin?.lines.map((l) => [l.name, l.lots])).toEqual([
      ["Sickle", []],
      [expect.stringContaining("Tomato Seeds"), lots],
    ]);

    const vendorPage = await listVendorOrderLines(vendor.id);
    const row = vendorPage.rows.find((r) => r.orderId === orderId);
    expect(row?.lines.map((l) => l.lots)).toEqual([lots]);
  });

  it("the vendor's invoice prints each lot with its expiry and units; the store's invoice, without lots, prints none", async () => {
    const { orderId, admin, vendor, soon, late } = await lotOrder();
    const documents = await getDb().selectFrom("tax_document").select(["id", "seller"]).where("order_id", "=", orderId).execute();
    const vendorInvoice = documents.find((d) => d.seller === vendor.id);
    const storeInvoice = documents.find((d) => d.seller === "store");
    const drawn = async (id: string | undefined) => {
      const doc = await getDocumentFor(id ?? "", { id: admin.id, role: "admin" });
      if (!doc) throw new Error("no document");
      return squeeze(await pdfText(await renderTaxDocumentPdf(doc)));
    };
    const text = await drawn(vendorInvoice?.id);
    expect(text).toMatch(wrapped(`लॉट / Lot TS-2411-A (exp. ${expiryMonth(soon)}) × 2`));
    expect(text).toMatch(wrapped(`लॉट / Lot TS-2502-B (exp. ${expiryMonth(late)}) × 1`));
    expect(await drawn(storeInvoice?.id)).not.toContain("Lot ");
  });
});

/** A confirmed order of five sprayers at ₹12,000 + 18% GST (₹70,800: above ₹50,000) and seeds without GST. */
async function bigOrder(sprayers = 5) {
  const sprayer = await createProduct({ name: "Power Sprayer", category: "equipment", pricePaise: 12_000_00, gstRate: 18, stock: 20 });
  const seeds = await createProduct({
    name: "Paddy Seed",
    category: "seeds",
    pricePaise: 20_000_00,
    gstRate: 0,
    hsnCode: "1006",
    stock: 20,
  });
  const customer = await createCustomer();
  const admin = await createCustomer({ role: "admin" });
  const { orderId } = await placeOrder(
    customer,
    checkoutInput([
      { productId: sprayer.id, quantity: sprayers },
      { productId: seeds.id, quantity: 2 },
    ]),
  );
  await changeOrderStatus(orderId, "confirmed", admin.id);
  return { orderId, admin };
}

async function refused<E>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

describe(`e-way bills (${engine})`, () => {
  it("an order above the threshold ships only once its 12-digit number is recorded, and its invoice prints the number", async () => {
    const { orderId, admin } = await bigOrder();
    // The sprayers with GST; the seeds carry none and are left out.
    expect(await orderEwayBill(orderId)).toEqual({ valuePaise: 70_800_00, needed: true, number: null });

    const ship = () => shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "DL-1" });
    const noBill = await refused(ship(), ShipmentRefused);
    expect(noBill.status).toBe(409);
    expect(noBill.refusal).toEqual({ code: "orders.eway_bill_needed", params: { amountPaise: 70_800_00 } });
    expect(noBill.message).toContain("an e-way bill is needed before shipping");
    expect((await getDb().selectFrom("shipment").select("id").where("order_id", "=", orderId).execute()).length).toBe(0);

    for (const bad of ["12345678901", "1234567890123", "ABCDEFGHIJKL", ""]) {
      const error = await refused(recordEwayBill({ orderId, number: bad, adminId: admin.id }), EwayBillRefused);
      expect(error.status).toBe(400);
      expect(error.refusal.code).toBe("orders.eway_bill_format");
    }
    expect((await orderEwayBill(orderId))?.number).toBeNull();

    expect(await recordEwayBill({ orderId, number: "1812 3456 7890", adminId: admin.id })).toBe("181234567890");
    const invoice = await getDb().selectFrom("tax_document").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow();
    const doc = await getDocumentFor(invoice.id, { id: admin.id, role: "admin" });
    expect(squeeze(await pdfText(await renderTaxDocumentPdf(doc as NonNullable<typeof doc>)))).toContain("E-way bill no. 181234567890");

    expect((await ship()).orderShipped).toBe(true);
    // Shipped: the number can no longer change.
    const late = await refused(recordEwayBill({ orderId, number: "999999999999", adminId: admin.id }), EwayBillRefused);
    expect(late.refusal).toEqual({ code: "orders.eway_bill_status", params: { status: "shipped" } });
  });

  it("an order at or under the threshold needs none; the threshold is the admin's setting", async () => {
    const { orderId } = await bigOrder(3);
    expect(await orderEwayBill(orderId)).toMatchObject({ valuePaise: 42_480_00, needed: false });
    await saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, ewayBillAboveRupees: 40_000 });
    expect(await orderEwayBill(orderId)).toMatchObject({ needed: true });
    await saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, ewayBillAboveRupees: 42_480 });
    expect(await orderEwayBill(orderId)).toMatchObject({ needed: false });
  });
});
