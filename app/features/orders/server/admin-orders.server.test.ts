import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { changeOrderStatus, getOrderForAdmin, StatusRefused } from "./admin-orders.server";
import { getCustomerOrder } from "./get-customer-order.server";
import { placeOrder } from "./place-order.server";
import { shipOrder } from "./ship-order.server";
import { getDashboard } from "../../dashboard/server/get-dashboard.server";

const stockOf = async (id: string) =>
  Number((await getDb().selectFrom("product").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);

describe("order status changes", () => {
  it("moves pending → confirmed → shipped → delivered, recorded in the history the customer sees", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const product = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    for (const status of ["confirmed", "shipped", "delivered"] as const) {
      // Shipping records the courier and tracking (ship-order.server.ts).
      if (status === "shipped") await shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890" });
      else await changeOrderStatus(orderId, status, admin.id);
      expect((await getCustomerOrder(orderId, customer.id))?.status).toBe(status);
    }
    const detail = await getOrderForAdmin(orderId);
    expect(detail?.events.map((e) => e.status)).toEqual(["pending", "confirmed", "shipped", "delivered"]);
    expect(detail?.next).toEqual([]);
  });

  it("refuses a jump and anything after delivery", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    await expect(changeOrderStatus(orderId, "delivered", customer.id)).rejects.toThrow(
      "An order that is pending cannot be marked delivered.",
    );
    await expect(changeOrderStatus(orderId, "pending", customer.id)).rejects.toBeInstanceOf(StatusRefused);
    await expect(changeOrderStatus("nosuchorder123", "confirmed", customer.id)).rejects.toBeInstanceOf(StatusRefused);
  });

  it("cancelling restores stock, once, and an order cancelled unpaid never counts as sales", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5, pricePaise: 100_000 });
    const before = (await getDashboard()).sales;
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 3 }]));
    expect(await stockOf(product.id)).toBe(2);
    // Nothing is received yet (issue 15: the figure counts money received).
    expect((await getDashboard()).sales).toBe(before);
    await changeOrderStatus(orderId, "cancelled", customer.id);
    expect(await stockOf(product.id)).toBe(5);
    await expect(changeOrderStatus(orderId, "cancelled", customer.id)).rejects.toBeInstanceOf(StatusRefused);
    expect(await stockOf(product.id)).toBe(5);
    expect((await getDashboard()).sales).toBe(before);
  });
});
