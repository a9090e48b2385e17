import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, createVendor, queuedEmails as emails } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { withLocale } from "~/platform/i18n/i18n.server";
import { queueResetPasswordEmail } from "../../accounts/server/account-emails.server";
import { changeOrderStatus } from "../../orders/server/admin-orders.server";
import { placeOrder } from "../../orders/server/place-order.server";
import { formatOrderId } from "~/platform/core/order-id";

/** An order placed on the Hindi store (its page in Hindi, so orders.locale is "hi"). */
async function hindiOrder() {
  const vendor = await createVendor({ email: `kisan-${Date.now()}@example.in` });
  await getDb().updateTable("user").set({ locale: "hi" }).where("id", "=", vendor.id).execute();
  const customer = await createCustomer({ name: "Asha Patil" });
  const seeds = await createProduct({ name: "Hybrid Tomato Seeds", pricePaise: 54_900, stock: 10, vendorId: vendor.id });
  const { orderId } = await withLocale("hi", () =>
    placeOrder(customer, checkoutInput([{ productId: seeds.id, quantity: 2 }], { paymentMethod: "cod" })),
  );
  return { orderId, customer, vendor };
}

describe("emails of an order placed in Hindi", () => {
  it("writes the customer's and the vendor's emails in Hindi, the admin's in English", async () => {
    const { orderId, customer, vendor } = await hindiOrder();
    const [placed] = await emails(`order-placed:${orderId}`);
    expect(placed?.recipient).toBe(customer.email);
    expect(placed?.email.subject).toBe(`आपका Angle ऑर्डर #${formatOrderId(orderId)}: Hybrid Tomato Seeds`);
    expect(placed?.email.text).toContain("धन्यवाद! आपका ऑर्डर हो गया है।");
    // Prices with GST, as the store shows them: ₹549 + 18% = ₹647.82 each; ₹1,295.64 + ₹500 delivery (its
    // GST within it) = ₹1,795.64, of which GST ₹273.90 (order-emails.server.test.ts).
    expect(placed?.email.text).toContain("Hybrid Tomato Seeds × 2 — ₹647.82 प्रति नग — ₹1,295.64");
    expect(placed?.email.text).toContain("उप-योग (जीएसटी सहित) — ₹1,295.64");
    expect(placed?.email.text).toContain("डिलीवरी शुल्क — ₹500");
    expect(placed?.email.text).toContain("जीएसटी (सीजीएसटी ₹136.95 + एसजीएसटी ₹136.95) शामिल — ₹273.90");
    expect(placed?.email.text).toContain("कुल राशि — ₹1,795.64");
    expect(placed?.email.text).toContain("भुगतान का तरीका:\nकैश ऑन डिलीवरी");
    expect(placed?.email.text).toContain(`http://localhost:3999/hi/order-confirmation/${orderId}`);
    expect(placed?.email.html).toContain(`href="http://localhost:3999/hi/order-confirmation/${orderId}"`);
    expect(placed?.email.text).not.toMatch(/Thank you|Subtotal|Total|View your order/);

    const [toVendor] = await emails(`vendor-new-order:${orderId}:${vendor.id}`);
    expect(toVendor?.email.subject).toBe(`Hybrid Tomato Seeds के लिए नया ऑर्डर #${formatOrderId(orderId)}`);
    expect(toVendor?.email.text).toContain("http://localhost:3999/hi/vendor-login/orders");
  });

  it("writes a status change in the order's language, and an English order's in English", async () => {
    const admin = await createCustomer({ role: "admin" });
    const { orderId } = await hindiOrder();
    await changeOrderStatus(orderId, "confirmed", admin.id);
    const [confirmed] = await emails(`order-status:${orderId}:confirmed`);
    expect(confirmed?.email.subject).toBe(`आपका Angle ऑर्डर #${formatOrderId(orderId)}: पक्का`);
    expect(confirmed?.email.text).toContain("आपका ऑर्डर पक्का हो गया है।");
    expect(confirmed?.email.text).toContain("आपका जीएसटी टैक्स इनवॉइस तैयार है।");

    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const english = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    await changeOrderStatus(english.orderId, "confirmed", admin.id);
    const [en] = await emails(`order-status:${english.orderId}:confirmed`);
    expect(en?.email.subject).toBe(`Your Angle order #${formatOrderId(english.orderId)} is confirmed`);
    expect(en?.email.text).toContain("Your order has been confirmed.");
  });
});

describe("an account email asked for on a Hindi page", () => {
  it("is written in the request's language", async () => {
    const token = `reset-${Date.now()}`;
    await withLocale("hi", () => queueResetPasswordEmail({ email: "meera@example.in", name: "Meera" }, token));
    const [hi] = (await emails("password-reset:")).filter((e) => e.recipient === "meera@example.in");
    expect(hi?.email.subject).toBe("अपना Angle पासवर्ड बदलें");
    expect(hi?.email.text).toContain("नमस्ते Meera,");
    expect(hi?.email.text).toContain(`नया पासवर्ड चुनें: http://localhost:3999/hi/reset-password?token=${token}`);

    await queueResetPasswordEmail({ email: "ravi@example.in", name: "Ravi" }, `${token}-en`);
    const [en] = (await emails("password-reset:")).filter((e) => e.recipient === "ravi@example.in");
    expect(en?.email.subject).toBe("Reset your Angle password");
  });
});
