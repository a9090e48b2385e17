import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, createVendor, queuedEmails } from "../../../../tests/factories";
import { advanceOrder, deliveredOn, eventsOf, orderRow, paidUpiOrder, refundsOf, withFakeGateway } from "../../../../tests/paid-orders";
import { getDb } from "~/platform/db/db.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { returnedAmounts } from "~/features/orders/domain/returns";
import type { TaxDocument } from "~/features/tax/domain/tax-documents";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { approveReturn, receiveReturn, rejectReturn } from "./decide-return.server";
import { listOrderReturns, listReturnsForAdmin } from "./list-returns.server";
import { getOrderAftercare } from "./order-aftercare.server";
import { getReturnForm, requestReturn, ReturnRefused } from "./request-return.server";
import { english } from "~/platform/i18n/render-refusal.server";

const PAYOUT_REFERENCE_REQUIRED =
  "This order was not paid online: send the refund by UPI or bank transfer first, then enter its reference (6–40 characters).";
const RETURN_ALREADY_DECIDED = "This return has already been decided. Reload the page to see the decision.";
const RETURN_ALREADY_REQUESTED = "You have already asked to return this item.";
const RETURN_MISSING = "That return request no longer exists.";
const RETURN_NOT_DELIVERED = "You can return items once the order has been delivered.";

const gateway = withFakeGateway();

/** Where a cash-on-delivery refund goes, as the return form sends it. */
const UPI = { to: "upi", upiId: "ramesh.k@okicici" } as const;
/** A return request's input: a reason from the list, its words, and (for cash on delivery) the UPI ID. */
const returnInput = (input: { lineId: string; quantity: number; reason: string }) => ({
  reasonCode: "damaged" as const,
  payout: UPI,
  ...input,
});
afterEach(() => saveSetting("general", DEFAULT_GENERAL_SETTINGS));

/**
 * A cash-on-delivery order, GST by product rate, of the store's neem oil (5%) and a vendor's
 * sprayer (18%), confirmed (invoiced), shipped and delivered.
 */
async function deliveredCodOrder(quantities = { neem: 3, sprayer: 1 }) {
  await saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, taxMode: "by_rate" });
  const customer = await createCustomer();
  const admin = await createCustomer({ role: "admin" });
  const vendor = await createVendor({ businessName: "Sahyadri Sprayers" });
  const neem = await createProduct({
    name: "Neem oil",
    category: "fertilizers",
    pricePaise: 44_950,
    stock: 50,
    hsnCode: "38089199",
    gstRate: 5,
  });
  const sprayer = await createProduct({
    category: "equipment",
    pricePaise: 250_000,
    stock: 10,
    hsnCode: "84244100",
    gstRate: 18,
    vendorId: vendor.id,
  });
  const { orderId } = await placeOrder(
    customer,
    checkoutInput(
      [
        { productId: neem.id, quantity: quantities.neem },
        { productId: sprayer.id, quantity: quantities.sprayer },
      ],
      { paymentMethod: "cod" },
    ),
  );
  await advanceOrder(orderId, "delivered", admin.id);
  const lines = await getDb().selectFrom("order_line").selectAll().where("order_id", "=", orderId).execute();
  const line = (productId: string) => {
    const l = lines.find((x) => x.product_id === productId);
    if (!l) throw new Error("no such line");
    return l;
  };
  return { customer, admin, vendor, orderId, neemLine: line(neem.id), sprayerLine: line(sprayer.id) };
}

const creditNotesOf = async (orderId: string) =>
  (
    await getDb()
      .selectFrom("tax_document")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("kind", "=", "credit_note")
      .orderBy("sequence")
      .execute()
  ).map((d) => ({ ...d, doc: JSON.parse(d.snapshot) as TaxDocument }));

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ReturnRefused,
  );

describe("asking for a return", () => {
  it("within the window (India dates): day 7 after delivery is the last; day 8 is refused", async () => {
    const { customer, orderId, neemLine, sprayerLine } = await deliveredCodOrder();
    // Delivered at 01:30 on 11 March in India.
    await deliveredOn(orderId, "2026-03-10T20:00:00.000Z");
    const late = await refused(
      requestReturn(
        customer,
        orderId,
        returnInput({ lineId: neemLine.id, quantity: 1, reason: "Leaking" }),
        new Date("2026-03-18T18:30:00Z"),
      ),
    );
    expect(late).toBeInstanceOf(ReturnRefused);
    expect(late).toMatchObject({
      status: 409,
      message: "Returns for this order closed on 18 March 2026: items can be returned within 7 days of delivery.",
    });
    expect(await listOrderReturns(orderId)).toEqual([]);
    // 23:59 on the 18th in India: still day 7.
    const ok = await requestReturn(
      customer,
      orderId,
      returnInput({ lineId: neemLine.id, quantity: 1, reason: "Leaking" }),
      new Date("2026-03-18T18:29:00Z"),
    );
    expect(ok.amountPaise).toBe(
      returnedAmounts(
        {
          quantity: 3,
          taxable: 134_850,
          cgst: Number(neemLine.cgst_paise),
          sgst: Number(neemLine.sgst_paise),
          igst: Number(neemLine.igst_paise),
        },
        1,
      ).total,
    );
    const form = await getReturnForm(customer.id, orderId, new Date("2026-03-19T04:00:00Z"));
    expect(form?.refusal && english(form.refusal)).toMatch(/^Returns for this order closed on 18 March 2026/);
    expect(form?.lines.find((l) => l.id === sprayerLine.id)?.request).toBeNull();
  });

  it("only of a delivered order of one's own", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const product = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }));
    await advanceOrder(orderId, "shipped", admin.id);
    const [line] = await getDb().selectFrom("order_line").select("id").where("order_id", "=", orderId).execute();
    const input = returnInput({ lineId: line?.id ?? "", quantity: 1, reason: "Changed my mind" });
    expect(await refused(requestReturn(customer, orderId, input))).toMatchObject({ status: 409, message: RETURN_NOT_DELIVERED });
    await advanceOrder(orderId, "delivered", admin.id);
    const stranger = await createCustomer();
    expect(await refused(requestReturn(stranger, orderId, input))).toMatchObject({ status: 404 });
    expect(await getReturnForm(stranger.id, orderId)).toBeNull();
    expect(await getOrderAftercare(orderId, stranger.id)).toBeNull();
    expect(await refused(requestReturn(customer, "../etc", input))).toMatchObject({ status: 404 });
    expect(await refused(requestReturn(customer, orderId, { ...input, lineId: "nosuchline123" }))).toMatchObject({
      status: 400,
      field: "lineId",
    });
    expect((await getOrderAftercare(orderId, customer.id))?.canReturn).toBe(true);
  });

  it("of 1 up to the quantity bought, once per line; the seller is told", async () => {
    const { customer, orderId, neemLine, vendor, sprayerLine } = await deliveredCodOrder();
    const ask = (lineId: string, quantity: number) =>
      requestReturn(customer, orderId, returnInput({ lineId, quantity, reason: "Not as described" }));
    expect(await refused(ask(neemLine.id, 4))).toMatchObject({
      status: 400,
      field: "quantity",
      message: "You bought 3 of this item: choose from 1 to 3.",
    });
    const events = (await eventsOf(orderId)).length;
    const whole = await ask(neemLine.id, 3);
    const value = Number(neemLine.taxable_paise) + Number(neemLine.cgst_paise) + Number(neemLine.sgst_paise) + Number(neemLine.igst_paise);
    expect(whole.amountPaise).toBe(value);
    expect(await refused(ask(neemLine.id, 1))).toMatchObject({ status: 409, message: RETURN_ALREADY_REQUESTED });
    // Two requests for one line at once: the unique line settles it.
    const race = await Promise.allSettled([ask(sprayerLine.id, 1), ask(sprayerLine.id, 1)]);
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await eventsOf(orderId)).slice(events).map((e) => e.note)).toEqual([
      "Return requested: 3 × Neem oil",
      expect.stringMatching(/^Return requested: 1 × /),
    ]);
    const toVendor = await queuedEmails("return-requested:");
    expect(toVendor.some((m) => m.recipient === vendor.email && m.email.text.includes("Not as described"))).toBe(true);
    expect((await getOrderAftercare(orderId, customer.id))?.canReturn).toBe(false);
  });
});

describe("a pesticide's return", () => {
  it("is marked to put back only sealed packs; another product's is not", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const pesticide = await createProduct({ category: "fertilizers", regulatedAs: "pesticide", pricePaise: 39_900, stock: 5, gstRate: 18 });
    const compost = await createProduct({ category: "fertilizers", pricePaise: 45_000, stock: 5, gstRate: 5 });
    const { orderId } = await placeOrder(
      customer,
      checkoutInput(
        [
          { productId: pesticide.id, quantity: 2 },
          { productId: compost.id, quantity: 1 },
        ],
        { paymentMethod: "cod" },
      ),
    );
    await advanceOrder(orderId, "delivered", admin.id);
    const lines = await getDb().selectFrom("order_line").select(["id", "product_id"]).where("order_id", "=", orderId).execute();
    for (const line of lines)
      await requestReturn(customer, orderId, returnInput({ lineId: line.id, quantity: 1, reason: "Not needed now" }));
    const byLine = new Map((await listOrderReturns(orderId)).map((r) => [r.lineId, r.sealedOnly]));
    expect(lines.map((l) => [l.product_id === pesticide.id, byLine.get(l.id)]).sort()).toEqual([
      [false, false],
      [true, true],
    ]);
  });
});

describe("deciding a return", () => {
  it("a vendor decides their own lines only; another vendor's (or the store's) reads as not found", async () => {
    const { customer, orderId, neemLine, sprayerLine, vendor } = await deliveredCodOrder();
    const storeReturn = await requestReturn(customer, orderId, returnInput({ lineId: neemLine.id, quantity: 1, reason: "Leaking" }));
    const theirs = await requestReturn(customer, orderId, returnInput({ lineId: sprayerLine.id, quantity: 1, reason: "Nozzle broken" }));
    const other = await createVendor();
    for (const [returnId, who] of [
      [theirs.returnId, other.id],
      [storeReturn.returnId, vendor.id],
    ] as const) {
      expect(
        await refused(approveReturn({ returnId, decider: { role: "vendor", id: who }, payoutReference: "UPI1234567890" })),
      ).toMatchObject({
        status: 404,
        message: RETURN_MISSING,
      });
      expect(await refused(rejectReturn({ returnId, decider: { role: "vendor", id: who }, note: "No" }))).toMatchObject({ status: 404 });
      expect(await refused(receiveReturn({ returnId, decider: { role: "vendor", id: who }, restock: 1 }))).toMatchObject({ status: 404 });
    }
    expect((await listOrderReturns(orderId)).map((r) => r.stage)).toEqual(["requested", "requested"]);
    expect(await listOrderReturns(orderId, { vendorId: vendor.id })).toHaveLength(1);
    expect(await listOrderReturns(orderId, { vendorId: other.id })).toHaveLength(0);
    await rejectReturn({ returnId: theirs.returnId, decider: { role: "vendor", id: vendor.id }, note: "The nozzle was misused." });
    const [rejected] = await listOrderReturns(orderId, { vendorId: vendor.id });
    expect(rejected).toMatchObject({ status: "rejected", decisionNote: "The nozzle was misused." });
    const [email] = await queuedEmails(`return-decided:${theirs.returnId}`);
    expect(email?.email.text).toContain("The nozzle was misused.");
    expect(await refundsOf(orderId)).toEqual([]);
    // The decision is in the order's trail with its reason; the refused ones above left none.
    const trail = await getDb()
      .selectFrom("audit_entry")
      .select(["kind", "reason"])
      .where("object_id", "=", orderId)
      .where("kind", "like", "return.%")
      .execute();
    expect(trail).toEqual([{ kind: "return.reject", reason: "The nozzle was misused." }]);
    expect(
      await refused(rejectReturn({ returnId: theirs.returnId, decider: { role: "admin", id: vendor.id }, note: "Again" })),
    ).toMatchObject({
      status: 409,
      message: RETURN_ALREADY_DECIDED,
    });
  });

  it("cash on delivery: approving needs the payout's reference, records it, and credits the returned quantity in sequence", async () => {
    const { customer, admin, orderId, neemLine } = await deliveredCodOrder({ neem: 3, sprayer: 1 });
    const { returnId, amountPaise } = await requestReturn(
      customer,
      orderId,
      returnInput({
        lineId: neemLine.id,
        quantity: 2,
        reason: "Two bottles leaked",
      }),
    );
    // No refund before the goods are back.
    expect(
      await refused(approveReturn({ returnId, decider: { role: "admin", id: admin.id }, payoutReference: "UPI412345678901" })),
    ).toMatchObject({ status: 409, message: "Record that the goods came back before refunding them." });
    await receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 1 });
    expect(await refused(approveReturn({ returnId, decider: { role: "admin", id: admin.id } }))).toMatchObject({
      status: 400,
      field: "payoutReference",
      message: PAYOUT_REFERENCE_REQUIRED,
    });
    expect((await listOrderReturns(orderId))[0]).toMatchObject({ status: "requested", stage: "received" });
    const before = await creditNotesOf(orderId);
    const outcome = await approveReturn({ returnId, decider: { role: "admin", id: admin.id }, payoutReference: "UPI412345678901" });
    expect(outcome).toMatchObject({ refundPaise: amountPaise, refundKind: "payout" });

    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({
      kind: "payout",
      status: "processed",
      reason: "return",
      payout_reference: "UPI412345678901",
      idem_key: `return:${returnId}`,
    });
    expect(Number(refund?.amount_paise)).toBe(amountPaise);
    expect(Number((await orderRow(orderId)).refunded_paise)).toBe(amountPaise);
    const kinds = await getDb().selectFrom("audit_entry").select("kind").where("object_id", "=", orderId).orderBy("at").execute();
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(["return.receive", "return.approve"]));

    // The store's credit note: the next in its series, for 2 of the 3 bottles, referring to the store's invoice.
    const notes = await creditNotesOf(orderId);
    expect(notes).toHaveLength(before.length + 1);
    const note = notes.at(-1);
    const invoice = await getDb()
      .selectFrom("tax_document")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("seller", "=", "store")
      .where("kind", "=", "invoice")
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ seller: "store", refers_to: invoice.id });
    expect(Number(note?.total_paise)).toBe(amountPaise);
    expect(note?.doc.totals.total).toBe(amountPaise);
    expect(note?.doc.lines).toEqual([expect.objectContaining({ description: "Neem oil", quantity: 2, rate: 5, total: amountPaise })]);
    expect(note?.doc.refersTo?.number).toBe(invoice.number);
    const last = await getDb()
      .selectFrom("document_counter")
      .select("last")
      .where("series", "=", "store:credit_note")
      .where("financial_year", "=", note?.financial_year ?? "")
      .executeTakeFirstOrThrow();
    expect(Number(note?.sequence)).toBe(Number(last.last));
    expect(note?.number).toBe(`ANGC/${note?.financial_year}/${String(note?.sequence).padStart(5, "0")}`);

    const approved = (await eventsOf(orderId)).at(-1);
    expect(approved?.note).toBe(
      `Return approved: 2 × Neem oil, ₹${(amountPaise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })} refunded (reference UPI412345678901); credit note ${note?.number}`,
    );
    const [email] = await queuedEmails(`return-decided:${returnId}`);
    expect(email?.email.text).toContain("has been refunded to you by UPI or bank transfer (reference UPI412345678901)");
    expect((await getOrderAftercare(orderId, customer.id))?.refunds).toEqual([
      expect.objectContaining({ amountPaise, done: true, kind: "payout", reason: "return" }),
    ]);
  });

  it("two approvals at once: one refund, one credit note, one answer 'already decided'", async () => {
    const { customer, admin, vendor, orderId, sprayerLine } = await deliveredCodOrder();
    const { returnId } = await requestReturn(
      customer,
      orderId,
      returnInput({ lineId: sprayerLine.id, quantity: 1, reason: "Pump does not prime" }),
    );
    const before = (await creditNotesOf(orderId)).length;
    // The vendor records their goods back, but a cash-on-delivery refund is the store's to send.
    await receiveReturn({ returnId, decider: { role: "vendor", id: vendor.id }, restock: 0 });
    expect(
      await refused(approveReturn({ returnId, decider: { role: "vendor", id: vendor.id }, payoutReference: "UTR444555666777" })),
    ).toMatchObject({ status: 403 });
    const results = await Promise.allSettled([
      approveReturn({ returnId, decider: { role: "admin", id: admin.id }, payoutReference: "UTR000111222333" }),
      approveReturn({ returnId, decider: { role: "admin", id: admin.id }, payoutReference: "UTR444555666777" }),
      approveReturn({ returnId, decider: { role: "admin", id: admin.id }, payoutReference: "UTR888999000111" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409, message: RETURN_ALREADY_DECIDED });
    expect(await refundsOf(orderId)).toHaveLength(1);
    const notes = await creditNotesOf(orderId);
    expect(notes).toHaveLength(before + 1);
    // A vendor's line is credited in the vendor's own series.
    expect(notes.at(-1)).toMatchObject({ seller: vendor.id });
    expect(notes.at(-1)?.number).toMatch(/^SAHC\/\d\d-\d\d\/00001$/);
  });

  it("paid online: refunded through the gateway after the commit, without a payout reference", async () => {
    await saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, taxMode: "by_rate" });
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const product = await createProduct({ name: "Garden trowel", pricePaise: 35_000, stock: 10, hsnCode: "82011000", gstRate: 18 });
    const orderId = await paidUpiOrder(gateway, customer, [{ productId: product.id, quantity: 2 }]);
    await advanceOrder(orderId, "delivered", admin.id);
    const [line] = await getDb().selectFrom("order_line").select("id").where("order_id", "=", orderId).execute();
    const { returnId, amountPaise } = await requestReturn(
      customer,
      orderId,
      returnInput({
        lineId: line?.id ?? "",
        quantity: 1,
        reason: "Handle cracked",
      }),
    );
    expect(amountPaise).toBe(35_000 + 6_300);
    await receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 1 });
    expect(await approveReturn({ returnId, decider: { role: "admin", id: admin.id } })).toMatchObject({
      refundKind: "gateway",
      refundPaise: 41_300,
    });
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ kind: "gateway", status: "processed", idem_key: `return:${returnId}` });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "partly_refunded", refunded_paise: 41_300 });
    const [email] = await queuedEmails(`return-decided:${returnId}`);
    expect(email?.email.text).toContain("Its price with GST, ₹413.00, is being refunded to your original payment method");
  });

  it("the admin's list pages the requests waiting for a decision", async () => {
    const { customer, orderId, neemLine } = await deliveredCodOrder();
    const { returnId } = await requestReturn(customer, orderId, returnInput({ lineId: neemLine.id, quantity: 1, reason: "Leaking" }));
    const page = await listReturnsForAdmin({ status: "requested" }, { cursor: null, direction: "next" });
    expect(page.rows.map((r) => r.id)).toContain(returnId);
    expect(page.rows.find((r) => r.id === returnId)).toMatchObject({ needsPayout: true, sellerName: null, name: "Neem oil" });
    expect(page.total).toBe(page.rows.length);
    const approved = await listReturnsForAdmin({ status: "approved" }, { cursor: null, direction: "next" });
    expect(approved.rows.map((r) => r.id)).not.toContain(returnId);
  });
});
