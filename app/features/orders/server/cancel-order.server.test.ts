import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, queuedEmails } from "../../../../tests/factories";
import { advanceOrder, eventsOf, orderRow, paidUpiOrder, refundsOf, stockOf, withFakeGateway } from "../../../../tests/paid-orders";
import { getDb } from "~/platform/db/db.server";
import { changeOrderStatus, StatusRefused } from "./admin-orders.server";
import { CancelRefused, cancelOrder } from "./cancel-order.server";
import { placeOrder } from "./place-order.server";

const CANCEL_AFTER_SHIPPING =
  "This order has shipped, so it can no longer be cancelled. Once it is delivered, you can return items within 7 days.";
const CANCEL_PAID_OFFLINE =
  "This order has been paid by bank transfer. Please contact us to cancel it, so that we can send the refund to your bank account.";
const ORDER_ALREADY_CANCELLED = "This order is already cancelled.";
const PAYOUT_REFERENCE_REQUIRED =
  "This order was not paid online: send the refund by UPI or bank transfer first, then enter its reference (6–40 characters).";

const gateway = withFakeGateway();

async function codOrder(quantity = 2) {
  const customer = await createCustomer();
  const admin = await createCustomer({ role: "admin" });
  const product = await createProduct({ stock: 10, pricePaise: 45_000 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity }], { paymentMethod: "cod" }));
  return { customer, admin, product, orderId };
}

const creditNotes = async (orderId: string) =>
  (await getDb().selectFrom("tax_document").select("id").where("order_id", "=", orderId).where("kind", "=", "credit_note").execute())
    .length;

describe("a customer cancels their own order", () => {
  it("while it is pending: stock back, the event says who, the email says cancelled, nothing to refund", async () => {
    const { customer, product, orderId } = await codOrder();
    expect(await stockOf(product.id)).toBe(8);
    expect(await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } })).toEqual({ refundPaise: 0, refundKind: null });
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "cod" });
    expect(await stockOf(product.id)).toBe(10);
    const last = (await eventsOf(orderId)).at(-1);
    expect(last).toMatchObject({ status: "cancelled", note: "Cancelled by the customer", actor_id: customer.id });
    const [email] = await queuedEmails(`order-status:${orderId}:cancelled`);
    expect(email?.email.subject).toContain("is cancelled");
    expect(email?.email.text).toContain("has been cancelled, as you asked");
    expect(email?.email.text).toContain("nothing to refund");
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it("once confirmed too (its invoice gets a credit note), but not once shipped: 409 and nothing changes", async () => {
    const a = await codOrder();
    await advanceOrder(a.orderId, "confirmed", a.admin.id);
    await cancelOrder({ orderId: a.orderId, actor: { role: "customer", id: a.customer.id } });
    expect(await creditNotes(a.orderId)).toBe(1);

    const b = await codOrder();
    await advanceOrder(b.orderId, "shipped", b.admin.id);
    const events = (await eventsOf(b.orderId)).length;
    const refused = await cancelOrder({ orderId: b.orderId, actor: { role: "customer", id: b.customer.id } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CancelRefused);
    expect(refused).toMatchObject({ status: 409, message: CANCEL_AFTER_SHIPPING });
    expect(await orderRow(b.orderId)).toMatchObject({ status: "shipped" });
    expect(await stockOf(b.product.id)).toBe(8);
    expect((await eventsOf(b.orderId)).length).toBe(events);
  });

  it("another customer's order reads as not found; a second cancel is refused", async () => {
    const { customer, orderId } = await codOrder();
    const stranger = await createCustomer();
    await expect(cancelOrder({ orderId, actor: { role: "customer", id: stranger.id } })).rejects.toMatchObject({ status: 404 });
    await expect(cancelOrder({ orderId: "not-an-id!", actor: { role: "customer", id: customer.id } })).rejects.toMatchObject({
      status: 404,
    });
    await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
    await expect(cancelOrder({ orderId, actor: { role: "customer", id: customer.id } })).rejects.toMatchObject({
      status: 409,
      message: ORDER_ALREADY_CANCELLED,
    });
  });
});

describe("an admin cancels", () => {
  it("a shipped order (through the status form's path), but not a delivered one", async () => {
    const a = await codOrder();
    await advanceOrder(a.orderId, "shipped", a.admin.id);
    await changeOrderStatus(a.orderId, "cancelled", a.admin.id, "Courier lost the parcel");
    expect(await orderRow(a.orderId)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(a.product.id)).toBe(10);
    expect((await eventsOf(a.orderId)).at(-1)?.note).toBe("Cancelled by Angle. Courier lost the parcel");
    const [email] = await queuedEmails(`order-status:${a.orderId}:cancelled`);
    expect(email?.email.text).toContain("we have cancelled your order");

    const b = await codOrder();
    await advanceOrder(b.orderId, "delivered", b.admin.id);
    await expect(changeOrderStatus(b.orderId, "cancelled", b.admin.id)).rejects.toThrow(
      new StatusRefused("An order that is delivered cannot be marked cancelled."),
    );
    expect(await orderRow(b.orderId)).toMatchObject({ status: "delivered" });
  });

  it("a paid bank-transfer order only with the payout's reference, which is recorded; its customer is asked to contact us", async () => {
    const { customer, admin, orderId } = await codOrder();
    const total = Number((await orderRow(orderId)).total_paise);
    // As an admin records a bank transfer received.
    await getDb()
      .updateTable("orders")
      .set({ payment_method: "bank_transfer", payment_status: "paid", paid_paise: total })
      .where("id", "=", orderId)
      .execute();
    await expect(cancelOrder({ orderId, actor: { role: "customer", id: customer.id } })).rejects.toMatchObject({
      status: 409,
      message: CANCEL_PAID_OFFLINE,
    });
    await expect(cancelOrder({ orderId, actor: { role: "admin", id: admin.id } })).rejects.toMatchObject({
      status: 400,
      field: "payoutReference",
      message: PAYOUT_REFERENCE_REQUIRED,
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending" });
    expect(await cancelOrder({ orderId, actor: { role: "admin", id: admin.id }, payoutReference: "UTR998877665544" })).toEqual({
      refundPaise: total,
      refundKind: "payout",
    });
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({
      kind: "payout",
      status: "processed",
      payout_reference: "UTR998877665544",
      idem_key: `cancel:${orderId}`,
    });
    expect(Number(refund?.amount_paise)).toBe(total);
    expect(Number((await orderRow(orderId)).refunded_paise)).toBe(total);
  });
});

describe("payments", () => {
  it("an unpaid prepaid order is voided, with nothing to refund", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "upi" }));
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "awaiting_payment" });
    await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "voided" });
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("a paid order is refunded in full to the original method, sent to the gateway after the commit", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5, pricePaise: 45_000 });
    const orderId = await paidUpiOrder(gateway, customer, [{ productId: product.id, quantity: 2 }]);
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const outcome = await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
    expect(outcome).toEqual({ refundPaise: Number(paid.total_paise), refundKind: "gateway" });
    const refunds = await refundsOf(orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ kind: "gateway", reason: "cancelled", status: "processed", idem_key: `cancel:${orderId}` });
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "refunded", refunded_paise: paid.total_paise });
    expect(await creditNotes(orderId)).toBe(1);
    const [email] = await queuedEmails(`order-status:${orderId}:cancelled`);
    expect(email?.email.text).toMatch(/The full amount you paid, ₹[\d,.]+, is being refunded to your original payment method/);
    expect((await eventsOf(orderId)).at(-1)?.note).toMatch(
      /^Cancelled by the customer\. ₹[\d,.]+ being refunded to the original payment method$/,
    );
  });

  it("two cancels at once of a paid order: one wins, one refund, stock back once", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const product = await createProduct({ stock: 6, pricePaise: 30_000 });
    const orderId = await paidUpiOrder(gateway, customer, [{ productId: product.id, quantity: 3 }]);
    const results = await Promise.allSettled([
      cancelOrder({ orderId, actor: { role: "customer", id: customer.id } }),
      cancelOrder({ orderId, actor: { role: "admin", id: admin.id } }),
      cancelOrder({ orderId, actor: { role: "customer", id: customer.id } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(6);
    expect((await eventsOf(orderId)).filter((e) => e.status === "cancelled")).toHaveLength(1);
    expect(await creditNotes(orderId)).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
  });
});
