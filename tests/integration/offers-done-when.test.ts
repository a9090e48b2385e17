import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, testGstin } from "../factories";
import { sizeOf } from "../sizes";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { OfferFormSchema } from "~/features/offers/domain/offer-form";
import { createOffer } from "~/features/offers/server/admin-offers.server";
import { addGroupMember, createCustomerGroup } from "~/features/price-lists/server/admin-customer-groups.server";
import { addPriceListEntry, createPriceList, setPriceListStatus } from "~/features/price-lists/server/admin-price-lists.server";
import { EntryFormSchema, PriceListFormSchema } from "~/features/price-lists/domain/price-list-form";
import { saveKit } from "~/features/kits/server/save-kit.server";
import { saveBusinessBuyer } from "~/features/tax/server/business-buyer.server";
import { gstReport } from "~/features/tax/server/gst-report.server";
import { indiaMonth } from "~/features/tax/domain/gst-month";
import type { TaxDocument } from "~/features/tax/domain/tax-documents";

/*
 * Issue 31's "done when", on the server, on both engines: an admin sets up a Kharif seed offer, a coupon,
 * quantity prices on DAP, a 1-acre tomato kit and an FPO price list (through the services their forms call);
 * a farmer, an FPO buyer with a GSTIN and a guest who has just registered each buy; every price and discount
 * is the one the stated rules give (worked out here from the catalogue's prices, not read back), the tax is on
 * what is left, the invoices say so, and the month's GST report has the FPO's invoice in its B2B table, the
 * others in B2C, and reconciles. The browser journey in both languages is tests/e2e/offers-journey.spec.ts.
 */

const orderOf = (id: string) => getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const linesOf = (id: string) => getDb().selectFrom("order_line").selectAll().where("order_id", "=", id).orderBy("id").execute();
const invoicesOf = async (orderId: string) =>
  (await getDb().selectFrom("tax_document").selectAll().where("order_id", "=", orderId).where("kind", "=", "invoice").execute()).map(
    (d) => JSON.parse(String(d.snapshot)) as TaxDocument,
  );

/** A line's GST is its rate on its taxable value, to within a paisa a unit (it is worked out per unit, in halves). */
function expectTaxOn(line: {
  taxable_paise: unknown;
  gst_rate: unknown;
  quantity: unknown;
  cgst_paise: unknown;
  sgst_paise: unknown;
  igst_paise: unknown;
}) {
  const tax = Number(line.cgst_paise) + Number(line.sgst_paise) + Number(line.igst_paise);
  const exact = (Number(line.taxable_paise) * Number(line.gst_rate)) / 100;
  expect(Math.abs(tax - exact)).toBeLessThanOrEqual(Number(line.quantity));
  // Delivered in Maharashtra from the store in Maharashtra: CGST and SGST, in equal halves.
  expect(Number(line.igst_paise)).toBe(0);
  expect(Number(line.cgst_paise)).toBe(Number(line.sgst_paise));
}

describe("issue 31, done when: offers, quantity prices, a kit and an FPO price list, three buyers, their invoices and the GST report", () => {
  it("charges each buyer what the rules say, invoices it, and the month's report reconciles B2B and B2C", async () => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const admin = await createCustomer({ role: "admin" });

    // The catalogue (prices before GST, as the store keeps them).
    const paddy = await createProduct({
      name: `Pusa Basmati paddy seed ${tag}`,
      category: "seeds",
      hsnCode: "10061010",
      gstRate: 5,
      variants: [{ label: "10 kg", pricePaise: 1_000_00, stock: 50, sku: `PADDY-${tag}` }],
    });
    const dap = await createProduct({
      name: `DAP ${tag}`,
      category: "fertilizers",
      hsnCode: "31053000",
      gstRate: 5,
      // Quantity prices on DAP: ₹1,250 each for 10 or more.
      variants: [
        { label: "50 kg", pricePaise: 1_300_00, stock: 100, sku: `DAP-${tag}`, priceBreaks: [{ minQuantity: 10, pricePaise: 1_250_00 }] },
      ],
    });
    const tomatoSeed = await createProduct({
      name: `Tomato seed ${tag}`,
      category: "seeds",
      hsnCode: "12099160",
      gstRate: 0,
      variants: [{ label: "10 g", pricePaise: 150_00, stock: 40, sku: `TOMSEED-${tag}` }],
    });
    const spray = await createProduct({
      name: `Neem spray ${tag}`,
      category: "fertilizers",
      hsnCode: "38089199",
      gstRate: 18,
      variants: [{ label: "250 ml", pricePaise: 300_00, stock: 40, sku: `SPRAY-${tag}` }],
    });
    // The 1-acre tomato kit: seed × 2, DAP × 1, spray × 1 (₹1,900 bought apart) for ₹1,600.
    const kit = await createProduct({
      name: `1 acre tomato kit ${tag}`,
      category: "equipment",
      hsnCode: "12099160",
      gstRate: 5,
      variants: [{ label: "1 acre", pricePaise: 1_600_00, stock: 0, sku: `KIT-${tag}` }],
    });
    await saveKit({
      kitSku: `KIT-${tag}`,
      pricePaise: 1_600_00,
      parts: [
        { sku: `TOMSEED-${tag}`, quantity: 2 },
        { sku: `DAP-${tag}`, quantity: 1 },
        { sku: `SPRAY-${tag}`, quantity: 1 },
      ],
    });

    // The offers: an automatic Kharif seed offer (10% off seeds) and a coupon (₹100 off a cart of ₹2,000 or more).
    const kharif = await createOffer(
      OfferFormSchema.parse({
        kind: "automatic",
        name: `Kharif seed offer ${tag}`,
        nameHi: "ख़रीफ़ बीज ऑफ़र",
        discountType: "percent",
        percent: "10",
        target: "categories",
        targetIds: "seeds",
      }),
    );
    const code = `KISAN${tag.slice(-5).toUpperCase()}`;
    await createOffer(
      OfferFormSchema.parse({
        kind: "coupon",
        code,
        name: "Kisan coupon",
        discountType: "fixed",
        amount: "100",
        target: "cart",
        minCart: "2000",
      }),
    );

    // The FPO: a group, its price list (8% off fertilisers), turned on.
    const fpoBuyer = await createCustomer({ name: "Sahyadri FPO buyer" });
    const group = await createCustomerGroup({ name: `FPO ${tag}`, nameHi: "एफ़पीओ" });
    await addGroupMember(group, fpoBuyer.email);
    const list = await createPriceList(
      PriceListFormSchema.parse({ groupId: group, name: "FPO Kharif prices", startsAt: "2020-01-01T00:00", endsAt: "" }),
    );
    await addPriceListEntry(list, EntryFormSchema.parse({ kind: "category", category: "fertilizers", percent: "8" }));
    await setPriceListStatus(list, "resume");
    const gstin = testGstin("27");
    await saveBusinessBuyer(fpoBuyer.id, { legalName: "Sahyadri Farmers Producer Co. Ltd", gstin });

    // 1. A farmer: 2 bags of paddy seed (the Kharif offer), the kit, and the coupon.
    const farmer = await createCustomer({ name: "Ramesh Patil" });
    const farmerOrder = await placeOrder(
      farmer,
      checkoutInput(
        [
          { productId: paddy.id, quantity: 2 },
          { productId: kit.id, quantity: 1 },
        ],
        { couponCode: code.toLowerCase(), paymentMethod: "cod" },
      ),
    );
    // 2. The FPO buyer, as a business: 10 bags of DAP. The quantity price is ₹1,250, the list's 8% off ₹1,300 is
    // ₹1,196: the lower is charged.
    const fpoOrder = await placeOrder(
      fpoBuyer,
      checkoutInput([{ productId: dap.id, quantity: 10 }], { business: true, paymentMethod: "cod" }),
    );
    // 3. A guest who has just registered: 1 bag of DAP at its own price (no group), and 1 bag of paddy seed.
    const guest = await createCustomer({ name: "New farmer" });
    const guestOrder = await placeOrder(
      guest,
      checkoutInput(
        [
          { productId: dap.id, quantity: 1 },
          { productId: paddy.id, quantity: 1 },
        ],
        { paymentMethod: "cod" },
      ),
    );

    // The farmer: paddy ₹2,000 less 10% (₹200); the coupon's ₹100 shared over what is left (₹1,800 and the kit's
    // ₹1,600) by value: ₹52.94 on the paddy, ₹47.06 on the kit's parts.
    const farmerRow = await orderOf(farmerOrder.orderId);
    const farmerLines = await linesOf(farmerOrder.orderId);
    const paddyLine = defined(
      farmerLines.find((l) => l.product_id === paddy.id),
      "the paddy line",
    );
    expect([Number(paddyLine.unit_price_paise), Number(paddyLine.quantity), Number(paddyLine.discount_paise)]).toEqual([
      1_000_00, 2, 252_94,
    ]);
    const kitLines = farmerLines.filter((l) => l.kit_variant_id !== null);
    expect(kitLines.map((l) => [l.variant_id, Number(l.quantity), l.hsn_code, Number(l.gst_rate)]).sort()).toEqual(
      [
        [(await sizeOf(tomatoSeed.id, "10 g")).id, 2, "12099160", 0],
        [(await sizeOf(dap.id, "50 kg")).id, 1, "31053000", 5],
        [(await sizeOf(spray.id, "250 ml")).id, 1, "38089199", 18],
      ].sort(),
    );
    expect(kitLines.reduce((s, l) => s + Number(l.line_total_paise), 0)).toBe(1_600_00);
    expect(kitLines.reduce((s, l) => s + Number(l.discount_paise), 0)).toBe(47_06);
    expect(Number(farmerRow.discount_paise)).toBe(300_00);
    expect(Number(farmerRow.subtotal_paise)).toBe(2_000_00 + 1_600_00 - 300_00);
    expect(JSON.parse(farmerRow.offers).map((o: { offerId: string; paise: number }) => [o.offerId === kharif, o.paise])).toEqual([
      [true, 200_00],
      [false, 100_00],
    ]);
    for (const l of farmerLines) {
      expect(Number(l.taxable_paise)).toBe(Number(l.line_total_paise) - Number(l.discount_paise));
      expectTaxOn(l);
    }

    // The FPO buyer: 10 × ₹1,196 (the list's price, recorded), GST 5% on ₹11,960, invoiced to the business.
    const fpoRow = await orderOf(fpoOrder.orderId);
    const [fpoLine] = await linesOf(fpoOrder.orderId);
    expect([Number(fpoLine?.unit_price_paise), Number(fpoLine?.line_total_paise), fpoLine?.price_list_id]).toEqual([
      1_196_00,
      11_960_00,
      list,
    ]);
    expect(Number(fpoLine?.cgst_paise) + Number(fpoLine?.sgst_paise)).toBe(598_00);
    expect([fpoRow.buyer_gstin, fpoRow.buyer_legal_name]).toEqual([gstin, "Sahyadri Farmers Producer Co. Ltd"]);

    // The guest: DAP at ₹1,300 (one bag: no quantity price, no group), paddy at ₹1,000 less the Kharif 10%.
    const guestLines = await linesOf(guestOrder.orderId);
    expect(guestLines.map((l) => [l.product_id, Number(l.unit_price_paise), Number(l.discount_paise), l.price_list_id]).sort()).toEqual(
      [
        [dap.id, 1_300_00, 0, null],
        [paddy.id, 1_000_00, 100_00, null],
      ].sort(),
    );

    // Each order adds up: goods after discounts + delivery + GST; delivery is ₹500 with its GST (below ₹50,000).
    for (const id of [farmerOrder.orderId, fpoOrder.orderId, guestOrder.orderId]) {
      const o = await orderOf(id);
      expect(Number(o.total_paise)).toBe(Number(o.subtotal_paise) + Number(o.shipping_paise) + Number(o.tax_paise));
      expect(Number(o.shipping_paise) + Number(o.shipping_cgst_paise) + Number(o.shipping_sgst_paise)).toBe(500_00);
    }

    // Confirmed, each order gets its tax invoice: the business's with its GSTIN, the farmer's with the kit's parts.
    for (const id of [farmerOrder.orderId, fpoOrder.orderId, guestOrder.orderId]) await changeOrderStatus(id, "confirmed", admin.id);
    const [fpoInvoice] = await invoicesOf(fpoOrder.orderId);
    expect(fpoInvoice?.buyer.business).toEqual({ legalName: "Sahyadri Farmers Producer Co. Ltd", gstin });
    expect(fpoInvoice?.totals.total).toBe(Number(fpoRow.total_paise));
    const [farmerInvoice] = await invoicesOf(farmerOrder.orderId);
    expect(farmerInvoice?.buyer.business).toBeUndefined();
    expect(farmerInvoice?.lines.map((l) => l.hsn).sort()).toEqual(["10061010", "12099160", "31053000", "38089199", "9965"].sort());
    expect(farmerInvoice?.lines.reduce((s, l) => s + (l.discount ?? 0), 0)).toBe(300_00);
    expect(farmerInvoice?.totals.total).toBe(Number(farmerRow.total_paise));
    const [guestInvoice] = await invoicesOf(guestOrder.orderId);
    expect(guestInvoice?.buyer.business).toBeUndefined();

    // The month's GST report: the FPO's invoice in B2B (table 4A), the others in B2C (table 7), reconciled.
    const report = await gstReport({ month: indiaMonth() });
    expect(report.b2b.rows.map((r) => r.gstin)).toEqual([gstin]);
    expect(report.b2b.totals.total).toBe(Number(fpoRow.total_paise));
    const b2c = Number(farmerRow.total_paise) + Number((await orderOf(guestOrder.orderId)).total_paise);
    expect(report.byPlaceAndRate.totals.total).toBe(b2c);
    expect(report.totals.reconciles).toBe(true);
  });
});
