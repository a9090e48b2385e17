import { describe, expect, it } from "vitest";
import { renderEmail } from "../../server/render-email.server";
import { sampleCustomerOrder, sampleStore } from "../../../../../tests/helpers/email-samples";
import { orderPlacedEmail, orderStatusEmail } from "./messages";
import { orderShipmentEmail } from "./fulfilment-messages";
import { formatOrderId } from "~/platform/core/order-id";

const store = sampleStore;
const order = {
  ...sampleCustomerOrder,
  lines: [{ name: "Tomato Seeds", quantity: 2, unitPrice: 54_900, lineTotal: 109_800 }],
  subtotal: 109_800,
  tax: 19_800,
  total: 179_600,
  paymentLabel: "Bank Transfer",
};
const bank = {
  instructions: "Pay within 3 days.",
  accountName: "Angle Agri Stores",
  accountNumber: "1234567890",
  bankName: "SBI",
  ifscCode: "SBIN0001234",
};
const parcel = {
  id: "s1",
  courier: "Delhivery",
  tracking: "https://www.delhivery.com/track/package/1?a=<b>",
  shippedAt: "2026-11-04T09:00:00.000Z",
  items: ["Tomato Seeds × 2"],
};

describe("fulfilment in the customer's emails", () => {
  it("the order-placed email of a bank transfer carries the store's account and the amount; others do not", () => {
    const email = renderEmail(orderPlacedEmail(store, { ...order, bankTransfer: bank }));
    expect(email.text).toContain(
      "Pay by bank transfer:\nPay within 3 days.\nAmount: ₹1,796\nAccount name: Angle Agri Stores\nAccount number: 1234567890\nBank: SBI\nIFSC: SBIN0001234",
    );
    expect(email.text).toContain("order number ABC1 23DE F456 in the transfer's remarks");
    expect(renderEmail(orderPlacedEmail(store, order)).text).not.toContain("Pay by bank transfer");
    expect(renderEmail(orderPlacedEmail(store, { ...order, bankTransfer: null })).text).not.toContain("Account number");
  });

  it("the shipped email lists each parcel's courier, date and tracking, escaped in HTML", () => {
    const email = renderEmail(orderStatusEmail(store, { id: order.id, customerName: "Asha", status: "shipped", shipments: [parcel] }));
    expect(email.text).toContain(
      "Shipped by Delhivery on 4 November 2026 at 2:30 pm:\nTracking: https://www.delhivery.com/track/package/1?a=<b>",
    );
    expect(email.html).toContain("Tracking: https://www.delhivery.com/track/package/1?a=&lt;b&gt;");
    expect(email.html).not.toContain("a=<b>");
    // Other statuses say nothing of parcels.
    expect(
      renderEmail(orderStatusEmail(store, { id: order.id, customerName: "Asha", status: "delivered", shipments: [parcel] })).text,
    ).not.toContain("Tracking:");
  });

  it("a parcel of a partly shipped order says how many items follow", () => {
    const email = renderEmail(orderShipmentEmail(store, { id: order.id, customerName: "Asha", shipment: parcel, remaining: 1 }));
    expect(email.subject).toBe(`Part of your Angle order #${formatOrderId(order.id)} has been shipped`);
    expect(email.text).toContain("the other item follows separately");
    expect(email.text).toContain("Tomato Seeds × 2");
  });
});
