import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, createVendor, queuedEmails as emails } from "../../../../tests/factories";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { changeOrderStatus, StatusRefused } from "../../orders/server/admin-orders.server";
import { OrderRefused, placeOrder } from "../../orders/server/place-order.server";
import { shipOrder } from "../../orders/server/ship-order.server";
import { saveSetting } from "../../settings/server/save-setting.server";
import { formatOrderId } from "~/platform/core/order-id";

const allEmails = () => emails("");

const setAdminEmail = (adminEmail: string) => saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, adminEmail });

afterEach(() => setAdminEmail(""));

describe("emails of a placed order", () => {
  it("queues one confirmation to the customer with the order's figures, and tells the admin", async () => {
    await setAdminEmail("orders@angle.in");
    const customer = await createCustomer({ name: "Asha Patil" });
    const seeds = await createProduct({ name: "Hybrid Tomato Seeds", pricePaise: 54_900, stock: 10 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: seeds.id, quantity: 2 }], { paymentMethod: "cod" }));

    const [placed, ...more] = await emails(`order-placed:${orderId}`);
    expect(more).toEqual([]);
    expect(placed).toMatchObject({ channel: "email", kind: "order-placed", recipient: customer.email });
    const { email } = placed ?? { email: { to: "", subject: "", text: "", html: "" } };
    expect(email.to).toBe(customer.email);
    expect(email.subject).toBe(`Your Angle order #${formatOrderId(orderId)}: Hybrid Tomato Seeds`);
    // 2 × ₹549 = ₹1,098 before GST; its 18% GST by the product's rate, ₹98.82 × 2 = ₹197.64, so each is
    // ₹647.82 as the store shows prices (with GST). The ₹500 delivery holds its GST at 18%: ₹38.13 × 2 =
    // ₹76.26 on ₹423.74. GST ₹273.90 (CGST ₹136.95 + SGST ₹136.95, a Maharashtra buyer of the Maharashtra
    // store); total ₹1,295.64 + ₹500 = ₹1,795.64. The email says it as the order page does.
    expect(email.text).toContain("Hybrid Tomato Seeds × 2 — ₹647.82 each — ₹1,295.64");
    expect(email.text).toContain("Subtotal (incl. GST) — ₹1,295.64");
    expect(email.text).toContain("Shipping — ₹500");
    expect(email.text).toContain("Includes GST (CGST ₹136.95 + SGST ₹136.95) — ₹273.90");
    expect(email.text).toContain("Total — ₹1,795.64");
    expect(email.text).toContain("1 Test Street\nPune, Maharashtra 411001");
    expect(email.text).toContain("Payment method:\nCash on Delivery");
    expect(email.text).toContain(`http://localhost:3999/order-confirmation/${orderId}`);
    expect(email.text).toContain("support@angle.in");
    expect(email.html).toContain("₹1,795.64");
    expect(email.html).toContain(`href="http://localhost:3999/order-confirmation/${orderId}"`);

    const [admin, ...moreAdmin] = await emails(`admin-new-order:${orderId}`);
    expect(moreAdmin).toEqual([]);
    expect(admin).toMatchObject({ kind: "admin-new-order", recipient: "orders@angle.in" });
    expect(admin?.email.subject).toBe(`New order #${formatOrderId(orderId)} from Asha Patil: ₹1,795.64`);
    expect(admin?.email.text).toContain(customer.email);
  });

  it("shows free shipping as Free and sends the admin nothing without an admin address", async () => {
    const customer = await createCustomer();
    const pump = await createProduct({ pricePaise: 5_000_100, stock: 2 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: pump.id, quantity: 1 }]));
    const [placed] = await emails(`order-placed:${orderId}`);
    expect(placed?.email.text).toContain("Shipping — Free");
    expect(await emails(`admin-new-order:${orderId}`)).toEqual([]);
  });

  it("queues nothing for a refused order, and nothing more for a repeated checkout", async () => {
    await setAdminEmail("orders@angle.in");
    const customer = await createCustomer();
    const plenty = await createProduct({ stock: 10 });
    const gone = await createProduct({ stock: 0 });
    const before = (await allEmails()).length;
    await expect(
      placeOrder(
        customer,
        checkoutInput([
          { productId: plenty.id, quantity: 1 },
          { productId: gone.id, quantity: 1 },
        ]),
      ),
    ).rejects.toBeInstanceOf(OrderRefused);
    expect(await allEmails()).toHaveLength(before);

    const input = checkoutInput([{ productId: plenty.id, quantity: 1 }]);
    const first = await placeOrder(customer, input);
    const again = await placeOrder(customer, input);
    expect(again).toEqual({ orderId: first.orderId, created: false });
    const after = await allEmails();
    expect(after).toHaveLength(before + 2);
    expect(
      after
        .map((e) => e.dedupe_key)
        .filter((k) => k.endsWith(first.orderId))
        .sort(),
    ).toEqual([`admin-new-order:${first.orderId}`, `order-placed:${first.orderId}`]);
  });

  it("tells each vendor of their own lines only, with the customer's name and address but no totals", async () => {
    const a = await createVendor({ email: "kisan-a@example.in" });
    const b = await createVendor({ email: "kisan-b@example.in" });
    const sprayer = await createProduct({ name: "Knapsack Sprayer", pricePaise: 120_000, vendorId: a.id });
    const hoe = await createProduct({ name: "Hand Hoe", pricePaise: 30_000, vendorId: b.id });
    const store = await createProduct({ name: "Store Gloves", pricePaise: 25_000 });
    const customer = await createCustomer({ name: "Ravi Kumar" });
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([
        { productId: sprayer.id, quantity: 2 },
        { productId: hoe.id, quantity: 1 },
        { productId: store.id, quantity: 1 },
      ]),
    );
    const vendorEmails = await emails(`vendor-new-order:${orderId}:`);
    expect(vendorEmails.map((e) => e.recipient).sort()).toEqual(["kisan-a@example.in", "kisan-b@example.in"]);
    const toA = vendorEmails.find((e) => e.recipient === "kisan-a@example.in")?.email;
    const toB = vendorEmails.find((e) => e.recipient === "kisan-b@example.in")?.email;
    expect(toA?.subject).toBe(`New order #${formatOrderId(orderId)} for Knapsack Sprayer`);
    expect(toA?.text).toContain("Knapsack Sprayer × 2 — ₹1,200 each — ₹2,400");
    expect(toB?.text).toContain("Hand Hoe × 1 — ₹300 each — ₹300");
    for (const [mine, others] of [
      [toA, ["Hand Hoe", "Store Gloves"]],
      [toB, ["Knapsack Sprayer", "Store Gloves"]],
    ] as const) {
      expect(mine?.text).toContain("Ravi Kumar");
      expect(mine?.text).toContain("1 Test Street\nPune, Maharashtra 411001");
      for (const name of others) {
        expect(mine?.text).not.toContain(name);
        expect(mine?.html).not.toContain(name);
      }
      // None of the order's figures: subtotal ₹2,950, GST ₹531, total ₹3,981.
      expect(mine?.text).not.toMatch(/Subtotal|GST|Total|₹2,950|₹531|₹3,981/);
    }
  });

  it("keeps line breaks of a product name out of the subject", async () => {
    const customer = await createCustomer();
    const odd = await createProduct({ name: "Neem Oil\r\nBcc: evil@example.com" });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: odd.id, quantity: 1 }]));
    const [placed] = await emails(`order-placed:${orderId}`);
    expect(placed?.email.subject).toBe(`Your Angle order #${formatOrderId(orderId)}: Neem Oil Bcc: evil@example.com`);
    expect(placed?.email.subject).not.toMatch(/[\r\n]/);
  });
});

describe("emails of a status change", () => {
  it("queues one email per status, with the timeline step, and none for a refused move", async () => {
    const customer = await createCustomer({ name: "Meera Das" });
    const admin = await createCustomer({ role: "admin" });
    const product = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));

    await expect(changeOrderStatus(orderId, "delivered", admin.id)).rejects.toBeInstanceOf(StatusRefused);
    expect(await emails(`order-status:${orderId}:`)).toEqual([]);

    await changeOrderStatus(orderId, "confirmed", admin.id);
    const tracking = "https://www.delhivery.com/track/package/1234567890";
    await shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking });
    await expect(changeOrderStatus(orderId, "shipped", admin.id)).rejects.toBeInstanceOf(StatusRefused);
    const sent = await emails(`order-status:${orderId}:`);
    expect(sent.map((e) => [e.dedupe_key, e.kind, e.recipient])).toEqual([
      [`order-status:${orderId}:confirmed`, "order-status", customer.email],
      [`order-status:${orderId}:shipped`, "order-status", customer.email],
    ]);
    const shipped = sent[1]?.email;
    expect(shipped?.subject).toBe(`Your Angle order #${formatOrderId(orderId)} is shipped`);
    expect(shipped?.text).toContain("Your order has been shipped.");
    expect(shipped?.text).toContain("✓ Shipped — Done");
    expect(shipped?.text).toContain("○ Delivered — 5-7 days");
    // Issue 15: the parcel's courier and tracking link.
    expect(shipped?.text).toMatch(/Shipped by Delhivery on \d{1,2} \w+ \d{4} at /);
    expect(shipped?.text).toContain(`Tracking: ${tracking}`);
    expect(shipped?.text).toContain(`http://localhost:3999/order-confirmation/${orderId}`);

    await changeOrderStatus(orderId, "cancelled", admin.id);
    const cancelled = (await emails(`order-status:${orderId}:cancelled`))[0]?.email;
    expect(cancelled?.text).toContain("Your order has been cancelled.");
  });
});
