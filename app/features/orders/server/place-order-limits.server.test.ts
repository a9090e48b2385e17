import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, restoreEnv, setEnv } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { changeOrderStatus } from "./admin-orders.server";
import { OrderRefused, placeOrder } from "./place-order.server";

const TOO_MANY_OPEN =
  "You have 5 orders waiting for payment or confirmation. Please wait for them to be confirmed or contact us before placing more.";
const TOO_FAST = /^Too many orders in a short time\. Please wait \d+ (seconds?|minutes?) and try again\.$/;

afterEach(() => {
  restoreEnv();
});

const ordersOf = async (userId: string) =>
  Number(
    (
      await getDb()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const refusal = (error: unknown) => (error instanceof OrderRefused ? { status: error.status, message: error.message } : error);
let address = 0;
const ip = () => `203.0.113.${++address}`;

describe("open unpaid orders per customer", () => {
  it("refuses a sixth open unpaid order with a clear message; a repeat of a placed order still returns it", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 100 });
    const inputs = Array.from({ length: 5 }, () => checkoutInput([{ productId: product.id, quantity: 1 }]));
    const placed = [];
    for (const input of inputs) placed.push(await placeOrder(customer, input));
    const confirmed = defined(placed[0], "the first order");
    const cancelled = defined(placed[1], "the second order");
    const repeated = defined(placed[2], "the third order");
    const repeatInput = defined(inputs[2], "the third order's input");
    // One is confirmed: still waiting for payment, still counted.
    const admin = await createCustomer({ role: "admin" });
    await changeOrderStatus(confirmed.orderId, "confirmed", admin.id);

    const sixth = checkoutInput([{ productId: product.id, quantity: 1 }]);
    await expect(placeOrder(customer, sixth).catch(refusal)).resolves.toEqual({ status: 409, message: TOO_MANY_OPEN });
    expect(await placeOrder(customer, repeatInput)).toEqual({ orderId: repeated.orderId, created: false });
    expect(await ordersOf(customer.id)).toBe(5);

    // A delivered or cancelled order is no longer open: room for one more.
    await changeOrderStatus(cancelled.orderId, "cancelled", admin.id);
    expect((await placeOrder(customer, sixth)).created).toBe(true);
    expect(await ordersOf(customer.id)).toBe(6);
  });

  it("lets only one of several simultaneous checkouts through at the limit", async () => {
    setEnv({ RATE_LIMIT_CHECKOUT_MAX: "100" });
    const customer = await createCustomer();
    const product = await createProduct({ stock: 100 });
    for (let i = 0; i < 4; i++) await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    // Orders of many lines: each transaction runs long enough for the others to start meanwhile.
    const many = await Promise.all(Array.from({ length: 20 }, () => createProduct({ stock: 100 })));
    const items = many.map((p) => ({ productId: p.id, quantity: 1 }));
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => placeOrder(customer, checkoutInput(items))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(refusal(r.reason)).toEqual({ status: 409, message: TOO_MANY_OPEN });
    }
    expect(await ordersOf(customer.id)).toBe(5);
  });

  it("takes its limit from ORDER_MAX_OPEN_UNPAID", async () => {
    setEnv({ ORDER_MAX_OPEN_UNPAID: "1" });
    const customer = await createCustomer();
    const product = await createProduct({ stock: 10 });
    await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    await expect(placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]))).rejects.toThrow(
      "You have 1 orders waiting for payment or confirmation.",
    );
  });
});

describe("checkout rate limits", () => {
  it("limits checkouts per customer (RATE_LIMIT_CHECKOUT_MAX in 10 minutes), refused ones included", async () => {
    setEnv({ RATE_LIMIT_CHECKOUT_MAX: "3" });
    const customer = await createCustomer();
    const gone = await createProduct({ stock: 0 });
    const product = await createProduct({ stock: 10 });
    // Attempts count even when the order is refused (out of stock): hammering costs the same.
    for (let i = 0; i < 3; i++) {
      await expect(placeOrder(customer, checkoutInput([{ productId: gone.id, quantity: 1 }]), { ip: ip() })).rejects.toThrow(
        "is out of stock.",
      );
    }
    const error = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]), { ip: ip() }).catch(refusal);
    expect(error).toMatchObject({ status: 429, message: expect.stringMatching(TOO_FAST) });
    expect(await ordersOf(customer.id)).toBe(0);
    // Another customer is not held back.
    expect((await placeOrder(await createCustomer(), checkoutInput([{ productId: product.id, quantity: 1 }]))).created).toBe(true);
  });

  it("limits checkouts per address (RATE_LIMIT_CHECKOUT_ADDRESS_MAX), across customers", async () => {
    setEnv({ RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "2" });
    const product = await createProduct({ stock: 10 });
    const shared = ip();
    for (let i = 0; i < 2; i++) {
      const { created } = await placeOrder(await createCustomer(), checkoutInput([{ productId: product.id, quantity: 1 }]), { ip: shared });
      expect(created).toBe(true);
    }
    const third = await createCustomer();
    const error = await placeOrder(third, checkoutInput([{ productId: product.id, quantity: 1 }]), { ip: shared }).catch(refusal);
    expect(error).toMatchObject({ status: 429, message: expect.stringMatching(TOO_FAST) });
    // The refusal did not count against the customer: from another address they can order at once.
    expect((await placeOrder(third, checkoutInput([{ productId: product.id, quantity: 1 }]), { ip: ip() })).created).toBe(true);
  });

  it("answers a repeat of a placed order before any limit", async () => {
    setEnv({ RATE_LIMIT_CHECKOUT_MAX: "1" });
    const customer = await createCustomer();
    const product = await createProduct({ stock: 10 });
    const input = checkoutInput([{ productId: product.id, quantity: 1 }]);
    const first = await placeOrder(customer, input);
    expect(await placeOrder(customer, input)).toEqual({ orderId: first.orderId, created: false });
    await expect(placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]))).rejects.toThrow(TOO_FAST);
  });
});
