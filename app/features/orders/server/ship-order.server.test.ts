import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, createVendor, queuedEmails } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import type { PaymentStatus } from "~/features/payments/domain/payments";
import { changeOrderStatus, getOrderForAdmin, SHIP_WITH_TRACKING, StatusRefused, UNPAID_REFUSAL } from "./admin-orders.server";
import { placeOrder } from "./place-order.server";
import { ShipmentRefused, shipOrder } from "./ship-order.server";
import { getOrderProgress } from "./order-progress.server";
import { formatOrderId } from "~/platform/core/order-id";

const TRACKING_LINK = "https://www.delhivery.com/track/package/1234567890";

/** A confirmed order of one store product and one product each of two vendors. */
async function mixedOrder(options: { confirm?: boolean } = {}) {
  const [vendorA, vendorB] = [
    await createVendor({ businessName: "Sahyadri Sprayers" }),
    await createVendor({ businessName: "Konkan Tools" }),
  ];
  const seeds = await createProduct({ name: "Tomato Seeds", category: "seeds", pricePaise: 54_900 });
  const sprayer = await createProduct({ name: "Knapsack Sprayer", category: "equipment", pricePaise: 450_000, vendorId: vendorA.id });
  const sickle = await createProduct({ name: "Sickle", pricePaise: 30_000, vendorId: vendorB.id });
  const customer = await createCustomer({ name: "Meera Das" });
  const admin = await createCustomer({ role: "admin" });
  const { orderId } = await placeOrder(
    customer,
    checkoutInput([
      { productId: seeds.id, quantity: 2 },
      { productId: sprayer.id, quantity: 1 },
      { productId: sickle.id, quantity: 3 },
    ]),
  );
  if (options.confirm !== false) await changeOrderStatus(orderId, "confirmed", admin.id);
  return { orderId, vendorA, vendorB, customer, admin };
}

const linesOf = (orderId: string) =>
  getDb().selectFrom("order_line").select(["name", "vendor_id", "shipment_id"]).where("order_id", "=", orderId).orderBy("name").execute();
const shipmentsOf = (orderId: string) => getDb().selectFrom("shipment").selectAll().where("order_id", "=", orderId).execute();
const orderRow = (orderId: string) => getDb().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
const setPaymentStatus = (orderId: string, status: PaymentStatus) =>
  getDb().updateTable("orders").set({ payment_status: status }).where("id", "=", orderId).execute();

async function refusal(promise: Promise<unknown>): Promise<ShipmentRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShipmentRefused);
  return error as ShipmentRefused;
}

describe("shipping an order", () => {
  it("each seller ships their own lines; the last parcel moves the order to shipped, with a history note and the customer's email", async () => {
    const { orderId, vendorA, vendorB, customer, admin } = await mixedOrder();

    const store = await shipOrder(
      { role: "admin", id: admin.id },
      { orderId, courier: "Delhivery", tracking: TRACKING_LINK, seller: "store" },
    );
    expect(store.orderShipped).toBe(false);
    expect((await linesOf(orderId)).map((l) => [l.name, l.shipment_id === null])).toEqual([
      ["Knapsack Sprayer", true],
      ["Sickle", true],
      ["Tomato Seeds", false],
    ]);
    expect((await orderRow(orderId)).status).toBe("confirmed");
    // The customer hears about the first parcel: two items still to come.
    const [partial] = await queuedEmails(`order-shipment:${store.shipmentIds[0]}`);
    expect(partial?.recipient).toBe(customer.email);
    expect(partial?.email.text).toContain("Shipped by Delhivery");
    expect(partial?.email.text).toContain(`Tracking: ${TRACKING_LINK}`);
    expect(partial?.email.text).toContain("Tomato Seeds × 2");
    expect(partial?.email.text).toContain("the other 4 items follow separately");

    await shipOrder({ role: "vendor", id: vendorA.id }, { orderId, courier: "Blue Dart", tracking: "BD-99812" });
    expect((await orderRow(orderId)).status).toBe("confirmed");
    await shipOrder({ role: "vendor", id: vendorB.id }, { orderId, courier: "India Post", tracking: "EE123456789IN" });

    const order = await orderRow(orderId);
    expect(order.status).toBe("shipped");
    const shipments = await shipmentsOf(orderId);
    expect(shipments.map((s) => [s.vendor_id, s.courier, s.tracking]).sort()).toEqual(
      [
        [null, "Delhivery", TRACKING_LINK],
        [vendorA.id, "Blue Dart", "BD-99812"],
        [vendorB.id, "India Post", "EE123456789IN"],
      ].sort(),
    );
    expect((await linesOf(orderId)).every((l) => l.shipment_id !== null)).toBe(true);
    const detail = await getOrderForAdmin(orderId);
    const last = detail?.events.at(-1);
    expect([last?.status, last?.note]).toEqual(["shipped", "Shipped by India Post, tracking EE123456789IN"]);
    expect(detail?.sellersToShip).toEqual([]);
    expect(detail?.shipments.map((s) => s.sellerName).sort()).toEqual(["Konkan Tools", "Sahyadri Sprayers", "The store"]);

    const [shipped, ...more] = await queuedEmails(`order-status:${orderId}:shipped`);
    expect(more).toEqual([]);
    expect(shipped?.email.subject).toBe(`Your Angle order #${formatOrderId(orderId)} is shipped`);
    for (const text of [
      "Shipped by Delhivery",
      TRACKING_LINK,
      "Shipped by Blue Dart",
      "BD-99812",
      "Shipped by India Post",
      "EE123456789IN",
    ]) {
      expect(shipped?.email.text).toContain(text);
    }
    expect(shipped?.email.html).toContain(TRACKING_LINK);

    // The customer's page reads the parcels and the shipped date from the history.
    const progress = await getOrderProgress(customer.id, orderId);
    expect(progress?.shipments).toHaveLength(3);
    expect(progress?.events.map((e) => e.status)).toEqual(["pending", "confirmed", "shipped"]);
    expect(await getOrderProgress(admin.id, orderId)).toBeNull();
  });

  it("an admin may ship every remaining line at once: one parcel per seller, the order shipped", async () => {
    const { orderId, admin } = await mixedOrder();
    const result = await shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890" });
    expect(result).toMatchObject({ orderShipped: true });
    expect(result.shipmentIds).toHaveLength(3);
    expect((await orderRow(orderId)).status).toBe("shipped");
    const again = await refusal(shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890" }));
    expect(again.message).toBe("An order that is shipped cannot be shipped.");
  });

  it("a vendor can never ship another vendor's lines: refused, and nothing is written", async () => {
    const { orderId, vendorA, admin, customer } = await mixedOrder();
    const outsider = await createVendor({ businessName: "Other Seeds" });
    const before = await orderRow(orderId);
    const notTheirs = await refusal(
      shipOrder({ role: "vendor", id: outsider.id }, { orderId, courier: "Delhivery", tracking: "1234567890" }),
    );
    expect([notTheirs.status, notTheirs.message]).toEqual([404, "That order no longer exists."]);
    expect(await shipmentsOf(orderId)).toEqual([]);
    expect((await linesOf(orderId)).every((l) => l.shipment_id === null)).toBe(true);
    expect(await orderRow(orderId)).toEqual(before);
    expect((await queuedEmails("order-shipment:")).filter((e) => e.recipient === customer.email)).toEqual([]);
    // A vendor's form cannot pick a seller: the seller field is ignored, their own lines are all they ship.
    await shipOrder({ role: "vendor", id: vendorA.id }, { orderId, courier: "Blue Dart", tracking: "BD-100", seller: "store" });
    const lines = await linesOf(orderId);
    expect(lines.filter((l) => l.shipment_id !== null).map((l) => l.vendor_id)).toEqual([vendorA.id]);
    const shipments = await shipmentsOf(orderId);
    expect(shipments.map((s) => s.vendor_id)).toEqual([vendorA.id]);
    expect((await orderRow(orderId)).status).toBe("confirmed");
    // Their lines are shipped: a second parcel is refused.
    const twice = await refusal(shipOrder({ role: "vendor", id: vendorA.id }, { orderId, courier: "Blue Dart", tracking: "BD-101" }));
    expect(twice.message).toBe("Your items in this order have already been shipped.");
    // The admin finishes the rest.
    await shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "DL-7" });
    expect((await orderRow(orderId)).status).toBe("shipped");
  });

  it("only a confirmed order ships, and an unpaid card or UPI order can neither be confirmed nor shipped", async () => {
    const { orderId, admin } = await mixedOrder({ confirm: false });
    const pending = await refusal(shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890" }));
    expect(pending.message).toBe("Confirm the order before shipping it.");

    await setPaymentStatus(orderId, "awaiting_payment");
    await expect(changeOrderStatus(orderId, "confirmed", admin.id)).rejects.toThrow(UNPAID_REFUSAL);
    await getDb().updateTable("orders").set({ status: "confirmed" }).where("id", "=", orderId).execute();
    for (const status of ["awaiting_payment", "failed"] as const) {
      await setPaymentStatus(orderId, status);
      const unpaid = await refusal(shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890" }));
      expect(unpaid.message).toBe(UNPAID_REFUSAL);
    }
    expect(await shipmentsOf(orderId)).toEqual([]);
    expect((await linesOf(orderId)).every((l) => l.shipment_id === null)).toBe(true);
    // Cancelling an unpaid order stays possible.
    await changeOrderStatus(orderId, "cancelled", admin.id);
    const cancelled = await refusal(shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890" }));
    expect(cancelled.message).toBe("An order that is cancelled cannot be shipped.");
  });

  it("the admin's plain status change to shipped asks for the courier and tracking", async () => {
    const { orderId, admin } = await mixedOrder();
    await expect(changeOrderStatus(orderId, "shipped", admin.id)).rejects.toThrow(SHIP_WITH_TRACKING);
    await expect(changeOrderStatus(orderId, "shipped", admin.id)).rejects.toBeInstanceOf(StatusRefused);
    expect((await orderRow(orderId)).status).toBe("confirmed");
  });

  it("refuses a bad courier or tracking value with a 400 and writes nothing", async () => {
    const { orderId, admin } = await mixedOrder();
    const cases: [string, string, string][] = [
      ["D", "1234567890", "Enter the courier's name (2 to 80 characters)."],
      ["Delhivery", "12", "Enter the tracking number or link (3 to 300 characters)."],
      ["Delhivery", "http://track.example.com/1", "A tracking link must be a full https:// address."],
      ["Delhivery", "https://", "A tracking link must be a full https:// address."],
      ["Delhivery", `https://t.example.com/${"x".repeat(300)}`, "The tracking number or link is too long (300 characters at most)."],
    ];
    for (const [courier, tracking, message] of cases) {
      const bad = await refusal(shipOrder({ role: "admin", id: admin.id }, { orderId, courier, tracking }));
      expect([bad.status, bad.message]).toEqual([400, message]);
    }
    const unknownSeller = await refusal(
      shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "1234567890", seller: "nosuchvendor1" }),
    );
    expect(unknownSeller.message).toBe("Those items have already been shipped, or are not in this order.");
    expect(await shipmentsOf(orderId)).toEqual([]);
    const missing = await refusal(
      shipOrder({ role: "admin", id: admin.id }, { orderId: "nosuchorder12", courier: "Delhivery", tracking: "123" }),
    );
    expect(missing.status).toBe(404);
  });
});
