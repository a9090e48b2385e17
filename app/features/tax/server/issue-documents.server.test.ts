import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, createVendor, testGstin } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { DEFAULT_GENERAL_SETTINGS, type GeneralSettings } from "~/features/settings/domain/settings";
import type { TaxDocument } from "~/features/tax/domain/tax-documents";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { issueInvoices } from "./issue-documents.server";
import { gstReport } from "./gst-report.server";
import { indiaMonth } from "~/features/tax/domain/gst-month";

const KARNATAKA = { state: "Karnataka", city: "Bengaluru", pincode: "560001" };
const useSettings = (changes: Partial<GeneralSettings>) => saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, ...changes });
afterEach(() => useSettings({}));

async function documentsOf(orderId: string) {
  const rows = await getDb()
    .selectFrom("tax_document")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("kind")
    .orderBy("seller")
    .execute();
  return rows.map((r) => ({ ...r, doc: JSON.parse(r.snapshot) as TaxDocument }));
}

async function seedsAndSprayer() {
  const vendor = await createVendor({ businessName: "Sahyadri Sprayers" });
  const seeds = await createProduct({ category: "seeds", pricePaise: 90_000, hsnCode: "12099190", gstRate: 0 });
  const sprayer = await createProduct({ category: "equipment", pricePaise: 450_000, hsnCode: "84244100", gstRate: 5, vendorId: vendor.id });
  return { vendor, seeds, sprayer };
}

describe("tax invoices", () => {
  it("GST by product rate (the default): nil-rated seeds and a 5% sprayer from Maharashtra to Karnataka are IGST, one invoice per seller", async () => {
    const { vendor, seeds, sprayer } = await seedsAndSprayer();
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const { orderId } = await placeOrder(
      customer,
      checkoutInput(
        [
          { productId: seeds.id, quantity: 1 },
          { productId: sprayer.id, quantity: 1 },
        ],
        KARNATAKA,
      ),
    );
    const order = await getDb().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    // ₹900 nil-rated + ₹4,500 at 5% (₹112.50 × 2 = ₹225). Prices are shown with GST, so the ₹500 paid for
    // delivery holds its GST at the highest line rate, 5%: ₹11.90 × 2 = ₹23.80 (5% of ₹476.19, the most
    // whose charge stays within ₹500), on ₹476.20.
    expect(Number(order.tax_paise)).toBe(22_500 + 2_380);
    expect(Number(order.total_paise)).toBe(90_000 + 450_000 + 22_500 + 50_000);
    expect(await documentsOf(orderId)).toHaveLength(0); // issued on confirmation, not before

    await changeOrderStatus(orderId, "confirmed", admin.id);
    const docs = await documentsOf(orderId);
    expect(docs.map((d) => d.seller).sort()).toEqual(["store", vendor.id].sort());
    const store = docs.find((d) => d.seller === "store")?.doc;
    const theirs = docs.find((d) => d.seller === vendor.id)?.doc;
    expect(store?.number).toMatch(/^ANG\/\d\d-\d\d\/\d{6}$/);
    expect(theirs?.number).toMatch(/^SAH\/\d\d-\d\d\/000001$/);
    expect(store?.placeOfSupply).toEqual({ stateName: "Karnataka", stateCode: "29" });
    expect(store?.intraState).toBe(false);
    expect(store?.lines.map((l) => [l.hsn, l.rate, l.taxable, l.igst, l.cgst])).toEqual([
      ["12099190", 0, 90_000, 0, 0],
      ["9965", 5, 47_620, 2_380, 0],
    ]);
    expect(theirs?.lines.map((l) => [l.hsn, l.rate, l.taxable, l.igst])).toEqual([["84244100", 5, 450_000, 22_500]]);
    expect(theirs?.seller.name).toBe("Sahyadri Sprayers");
    // The invoices add up to the order.
    expect(docs.reduce((s, d) => s + Number(d.total_paise), 0)).toBe(Number(order.total_paise));
  });

  it("flat mode with prices before GST (the specification's arithmetic): 18% of the subtotal as CGST 9% + SGST 9% for a Maharashtra buyer", async () => {
    await useSettings({ taxMode: "flat", priceDisplay: "exclusive" });
    const { seeds, sprayer } = await seedsAndSprayer();
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([
        { productId: seeds.id, quantity: 1 },
        { productId: sprayer.id, quantity: 1 },
      ]),
    );
    await changeOrderStatus(orderId, "confirmed", admin.id);
    const docs = await documentsOf(orderId);
    const lines = docs.flatMap((d) => d.doc.lines);
    expect(docs.every((d) => d.doc.intraState && d.doc.taxMode === "flat")).toBe(true);
    const goods = lines.filter((l) => l.hsn !== "9965");
    expect(goods.every((l) => l.rate === 18 && l.cgst === l.sgst && l.igst === 0)).toBe(true);
    // 18% of ₹5,400 = ₹972, shared in proportion: ₹162 on the seeds, ₹810 on the sprayer.
    expect(goods.map((l) => l.cgst + l.sgst).sort((a, b) => a - b)).toEqual([16_200, 81_000]);
    expect(lines.find((l) => l.hsn === "9965")).toMatchObject({ rate: 0, cgst: 0, sgst: 0 });
  });

  it("refuses an order whose seller has no valid GSTIN, naming it, and writes nothing", async () => {
    const vendor = await createVendor({ businessName: "No Gst Traders" });
    await getDb().updateTable("vendor").set({ gst_number: "" }).where("user_id", "=", vendor.id).execute();
    const product = await createProduct({ vendorId: vendor.id, stock: 4 });
    const customer = await createCustomer();
    const input = checkoutInput([{ productId: product.id, quantity: 2 }]);
    await expect(placeOrder(customer, input)).rejects.toThrow(/GSTIN of No Gst Traders is missing/);
    await expect(placeOrder(customer, input)).rejects.toBeInstanceOf(OrderRefused);
    const stock = await getDb()
      .selectFrom("product_variant")
      .select("stock")
      .where("product_id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(4);
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", customer.id).execute()).toHaveLength(0);
  });

  it("cancelling an invoiced order issues a credit note per invoice, referring to it, and puts the stock back", async () => {
    const { seeds, sprayer } = await seedsAndSprayer();
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([
        { productId: seeds.id, quantity: 2 },
        { productId: sprayer.id, quantity: 1 },
      ]),
    );
    await changeOrderStatus(orderId, "confirmed", admin.id);
    await changeOrderStatus(orderId, "cancelled", admin.id);
    const docs = await documentsOf(orderId);
    const invoices = docs.filter((d) => d.kind === "invoice");
    const notes = docs.filter((d) => d.kind === "credit_note");
    expect(notes).toHaveLength(invoices.length);
    for (const note of notes) {
      const invoice = invoices.find((i) => i.id === note.refers_to);
      expect(invoice?.seller).toBe(note.seller);
      expect(note.doc.refersTo?.number).toBe(invoice?.number);
      expect(note.number).toMatch(/^[A-Z0-9]{3}C\/\d\d-\d\d\/\d{5}$/);
      expect(Number(note.total_paise)).toBe(Number(invoice?.total_paise));
    }
    const stock = await getDb().selectFrom("product_variant").select("stock").where("product_id", "=", seeds.id).executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(10);
  });

  it("an order cancelled before confirmation has no invoice and no credit note", async () => {
    const product = await createProduct();
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    await changeOrderStatus(orderId, "cancelled", admin.id);
    expect(await documentsOf(orderId)).toHaveLength(0);
  });
});

describe("invoice numbers", () => {
  it("50 concurrent confirmations give each seller 50 consecutive numbers, no gap, no repeat", async () => {
    const vendor = await createVendor({ businessName: "Godavari Agro", gstNumber: testGstin("29") });
    const own = await createProduct({ stock: 1000, pricePaise: 10_000 });
    const theirs = await createProduct({ stock: 1000, pricePaise: 20_000, vendorId: vendor.id });
    const admin = await createCustomer({ role: "admin" });
    const orders = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const customer = await createCustomer();
        const items = [
          { productId: own.id, quantity: 1 },
          { productId: theirs.id, quantity: 1 },
        ];
        return (await placeOrder(customer, checkoutInput(items))).orderId;
      }),
    );
    await Promise.all(orders.map((id) => changeOrderStatus(id, "confirmed", admin.id)));
    const rows = await getDb()
      .selectFrom("tax_document")
      .select(["seller", "sequence", "number", "order_id"])
      .where("order_id", "in", orders)
      .execute();
    expect(rows).toHaveLength(100);
    const vendorSeq = rows.filter((r) => r.seller === vendor.id).map((r) => Number(r.sequence));
    expect(vendorSeq.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const storeSeq = rows.filter((r) => r.seller === "store").map((r) => Number(r.sequence));
    const first = Math.min(...storeSeq);
    expect(storeSeq.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
    expect(new Set(rows.map((r) => `${r.seller} ${r.number}`)).size).toBe(100);
    // Each order has exactly one invoice per seller.
    expect(new Set(rows.map((r) => `${r.order_id} ${r.seller}`)).size).toBe(100);
  });

  it("a confirmation that rolls back gives its number back", async () => {
    const vendor = await createVendor({ businessName: "Rollback Farms" });
    const product = await createProduct({ vendorId: vendor.id, stock: 10 });
    const [a, b] = await Promise.all(
      [1, 2].map(async () => (await placeOrder(await createCustomer(), checkoutInput([{ productId: product.id, quantity: 1 }]))).orderId),
    );
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          await issueInvoices(trx, a as string);
          throw new Error("the confirmation failed after numbering");
        }),
    ).rejects.toThrow("failed after numbering");
    await getDb()
      .transaction()
      .execute((trx) => issueInvoices(trx, b as string));
    const row = await getDb().selectFrom("tax_document").select("sequence").where("seller", "=", vendor.id).executeTakeFirstOrThrow();
    expect(Number(row.sequence)).toBe(1);
  });

  it("each series restarts on 1 April, India time", async () => {
    const vendor = await createVendor({ businessName: "April Seeds" });
    const product = await createProduct({ vendorId: vendor.id, stock: 10 });
    const orderIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      orderIds.push((await placeOrder(await createCustomer(), checkoutInput([{ productId: product.id, quantity: 1 }]))).orderId);
    }
    const at = ["2026-03-31T18:29:58Z", "2026-03-31T18:29:59Z", "2026-03-31T18:30:00Z"];
    for (const [i, id] of orderIds.entries()) {
      await getDb()
        .transaction()
        .execute((trx) => issueInvoices(trx, id, new Date(at[i] as string)));
    }
    const numbers = await getDb()
      .selectFrom("tax_document")
      .select(["number"])
      .where("seller", "=", vendor.id)
      .orderBy("issued_at")
      .execute();
    expect(numbers.map((n) => n.number)).toEqual(["APR/25-26/000001", "APR/25-26/000002", "APR/26-27/000001"]);
  });

  it("issuing twice for one order issues nothing the second time", async () => {
    const product = await createProduct();
    const { orderId } = await placeOrder(await createCustomer(), checkoutInput([{ productId: product.id, quantity: 1 }]));
    const first = await getDb()
      .transaction()
      .execute((trx) => issueInvoices(trx, orderId));
    const second = await getDb()
      .transaction()
      .execute((trx) => issueInvoices(trx, orderId));
    expect([first, second]).toEqual([1, 0]);
  });
});

describe("the month's GST report adds up to the invoices issued (issue 14)", () => {
  it("a vendor's report: its invoices less its credit notes, by place of supply and rate, reconciling with the orders", async () => {
    await useSettings({ taxMode: "by_rate" });
    const vendor = await createVendor({ businessName: "Report Agro" });
    const sprayer = await createProduct({ vendorId: vendor.id, pricePaise: 450_000, hsnCode: "84244100", gstRate: 5, stock: 20 });
    const neem = await createProduct({ vendorId: vendor.id, pricePaise: 64_000, hsnCode: "38089199", gstRate: 18, stock: 20 });
    const admin = await createCustomer({ role: "admin" });
    const place = async (where: Record<string, string>) =>
      (
        await placeOrder(
          await createCustomer(),
          checkoutInput(
            [
              { productId: sprayer.id, quantity: 1 },
              { productId: neem.id, quantity: 2 },
            ],
            where,
          ),
        )
      ).orderId;
    const [a, b, c] = [await place(KARNATAKA), await place({}), await place(KARNATAKA)];
    for (const id of [a, b, c]) await changeOrderStatus(id, "confirmed", admin.id);
    await changeOrderStatus(c, "cancelled", admin.id);

    const report = await gstReport({ month: indiaMonth(), seller: vendor.id });
    expect(report.totals.invoices.count).toBe(3);
    expect(report.totals.creditNotes.count).toBe(1);
    expect(report.totals.reconciles).toBe(true);
    expect(report.problems).toEqual([]);
    // What stands: order a (to Karnataka, IGST) and order b (within Maharashtra, CGST + SGST).
    const vendorLines = await getDb()
      .selectFrom("order_line")
      .select(["taxable_paise", "cgst_paise", "sgst_paise", "igst_paise"])
      .where("order_id", "in", [a, b])
      .where("vendor_id", "=", vendor.id)
      .execute();
    const sum = (k: "taxable_paise" | "cgst_paise" | "sgst_paise" | "igst_paise") => vendorLines.reduce((s, l) => s + Number(l[k]), 0);
    expect(report.totals.net).toMatchObject({
      taxable: sum("taxable_paise"),
      cgst: sum("cgst_paise"),
      sgst: sum("sgst_paise"),
      igst: sum("igst_paise"),
    });
    expect(report.byPlaceAndRate.totals).toEqual(report.totals.net);
    expect(report.hsn.totals).toEqual(report.totals.net);
    // Invoices count packs in "Nos", GSTN's unit code NOS.
    expect(report.hsn.rows.find((r) => r.hsn === "84244100")).toMatchObject({ uqc: "NOS", quantity: 2 });
    const ka5 = report.byPlaceAndRate.rows.find((r) => r.placeOfSupply.code === "29" && r.rate === 5);
    expect(ka5).toMatchObject({ taxable: 450_000, igst: 22_500, cgst: 0 });
    const mh18 = report.byPlaceAndRate.rows.find((r) => r.placeOfSupply.code === "27" && r.rate === 18);
    expect(mh18).toMatchObject({ taxable: 128_000, cgst: 11_520, sgst: 11_520, igst: 0 });
  });
});
