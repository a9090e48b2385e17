import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, createVendor } from "../../../../tests/factories";
import { advanceOrder, eventsOf, refundsOf } from "../../../../tests/paid-orders";
import { getDb } from "~/platform/db/db.server";
import { placeholderEmail } from "~/features/accounts/domain/mobile";
import { withLocale } from "~/platform/i18n/i18n.server";
import type { ReturnRequestInput } from "~/features/orders/domain/return-forms";
import { placeOrder } from "./place-order.server";
import { approveReturn, receiveReturn, rejectReturn } from "./decide-return.server";
import { listOrderReturns, listReturnsForAdmin, listReturnsOfOrders } from "./list-returns.server";
import { getAdminOrderAftercare, getOrderAftercare } from "./order-aftercare.server";
import { getReturnForm, requestReturn, type ReturnRefused } from "./request-return.server";

const UPI = { to: "upi", upiId: "ramesh.k@okicici" } as const;
const BANK = { to: "bank", accountNumber: "123456789012", ifsc: "SBIN0001234", holder: "Ramesh Kumar" } as const;

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ReturnRefused,
  );

/** A delivered cash-on-delivery order of 3 of a vendor's product (stock 10), placed in `locale`. */
async function deliveredCod(options: { locale?: "en" | "hi"; mobile?: string } = {}) {
  const customer = options.mobile
    ? await createCustomer({ email: placeholderEmail(options.mobile), name: "Ramesh" })
    : await createCustomer({ name: "Ramesh" });
  if (options.mobile) {
    await getDb()
      .updateTable("user")
      .set({ phoneNumber: options.mobile, phoneNumberVerified: true })
      .where("id", "=", customer.id)
      .execute();
  }
  const admin = await createCustomer({ role: "admin" });
  const vendor = await createVendor();
  const product = await createProduct({ name: "Brass sprayer", category: "equipment", stock: 10, vendorId: vendor.id });
  const { orderId } = await withLocale(options.locale ?? "en", () =>
    placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 3 }], { paymentMethod: "cod" })),
  );
  await advanceOrder(orderId, "delivered", admin.id);
  const line = await getDb().selectFrom("order_line").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
  const stockOf = async () =>
    Number(
      (await getDb().selectFrom("product_variant").select("stock").where("product_id", "=", product.id).executeTakeFirstOrThrow()).stock,
    );
  return { customer, admin, vendor, product, orderId, line, stockOf };
}

const ask = (lineId: string, payout: ReturnRequestInput["payout"], quantity = 2): ReturnRequestInput => ({
  lineId,
  quantity,
  reasonCode: "damaged",
  reason: "The pump leaks at the nozzle.",
  payout,
});

/** Every text the database holds about an order's return outside return_request itself. */
async function textsElsewhere(orderId: string) {
  const events = (await eventsOf(orderId)).map((e) => e.note ?? "");
  const outbox = await getDb().selectFrom("outbox").select(["payload", "recipient"]).execute();
  return [...events, ...outbox.map((o) => `${o.recipient} ${o.payload}`)].join("\n");
}

describe("a cash-on-delivery return says where its refund goes", () => {
  it("is refused without a UPI ID or bank account, and nothing is written", async () => {
    const { customer, orderId, line } = await deliveredCod();
    expect((await getReturnForm(customer.id, orderId))?.needsPayout).toBe(true);
    expect(await refused(requestReturn(customer, orderId, ask(line.id, null)))).toMatchObject({
      status: 400,
      field: "refundTo",
      message: "This order was not paid online: choose where we send your refund, a UPI ID or a bank account.",
    });
    expect(await listOrderReturns(orderId)).toEqual([]);
  });

  it("a UPI ID: sealed at rest, masked for the customer and the vendor, in full for the admin, never in events or messages", async () => {
    const { customer, vendor, orderId, line } = await deliveredCod();
    const { returnId } = await requestReturn(customer, orderId, ask(line.id, UPI));
    const row = await getDb().selectFrom("return_request").selectAll().where("id", "=", returnId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payout_to: "upi", payout_hint: "UPI ra••••@okicici", reason_code: "damaged" });
    expect(row.payout_details).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain("ramesh.k");

    const mine = (await getOrderAftercare(orderId, customer.id))?.returns[0];
    expect(mine).toMatchObject({ payoutHint: "UPI ra••••@okicici", stage: "requested", reasonCode: "damaged" });
    expect(JSON.stringify(mine)).not.toContain("ramesh.k");
    const vendors = (await listReturnsOfOrders([orderId], { vendorId: vendor.id })).get(orderId);
    expect(JSON.stringify(vendors)).not.toContain("ramesh.k");
    expect((await getAdminOrderAftercare(orderId))?.returns[0]?.payoutDetails).toEqual(UPI);
    const listed = (await listReturnsForAdmin({ status: "requested" }, { cursor: null, direction: "next" })).rows.find(
      (r) => r.id === returnId,
    );
    expect(listed?.payoutDetails).toEqual(UPI);
    expect(await textsElsewhere(orderId)).not.toContain("ramesh.k");
  });

  it("a bank account: account number, IFSC and holder sealed; only the last 4 digits shown to others", async () => {
    const { customer, vendor, orderId, line } = await deliveredCod();
    await requestReturn(customer, orderId, ask(line.id, BANK));
    const [forVendor] = (await listReturnsOfOrders([orderId], { vendorId: vendor.id })).get(orderId) ?? [];
    expect(forVendor?.payoutHint).toBe("A/c ••••9012 · SBIN0001234");
    expect(forVendor && "payoutDetails" in forVendor).toBe(false);
    expect(JSON.stringify(forVendor)).not.toContain("123456789012");
    expect((await getAdminOrderAftercare(orderId))?.returns[0]?.payoutDetails).toEqual(BANK);
    expect(await textsElsewhere(orderId)).not.toContain("123456789012");
  });

  it("an order paid online keeps no payout details, even if some are sent", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const product = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }));
    // A bank transfer or COD order needs a payout; mark this one as paid by card to stand for an online payment.
    await getDb().updateTable("orders").set({ payment_method: "card" }).where("id", "=", orderId).execute();
    await advanceOrder(orderId, "delivered", admin.id);
    const line = await getDb().selectFrom("order_line").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect((await getReturnForm(customer.id, orderId))?.needsPayout).toBe(false);
    const { returnId } = await requestReturn(customer, orderId, ask(line.id, UPI, 1));
    const row = await getDb().selectFrom("return_request").selectAll().where("id", "=", returnId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payout_to: null, payout_details: null, payout_hint: null });
  });
});

describe("the goods come back before the refund", () => {
  it("restocks only what can be sold again, once; a receipt by another vendor or above the returned count changes nothing", async () => {
    const { customer, admin, vendor, orderId, line, stockOf } = await deliveredCod();
    const { returnId } = await requestReturn(customer, orderId, ask(line.id, UPI, 2));
    const stock = await stockOf();
    expect(stock).toBe(7);
    const other = await createVendor();
    expect(await refused(receiveReturn({ returnId, decider: { role: "vendor", id: other.id }, restock: 1 }))).toMatchObject({
      status: 404,
    });
    expect(await refused(receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 3 }))).toMatchObject({
      status: 400,
      field: "restock",
      message: "Choose how many can be sold again: from 0 to the number returned.",
    });
    expect(await stockOf()).toBe(stock);
    expect((await listOrderReturns(orderId))[0]?.stage).toBe("requested");

    // One of the two came back opened: only the other goes back on sale.
    expect(await receiveReturn({ returnId, decider: { role: "vendor", id: vendor.id }, restock: 1 })).toEqual({ restocked: 1 });
    expect(await stockOf()).toBe(stock + 1);
    expect((await listOrderReturns(orderId))[0]).toMatchObject({ stage: "received", restockedQuantity: 1 });
    expect((await eventsOf(orderId)).at(-1)?.note).toBe("Return received: 2 × Brass sprayer, 1 back in stock");

    // Twice at once, or again: refused, the stock is counted once.
    const again = await Promise.allSettled([
      receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 2 }),
      receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 2 }),
    ]);
    expect(again.every((r) => r.status === "rejected")).toBe(true);
    expect(await stockOf()).toBe(stock + 1);
    // Received goods are refunded, not rejected.
    expect(await refused(rejectReturn({ returnId, decider: { role: "admin", id: admin.id }, note: "Too late" }))).toMatchObject({
      status: 409,
    });
  });
});

describe("the refund is recorded with its reference and the customer is told", () => {
  it("by email and SMS in the order's language (Hindi), with the UTR", async () => {
    const { customer, admin, orderId, line } = await deliveredCod({ locale: "hi", mobile: "+919812300077" });
    const { returnId, amountPaise } = await requestReturn(customer, orderId, ask(line.id, BANK, 1));
    await receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 1 });
    const outcome = await approveReturn({ returnId, decider: { role: "admin", id: admin.id }, payoutReference: "SBIN426123456789" });
    expect(outcome).toMatchObject({ refundKind: "payout", refundPaise: amountPaise });
    expect((await refundsOf(orderId))[0]).toMatchObject({ kind: "payout", payout_reference: "SBIN426123456789", status: "processed" });
    expect((await listOrderReturns(orderId))[0]).toMatchObject({ stage: "refunded", payoutReference: "SBIN426123456789" });

    const sms = await getDb()
      .selectFrom("outbox")
      .select(["recipient", "payload"])
      .where("dedupe_key", "=", `refund-sms:return:${returnId}`)
      .executeTakeFirstOrThrow();
    expect(sms.recipient).toBe("+919812300077");
    const text = (JSON.parse(sms.payload) as { text: string }).text;
    expect(text).toContain("SBIN426123456789");
    expect(text).toContain("का रिफ़ंड भेज दिया है");
    expect(text).toContain(`/hi/order-confirmation/${orderId}`);
    // The customer made from a mobile number has no email: the SMS is how they hear.
    expect(await textsElsewhere(orderId)).not.toContain("123456789012");
  });

  it("by email in English, with the reference", async () => {
    const { customer, admin, orderId, line } = await deliveredCod();
    const { returnId } = await requestReturn(customer, orderId, ask(line.id, UPI, 1));
    await receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 0 });
    await approveReturn({ returnId, decider: { role: "admin", id: admin.id }, payoutReference: "UPI412345678901" });
    const email = await getDb()
      .selectFrom("outbox")
      .select(["recipient", "payload"])
      .where("dedupe_key", "=", `return-decided:${returnId}`)
      .executeTakeFirstOrThrow();
    expect(email.recipient).toBe(customer.email);
    expect(email.payload).toContain("(reference UPI412345678901)");
  });
});
