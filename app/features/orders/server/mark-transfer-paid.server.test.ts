import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, queuedEmails } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import type { PaymentStatus } from "~/features/payments/domain/payments";
import { changeOrderStatus, getOrderForAdmin } from "./admin-orders.server";
import { markTransferPaid, TransferRefused } from "./mark-transfer-paid.server";
import { placeOrder } from "./place-order.server";
import { getOrderProgress, listOrderProgress } from "./order-progress.server";
import { savePaymentMethod } from "../../settings/server/payment-settings.server";
import { formatOrderId } from "~/platform/core/order-id";

async function transferOrder(paymentStatus: PaymentStatus = "bank_transfer_pending") {
  const customer = await createCustomer({ name: "Ravi Kumar" });
  const admin = await createCustomer({ role: "admin" });
  const product = await createProduct({ pricePaise: 120_000, stock: 5 });
  const { orderId } = await placeOrder(
    customer,
    checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "bank_transfer" }),
  );
  await getDb().updateTable("orders").set({ payment_status: paymentStatus }).where("id", "=", orderId).execute();
  return { orderId, customer, admin };
}

const orderRow = (orderId: string) => getDb().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
const invoicesOf = (orderId: string) =>
  getDb().selectFrom("tax_document").select(["kind", "seller"]).where("order_id", "=", orderId).where("kind", "=", "invoice").execute();

async function refusal(promise: Promise<unknown>): Promise<TransferRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransferRefused);
  return error as TransferRefused;
}

describe("the store's bank details while a transfer is awaited", () => {
  it("the customer's order page and My Orders get them until the transfer is recorded; never for another order or customer", async () => {
    await savePaymentMethod("bankTransfer", {
      enabled: "on",
      instructions: "Pay within 3 days.",
      instructionsHi: "3 दिन के अंदर भुगतान करें।",
      accountName: "Angle Agri Stores",
      accountNumber: "1234567890",
      bankName: "SBI",
      ifscCode: "SBIN0001234",
    });
    const { orderId, customer, admin } = await transferOrder();
    const waiting = await getOrderProgress(customer.id, orderId);
    expect(waiting?.bankTransfer).toEqual({
      instructions: "Pay within 3 days.",
      instructionsHi: "3 दिन के अंदर भुगतान करें।",
      accountName: "Angle Agri Stores",
      accountNumber: "1234567890",
      bankName: "SBI",
      ifscCode: "SBIN0001234",
    });
    expect(await getOrderProgress(admin.id, orderId)).toBeNull();
    // Still shown if checkout stops offering bank transfers meanwhile: this order needs them.
    await savePaymentMethod("bankTransfer", {
      enabled: "",
      instructions: "",
      accountName: "Angle Agri Stores",
      accountNumber: "1234567890",
      bankName: "SBI",
      ifscCode: "SBIN0001234",
    });
    expect((await listOrderProgress(customer.id, [orderId]))[orderId]?.bankTransfer?.accountNumber).toBe("1234567890");
    await markTransferPaid({ orderId, reference: "UTR0001112224", actorId: admin.id });
    expect((await getOrderProgress(customer.id, orderId))?.bankTransfer).toBeNull();
    const cod = await transferOrder("cod");
    expect((await getOrderProgress(cod.customer.id, cod.orderId))?.bankTransfer).toBeNull();
  });
});

describe("marking a bank transfer paid", () => {
  it("pays the order in full, confirms it with its tax invoice, records it and emails the customer; a second time is refused", async () => {
    const { orderId, customer, admin } = await transferOrder();
    expect(await invoicesOf(orderId)).toEqual([]);
    const before = await orderRow(orderId);

    expect(await markTransferPaid({ orderId, reference: "SBIN426123456789", actorId: admin.id })).toEqual({ confirmed: true });

    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "confirmed", payment_status: "paid", payment_reference: "SBIN426123456789" });
    expect(Number(order.paid_paise)).toBe(Number(before.total_paise));
    expect(order.paid_at).not.toBeNull();
    expect(await invoicesOf(orderId)).toEqual([{ kind: "invoice", seller: "store" }]);
    const events = (await getOrderForAdmin(orderId))?.events ?? [];
    expect(events.map((e) => [e.status, e.note])).toEqual([
      ["pending", "Order placed"],
      ["confirmed", "Bank transfer received, reference SBIN426123456789"],
    ]);
    const [receipt] = await queuedEmails(`payment-received:${orderId}`);
    expect(receipt?.recipient).toBe(customer.email);
    expect(receipt?.email.subject).toBe(`Payment received for your Angle order #${formatOrderId(orderId)}`);
    expect(receipt?.email.text).toContain("SBIN426123456789");
    expect(receipt?.email.text).toContain("Your order is now confirmed");
    expect(await queuedEmails(`order-status:${orderId}:confirmed`)).toHaveLength(1);

    const twice = await refusal(markTransferPaid({ orderId, reference: "SBIN426123456780", actorId: admin.id }));
    expect([twice.status, twice.message]).toEqual([409, "This order is already marked paid."]);
    expect((await orderRow(orderId)).payment_reference).toBe("SBIN426123456789");
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it("a transfer arriving after the admin confirmed the order marks it paid and keeps its status", async () => {
    const { orderId, admin } = await transferOrder();
    await changeOrderStatus(orderId, "confirmed", admin.id);
    expect(await markTransferPaid({ orderId, reference: "UTR0001112223", actorId: admin.id })).toEqual({ confirmed: false });
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    expect(await invoicesOf(orderId)).toHaveLength(1);
    const events = (await getOrderForAdmin(orderId))?.events ?? [];
    expect(events.at(-1)).toMatchObject({ status: "confirmed", note: "Bank transfer received, reference UTR0001112223" });
  });

  it("refuses other payment statuses, a cancelled order and a malformed reference, writing nothing", async () => {
    for (const status of ["cod", "awaiting_payment", "failed", "refunded", "voided"] as const) {
      const { orderId, admin } = await transferOrder(status);
      const refused = await refusal(markTransferPaid({ orderId, reference: "UTR0001112223", actorId: admin.id }));
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(/^Only an order waiting for a bank transfer can be marked paid; this one is "/);
      expect(await orderRow(orderId)).toMatchObject({ payment_status: status, status: "pending", paid_paise: 0, payment_reference: null });
    }
    const { orderId, admin } = await transferOrder();
    for (const reference of ["", "12345", "UTR 0001112223", "UTR-0001112223", "x".repeat(41)]) {
      const bad = await refusal(markTransferPaid({ orderId, reference, actorId: admin.id }));
      expect(bad.status).toBe(400);
    }
    await changeOrderStatus(orderId, "cancelled", admin.id);
    const cancelled = await refusal(markTransferPaid({ orderId, reference: "UTR0001112223", actorId: admin.id }));
    expect(cancelled.message).toContain("cancelled");
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "bank_transfer_pending", paid_paise: 0 });
    expect(await queuedEmails(`payment-received:${orderId}`)).toEqual([]);
    expect((await refusal(markTransferPaid({ orderId: "nosuchorder12", reference: "UTR0001112223", actorId: admin.id }))).status).toBe(404);
  });
});
