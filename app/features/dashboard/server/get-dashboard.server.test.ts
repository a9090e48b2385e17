import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { PaymentStatus } from "~/features/payments/domain/payments";
import { markTransferPaid } from "../../orders/server/mark-transfer-paid.server";
import { placeOrder } from "../../orders/server/place-order.server";
import { getDashboard } from "./get-dashboard.server";

type Money = { status?: OrderStatus; payment: PaymentStatus; paid?: number | "total"; refunded?: number | "total" };

/** An order of ₹1,000 (+ shipping and GST), its money as payments or an admin would have written it. */
async function order(method: string, money: Money) {
  const customer = await createCustomer();
  const product = await createProduct({ pricePaise: 100_000, stock: 5 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: method }));
  const row = await getDb().selectFrom("orders").select("total_paise").where("id", "=", orderId).executeTakeFirstOrThrow();
  const total = Number(row.total_paise);
  const amount = (v: number | "total" | undefined) => (v === "total" ? total : (v ?? 0));
  await getDb()
    .updateTable("orders")
    .set({
      status: money.status ?? "pending",
      payment_status: money.payment,
      paid_paise: amount(money.paid),
      refunded_paise: amount(money.refunded),
    })
    .where("id", "=", orderId)
    .execute();
  return { orderId, total };
}

const sales = async () => (await getDashboard()).sales;

describe("the dashboard's sales figure counts money received", () => {
  it("leaves out unpaid, failed and cancelled-unpaid orders and COD not yet delivered", async () => {
    const before = await sales();
    await order("card", { payment: "awaiting_payment" });
    await order("upi", { payment: "failed" });
    await order("card", { payment: "voided", status: "cancelled" });
    await order("cod", { payment: "cod", status: "shipped" });
    await order("cod", { payment: "cod", status: "cancelled" });
    await order("bank_transfer", { payment: "bank_transfer_pending", status: "confirmed" });
    expect(await sales()).toBe(before);
  });

  it("counts paid online orders net of refunds, delivered cash on delivery and bank transfers marked paid", async () => {
    const admin = await createCustomer({ role: "admin" });
    const before = await sales();
    const paid = await order("card", { payment: "paid", status: "confirmed", paid: "total" });
    const partly = await order("upi", { payment: "partly_refunded", status: "delivered", paid: "total", refunded: 30_000 });
    // Paid, then cancelled and refunded in full: nothing was kept.
    await order("card", { payment: "refunded", status: "cancelled", paid: "total", refunded: "total" });
    const cod = await order("cod", { payment: "cod", status: "delivered" });
    // Cash collected at the door, then one item's money paid back.
    const codReturn = await order("cod", { payment: "refunded", status: "delivered", refunded: 20_000 });
    const transfer = await order("bank_transfer", { payment: "bank_transfer_pending" });
    expect(await sales()).toBe(before + paid.total + partly.total - 30_000 + cod.total + codReturn.total - 20_000);
    await markTransferPaid({ orderId: transfer.orderId, reference: "UTR1234567890", actorId: admin.id });
    expect(await sales()).toBe(before + paid.total + partly.total - 30_000 + cod.total + codReturn.total - 20_000 + transfer.total);
  });
});
