import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { DEFAULT_DELIVERY_SETTINGS } from "~/features/delivery/domain/delivery";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { checkDelivery, getDeliverySettings, lookupPincode, saveDeliverySettings } from "./delivery.server";

const orders = async () =>
  Number(
    (
      await getDb()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => {
      if (!(error instanceof OrderRefused)) throw error;
      return { message: error.message, status: error.status, field: error.field };
    },
  );

describe("the pincode directory", () => {
  it("is loaded by the migrations: every pincode, each with its district and current State", async () => {
    const count = await getDb()
      .selectFrom("pincode")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(19_159);
    expect(await lookupPincode("422001")).toEqual({ district: "Nashik", state: "Maharashtra" });
    // Leh: Ladakh, not Jammu and Kashmir as in the source's day; Hyderabad: Telangana.
    expect((await lookupPincode("194101"))?.state).toBe("Ladakh");
    expect((await lookupPincode("500001"))?.state).toBe("Telangana");
    expect(await lookupPincode("999999")).toBeNull();
    expect(await lookupPincode("42200\u0000")).toBeNull();
  });
});

describe("checkDelivery", () => {
  it("answers from the directory and the admin's zones", async () => {
    expect(await checkDelivery("422001", new Date("2026-11-23T06:00:00Z"))).toMatchObject({
      kind: "delivers",
      message: "Delivers to Nashik, Maharashtra by Mon 30 Nov",
      cod: true,
    });
    expect((await checkDelivery("999999")).kind).toBe("unknown");
    expect((await checkDelivery("abc")).kind).toBe("invalid");
  });

  it("reads damaged settings as the defaults", async () => {
    await getDb().insertInto("setting").values({ key: "delivery", value: "{not json", updated_at: new Date().toISOString() }).execute();
    expect(await getDeliverySettings()).toEqual(DEFAULT_DELIVERY_SETTINGS);
    await getDb().deleteFrom("setting").where("key", "=", "delivery").execute();
  });
});

describe("placeOrder and delivery", () => {
  it("refuses a pincode that does not exist, one not served, and a State that is not the pincode's, writing nothing", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ pricePaise: 10_000, stock: 5 });
    const items = [{ productId: product.id, quantity: 1 }];
    const before = await orders();
    expect(await refusal(placeOrder(customer, checkoutInput(items, { pincode: "999999" })))).toEqual({
      message: "We could not find pincode 999999. Please check it; if it is right, contact us and we will add it.",
      status: 400,
      field: "pincode",
    });
    expect(await refusal(placeOrder(customer, checkoutInput(items, { state: "Gujarat" })))).toEqual({
      message: "Pincode 411001 is in Maharashtra. Please check the State or the pincode.",
      status: 400,
      field: "state",
    });
    await saveDeliverySettings({
      ...DEFAULT_DELIVERY_SETTINGS,
      zones: [{ id: "zonenorth1", name: "North-east", states: ["Manipur"], ranges: [], served: false, days: 9, cod: false }],
    });
    try {
      const refused = await refusal(placeOrder(customer, checkoutInput(items, { state: "Manipur", pincode: "795001" })));
      expect(refused).toMatchObject({ status: 400, field: "pincode" });
      expect(refused.message).toMatch(/^Sorry, we do not deliver to 795001 \(.+, Manipur\) yet\.$/);
    } finally {
      await saveDeliverySettings(DEFAULT_DELIVERY_SETTINGS);
    }
    expect(await orders()).toBe(before);
    const stock = await getDb().selectFrom("product").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(5);
  });

  it("takes cash on delivery up to the cap, total included, and not a rupee over", async () => {
    const customer = await createCustomer();
    // ₹42,372.88 + its 18% GST (₹3,813.56 × 2) = ₹50,000.00, not over ₹50,000: ₹500 delivery (its GST
    // within it), ₹50,500 in all; the cap set to that total.
    const product = await createProduct({ pricePaise: 4_237_288, gstRate: 18, stock: 5 });
    await saveDeliverySettings({ ...DEFAULT_DELIVERY_SETTINGS, codMaxPaise: 5_050_000 });
    try {
      const { created, orderId } = await placeOrder(
        customer,
        checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }),
      );
      expect(created).toBe(true);
      const placed = await getDb().selectFrom("orders").select("total_paise").where("id", "=", orderId).executeTakeFirstOrThrow();
      expect(Number(placed.total_paise)).toBe(5_050_000);
      await saveDeliverySettings({ ...DEFAULT_DELIVERY_SETTINGS, codMaxPaise: 5_049_900 });
      const before = await orders();
      expect(
        await refusal(placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }))),
      ).toEqual({
        message: "Cash on Delivery is available only for orders up to ₹50,499. Please choose another payment method.",
        status: 400,
        field: "paymentMethod",
      });
      expect(await orders()).toBe(before);
      // The same order paid another way is taken.
      expect((await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "upi" }))).created).toBe(
        true,
      );
    } finally {
      await saveDeliverySettings(DEFAULT_DELIVERY_SETTINGS);
    }
  });

  it("answers a repeat of a placed order before its pincode; a pincode an admin removes is refused from the next order", async () => {
    const { addPincode, removeAddedPincode } = await import("./delivery-settings.server");
    const customer = await createCustomer();
    const product = await createProduct({ pricePaise: 10_000, stock: 5 });
    const items = [{ productId: product.id, quantity: 1 }];
    await addPincode({ code: "999997", district: "Nava Raipur", state: "Chhattisgarh" });
    const input = checkoutInput(items, { pincode: "999997", state: "Chhattisgarh", paymentMethod: "cod" });
    const first = await placeOrder(customer, input);
    expect(first.created).toBe(true);
    await removeAddedPincode("999997");
    expect(await placeOrder(customer, input)).toEqual({ orderId: first.orderId, created: false });
    expect(await refusal(placeOrder(customer, checkoutInput(items, { pincode: "999997", state: "Chhattisgarh" })))).toEqual({
      message: "We could not find pincode 999997. Please check it; if it is right, contact us and we will add it.",
      status: 400,
      field: "pincode",
    });
  });

  it("refuses cash on delivery where the zone does not take it", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ pricePaise: 10_000, stock: 5 });
    await saveDeliverySettings({
      ...DEFAULT_DELIVERY_SETTINGS,
      zones: [
        { id: "zonepune01", name: "Pune", states: [], ranges: [{ from: "411001", to: "411062" }], served: true, days: 2, cod: false },
      ],
    });
    try {
      expect(
        await refusal(placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }))),
      ).toEqual({
        message: "Cash on Delivery is not available for pincode 411001. Please choose another payment method.",
        status: 400,
        field: "paymentMethod",
      });
    } finally {
      await saveDeliverySettings(DEFAULT_DELIVERY_SETTINGS);
    }
  });
});

describe("pincodes an admin adds", () => {
  it("are looked up like the directory's, cannot replace one, and only they can be removed", async () => {
    const { addPincode, listAddedPincodes, removeAddedPincode, DeliverySettingsRefused } = await import("./delivery-settings.server");
    expect((await checkDelivery("999998")).kind).toBe("unknown");
    await addPincode({ code: "999998", district: "Nava Raipur", state: "Chhattisgarh" });
    expect(await checkDelivery("999998")).toMatchObject({ kind: "delivers", place: { district: "Nava Raipur", state: "Chhattisgarh" } });
    await expect(addPincode({ code: "422001", district: "Elsewhere", state: "Goa" })).rejects.toThrow(DeliverySettingsRefused);
    expect(await lookupPincode("422001")).toEqual({ district: "Nashik", state: "Maharashtra" });
    expect((await listAddedPincodes()).map((p) => p.code)).toEqual(["999998"]);
    await removeAddedPincode("422001");
    expect(await lookupPincode("422001")).not.toBeNull();
    await removeAddedPincode("999998");
    expect(await lookupPincode("999998")).toBeNull();
  });
});
