import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createLicence, createProduct, createVendor, testGstin } from "../factories";
import { sizeOf } from "../sizes";
import { advanceOrder } from "../paid-orders";
import { pdfText } from "../helpers/pdf-text";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { withLocale } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { packingSlipsDownload } from "~/features/orders/server/packing-slips-download.server";
import { getCustomerOrder } from "~/features/orders/server/get-customer-order.server";
import { getDocumentFor } from "~/features/tax/server/documents.server";
import { renderTaxDocumentPdf } from "~/features/tax/server/render-tax-document.server";
import { receiveLot } from "~/features/lots/server/receive-lot.server";
import { recallLot, recallMessageKey } from "~/features/lots/server/recall-lot.server";
import { lotsSweepJob } from "~/features/lots/server/lots-sweep.server";
import { expiryMonth } from "~/features/lots/domain/line-lots";
import { lotsOfOrder, stockOf } from "../lots";

/**
 * Issue 32's "done when", on the engine the run is on: a vendor receives two lots of tomato seed and
 * one of a pesticide; farmers buy; units leave the earliest-expiring lot first; the invoice and the
 * packing slip show the lots; a lot expires and stops selling; a lot is recalled and its buyers are
 * told; a Punjab-only fertiliser dealer cannot sell to Maharashtra. (In the browser: lots.spec.ts,
 * warehouse.spec.ts, recalls.spec.ts, territory.spec.ts, in English and Hindi.)
 */
const engine = getDatabase().engine;
const today = indiaToday();
const squeeze = (text: string) => text.replace(/\s+/g, " ");

describe(`traceable farm inputs, end to end (${engine})`, () => {
  it("lots in, first expiry out, on the papers, expired and recalled lots stop selling, buyers told, territory kept", async () => {
    const tag = Date.now().toString(36);
    const vendor = await createVendor({ businessName: `Sahyadri Agro ${tag}` });
    await createLicence(vendor.id, "seed");
    await createLicence(vendor.id, "pesticide");
    const admin = await createCustomer({ role: "admin" });
    const asVendor = { role: "vendor" as const, userId: vendor.id };
    const tomato = await createProduct({
      name: `Tomato Seed Arka Rakshak ${tag}`,
      category: "seeds",
      gstRate: 0,
      hsnCode: "1209",
      vendorId: vendor.id,
      variants: [{ label: "10 g", pricePaise: 15_000, stock: 0 }],
    });
    const spray = await createProduct({
      name: `Imidacloprid 17.8 SL ${tag}`,
      category: "fertilizers",
      regulatedAs: "pesticide",
      gstRate: 18,
      hsnCode: "3808",
      vendorId: vendor.id,
      variants: [{ label: "250 ml", pricePaise: 42_000, stock: 0 }],
    });
    const seed = await sizeOf(tomato.id, "10 g");
    const spray250 = await sizeOf(spray.id, "250 ml");

    // The vendor receives two lots of tomato seed (the later-expiring first) and one of the pesticide.
    const seedFacts = { manufacturedOn: addDays(today, -40), testedOn: addDays(today, -20), germination: "82", purity: "98" };
    await receiveLot(asVendor, seed.id, { ...seedFacts, number: "TS-LATE", quantity: "10", expiresOn: addDays(today, 300) });
    await receiveLot(asVendor, seed.id, { ...seedFacts, number: "TS-SOON", quantity: "3", expiresOn: addDays(today, 90) });
    const pesticideLot = await receiveLot(asVendor, spray250.id, {
      number: "IM-2411",
      quantity: "5",
      manufacturedOn: addDays(today, -10),
      expiresOn: addDays(today, 700),
      registrationNo: "CIR-45,678/2024",
      phiDays: "21",
      antidote: "No specific antidote; treat symptoms.",
    });
    expect([await stockOf(seed.id), await stockOf(spray250.id)]).toEqual([13, 5]);

    // Farmers buy: the earliest-expiring lot goes first.
    const ramesh = await createCustomer({ name: "Ramesh Patel" });
    const seedOrder = await placeOrder(
      ramesh,
      checkoutInput([{ productId: tomato.id, variantId: seed.id, quantity: 4 }], { paymentMethod: "cod" }),
    );
    expect(await lotsOfOrder(seedOrder.orderId)).toEqual([
      ["TS-LATE", 1],
      ["TS-SOON", 3],
    ]);
    const sunita = await createCustomer({ name: "Sunita Devi" });
    const sprayOrder = await withLocale("hi", () =>
      placeOrder(sunita, checkoutInput([{ productId: spray.id, variantId: spray250.id, quantity: 1 }], { paymentMethod: "cod" })),
    );
    expect(await lotsOfOrder(sprayOrder.orderId)).toEqual([["IM-2411", 1]]);

    // The invoice and the packing slip name the lots; the Hindi order page too.
    await advanceOrder(seedOrder.orderId, "confirmed", admin.id);
    const invoice = await getDb()
      .selectFrom("tax_document")
      .select("id")
      .where("order_id", "=", seedOrder.orderId)
      .where("seller", "=", vendor.id)
      .executeTakeFirstOrThrow();
    const doc = await getDocumentFor(invoice.id, { id: admin.id, role: "admin" });
    if (!doc) throw new Error("no invoice");
    const invoiceText = squeeze(await pdfText(await renderTaxDocumentPdf(doc)));
    expect(invoiceText).toContain(`Lot TS-SOON (exp. ${expiryMonth(addDays(today, 90))}) × 3`);
    expect(invoiceText).toContain(`Lot TS-LATE (exp. ${expiryMonth(addDays(today, 300))}) × 1`);
    const slip = await packingSlipsDownload({ role: "vendor", id: vendor.id }, new URLSearchParams({ order: seedOrder.orderId }));
    expect(slip.status).toBe(200);
    const slipText = squeeze(await pdfText(Buffer.from(await slip.arrayBuffer())));
    expect(slipText).toContain("TS-SOON");
    expect(slipText).toContain("TS-LATE");
    const hindiPage = await withLocale("hi", () => getCustomerOrder(sprayOrder.orderId, sunita.id));
    expect(hindiPage?.items[0]?.lots).toEqual([{ number: "IM-2411", expiresOn: addDays(today, 700), quantity: 1 }]);

    // The later lot reaches its last day to sell: after the night's sweep it is stock no more, and not sold.
    await getDb()
      .updateTable("lot")
      .set({ sell_before: today })
      .where("number", "=", "TS-LATE")
      .where("variant_id", "=", seed.id)
      .execute();
    await lotsSweepJob().run();
    expect(await stockOf(seed.id)).toBe(0);
    const late = await placeOrder(
      await createCustomer(),
      checkoutInput([{ productId: tomato.id, variantId: seed.id, quantity: 1 }], { paymentMethod: "cod" }),
    ).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(OrderRefused);
    expect(renderRefusal((late as OrderRefused).refusal)).toMatch(/out of stock/i);

    // The pesticide lot is recalled: it stops selling at once, and the farmer who received it is told, in Hindi.
    await advanceOrder(sprayOrder.orderId, "delivered", admin.id);
    const recall = await recallLot({
      lotId: pesticideLot.lotId,
      reason: "Failed the quality test at the state lab",
      actor: { role: "vendor", id: vendor.id },
    });
    expect(recall).toMatchObject({ toldCustomers: 1 });
    expect(await stockOf(spray250.id)).toBe(0);
    const told = await getDb()
      .selectFrom("outbox")
      .select(["channel", "recipient", "payload"])
      .where((eb) =>
        eb.or([
          eb("dedupe_key", "like", `${recallMessageKey(pesticideLot.lotId, "email")}%`),
          eb("dedupe_key", "like", `${recallMessageKey(pesticideLot.lotId, "sms")}%`),
        ]),
      )
      .execute();
    expect(told.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(told.find((m) => m.channel === "email")?.recipient).toBe(sunita.email);
    // Told in the language she ordered in.
    expect(told.map((m) => m.payload).join(" ")).toMatch(/[\u0900-\u097F]/);
    const recalled = await placeOrder(
      await createCustomer(),
      checkoutInput([{ productId: spray.id, variantId: spray250.id, quantity: 1 }], { paymentMethod: "cod" }),
    ).catch((e: unknown) => e);
    expect(recalled).toBeInstanceOf(OrderRefused);

    // A Punjab-only fertiliser dealer cannot sell to Maharashtra, and can to Punjab.
    const dealer = await createVendor({
      businessName: `Punjab Khad Bhandar ${tag}`,
      state: "Punjab",
      city: "Ludhiana",
      pincode: "141001",
      gstNumber: testGstin("03"),
    });
    await createLicence(dealer.id, "fertiliser");
    await getDb()
      .updateTable("vendor_licence")
      .set({ states: JSON.stringify(["Punjab"]) })
      .where("vendor_id", "=", dealer.id)
      .execute();
    const zinc = await createProduct({
      name: `Zinc Sulphate 5 kg ${tag}`,
      category: "fertilizers",
      vendorId: dealer.id,
      gstRate: 5,
      stock: 10,
    });
    const toMaharashtra = await placeOrder(
      await createCustomer(),
      checkoutInput([{ productId: zinc.id, quantity: 1 }], { paymentMethod: "cod" }),
    ).catch((e: unknown) => e);
    expect(toMaharashtra).toBeInstanceOf(OrderRefused);
    expect(renderRefusal((toMaharashtra as OrderRefused).refusal)).toBe(
      `${zinc.name} can't be delivered to Maharashtra: its seller's fertiliser licence is valid only in Punjab.`,
    );
    const toPunjab = await placeOrder(
      await createCustomer(),
      checkoutInput([{ productId: zinc.id, quantity: 1 }], { paymentMethod: "cod", city: "Ludhiana", state: "Punjab", pincode: "141001" }),
    );
    expect(toPunjab.created).toBe(true);
  });
});
