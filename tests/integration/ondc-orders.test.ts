import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import type { BecknContext } from "~/features/ondc/domain/beckn";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import type { OndcCallHandler, OndcReply } from "~/features/ondc/server/calls/call";
import { selectCall } from "~/features/ondc/server/calls/select.server";
import { initCall } from "~/features/ondc/server/calls/init.server";
import { confirmCall } from "~/features/ondc/server/calls/confirm.server";
import { statusCall } from "~/features/ondc/server/calls/status.server";
import { trackCall } from "~/features/ondc/server/calls/track.server";
import { cancelCall } from "~/features/ondc/server/calls/cancel.server";
import { updateCall } from "~/features/ondc/server/calls/update.server";
import { ONDC_STATUS_PUSH_SECONDS, ondcStatusPushJob, pushOndcStatuses } from "~/features/ondc/server/push-ondc-status.server";
import { ondcCustomerEmail } from "~/features/ondc/server/ondc-orders.server";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { shipOrder } from "~/features/orders/server/ship-order.server";
import { DEFAULT_DELIVERY_SETTINGS } from "~/features/delivery/domain/delivery";
import { saveDeliverySettings } from "~/features/delivery/server/delivery.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { RouterContextProvider } from "react-router";
import { loader as documentLoader } from "~/routes/resources/tax-document";
import { createCustomer, createProduct } from "../factories";

/**
 * ONDC's order calls (docs/decisions/075-ondc-orders.md), each handler's `handle` called as the
 * dispatcher calls it after its ACK, on the engine the run is on: the quote's numbers, the order
 * placed through the storefront's transaction, its status, tracking, cancel, return and the push.
 */
const BAP = "buyer.example.in";
const PINCODE = "411001";

const contextOf = (transactionId: string, action: string): BecknContext => ({
  domain: "ONDC:AGR10",
  country: "IND",
  city: "std:020",
  action,
  core_version: "1.2.0",
  bap_id: BAP,
  bap_uri: "https://buyer.example.in/ondc",
  bpp_id: "angle.example.in",
  bpp_uri: "https://angle.example.in/ondc",
  transaction_id: transactionId,
  message_id: newId(),
  timestamp: new Date().toISOString(),
  ttl: "PT30S",
});

/** Parses the message as the dispatcher would, then handles it; the one reply. */
async function call(handler: OndcCallHandler, action: string, transactionId: string, message: unknown): Promise<OndcReply> {
  const parsed = handler.message.parse(message);
  const replies = await handler.handle({
    action: action as never,
    context: contextOf(transactionId, action),
    message: parsed,
    receivedAt: new Date().toISOString(),
  });
  expect(replies).toHaveLength(1);
  return replies[0] as OndcReply;
}

type Quote = { price: { value: string }; breakup: { price: { value: string }; "@ondc/org/title_type": string }[] };
const orderOf = (reply: OndcReply) => (reply.message as { order: Record<string, unknown> }).order;
const quoteOf = (reply: OndcReply) => orderOf(reply).quote as Quote;
const stockOf = async (variantId: string) =>
  Number((await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock);
const variantOf = async (productId: string) =>
  (await getDb().selectFrom("product_variant").select("id").where("product_id", "=", productId).executeTakeFirstOrThrow()).id;
const ondcRow = (transactionId: string) =>
  getDb()
    .selectFrom("ondc_order")
    .selectAll()
    .where("bap_id", "=", BAP)
    .where("transaction_id", "=", transactionId)
    .executeTakeFirstOrThrow();

let phoneSeq = 0;
const phone = () => `98${String(Date.now()).slice(-5)}${String(phoneSeq++).padStart(3, "0")}`;

const address = {
  name: "Ramu",
  building: "12 Mandi Road",
  locality: "Shivaji Nagar",
  city: "Pune",
  state: "Maharashtra",
  country: "IND",
  area_code: PINCODE,
};
const end = (mobile: string) => ({ location: { gps: "18.5204,73.8567", address }, person: { name: "Ramu" }, contact: { phone: mobile } });

const selectMessage = (variantId: string, count: number, pincode = PINCODE) => ({
  order: {
    provider: { id: "store", locations: [{ id: "store-pune" }] },
    items: [{ id: variantId, quantity: { count } }],
    fulfillments: [{ end: { location: { gps: "18.5204,73.8567", address: { area_code: pincode } } } }],
  },
});
const initMessage = (variantId: string, count: number, mobile: string, type = "ON-FULFILLMENT") => ({
  order: {
    provider: { id: "store" },
    items: [{ id: variantId, quantity: { count } }],
    billing: { name: "Ramu Patil", phone: mobile, address },
    fulfillments: [{ end: end(mobile) }],
    payment: { type, "@ondc/org/buyer_app_finder_fee_type": "percent", "@ondc/org/buyer_app_finder_fee_amount": "3" },
  },
});
const confirmMessage = (variantId: string, count: number, mobile: string, quote: Quote, payment: Record<string, unknown>) => ({
  order: {
    id: `ondc-${newId(8)}`,
    items: [{ id: variantId, quantity: { count } }],
    billing: { name: "Ramu Patil", phone: mobile, address },
    fulfillments: [{ end: end(mobile) }],
    quote,
    payment: { "@ondc/org/buyer_app_finder_fee_type": "percent", "@ondc/org/buyer_app_finder_fee_amount": "3", ...payment },
  },
});
const cod = (quote: Quote) => ({ type: "ON-FULFILLMENT", collected_by: "BPP", status: "NOT-PAID", params: { amount: quote.price.value } });
const prepaid = (quote: Quote) => ({
  type: "ON-ORDER",
  collected_by: "BAP",
  status: "PAID",
  params: { amount: quote.price.value, transaction_id: `bap-pay-${newId(8)}` },
});

/** select → init → confirm for one size; the confirm's reply and the ONDC order's id. */
async function buy(variantId: string, count: number, how: "cod" | "prepaid" = "cod", mobile = phone()) {
  const transactionId = `txn-${newId(12)}`;
  await call(selectCall, "select", transactionId, selectMessage(variantId, count));
  const init = await call(
    initCall,
    "init",
    transactionId,
    initMessage(variantId, count, mobile, how === "cod" ? "ON-FULFILLMENT" : "ON-ORDER"),
  );
  expect(init.error).toBeUndefined();
  const quote = quoteOf(init);
  const message = confirmMessage(variantId, count, mobile, quote, how === "cod" ? cod(quote) : prepaid(quote));
  const confirmed = await call(confirmCall, "confirm", transactionId, message);
  return { transactionId, confirmed, ondcOrderId: message.order.id, mobile, quote, message };
}

/** The store's bank account, as its bank-transfer method keeps it, is where buyer apps settle. */
const settlementAccount = {
  enabled: "on",
  accountName: "Angle Agri Stores Pvt Ltd",
  accountNumber: "123456789012",
  bankName: "State Bank of India",
  branchName: "Camp, Pune",
  ifscCode: "SBIN0001234",
};
beforeAll(async () => {
  await savePaymentMethod("bankTransfer", settlementAccount);
});

describe("select", () => {
  it("quotes with the store's prices, GST and delivery, exactly, the breakup adding up to the total", async () => {
    // ₹1,000.00 before GST at 18%, two of them: ₹1,180.00 each with GST, as the catalogue shows them (the
    // tax line is only the order's GST rounding, none here); goods of ₹2,360.00 pay the ₹500.00 delivery (GST within it).
    const product = await createProduct({ pricePaise: 100_000, stock: 10, gstRate: 18 });
    const variantId = await variantOf(product.id);
    const reply = await call(selectCall, "select", `txn-${newId(12)}`, selectMessage(variantId, 2));
    expect(reply.error).toBeUndefined();
    const quote = quoteOf(reply);
    expect(quote.price).toEqual({ currency: "INR", value: "2860.00" });
    const lines = quote.breakup.map((b) => [b["@ondc/org/title_type"], b.price.value]);
    expect(lines).toEqual([
      ["item", "2360.00"],
      ["tax", "0.00"],
      ["delivery", "500.00"],
    ]);
    const paise = quote.breakup.reduce((sum, b) => sum + Math.round(Number(b.price.value) * 100), 0);
    expect(paise).toBe(286_000);
    expect(orderOf(reply).items).toEqual([{ id: variantId, fulfillment_id: "store-delivery" }]);
    expect(orderOf(reply).provider).toEqual({ id: "store", locations: [{ id: "store-pune" }] });
  });

  it("quotes an odd price to the paisa, and a short size at what is left with 40002", async () => {
    const odd = await createProduct({ pricePaise: 33_333, stock: 50, gstRate: 5 });
    const short = await createProduct({ pricePaise: 10_000, stock: 1 });
    const [oddId, shortId] = [await variantOf(odd.id), await variantOf(short.id)];
    const message = selectMessage(oddId, 3);
    message.order.items.push({ id: shortId, quantity: { count: 4 } });
    const reply = await call(selectCall, "select", `txn-${newId(12)}`, message);
    expect(reply.error?.code).toBe("40002");
    expect(JSON.parse(reply.error?.message ?? "[]")).toEqual([{ item_id: shortId, error: "40002" }]);
    const quote = quoteOf(reply);
    const total = quote.breakup.reduce((sum, b) => sum + Math.round(Number(b.price.value) * 100), 0);
    expect(Math.round(Number(quote.price.value) * 100)).toBe(total);
    const shortLine = quote.breakup.find((b) => (b as Record<string, unknown>)["@ondc/org/item_id"] === shortId) as Record<string, unknown>;
    expect(shortLine["@ondc/org/item_quantity"]).toEqual({ count: 1 });
    // Each item line is its unit price times its count, in two decimals.
    type ItemLine = { price: { value: string }; item: { price: { value: string } }; "@ondc/org/item_quantity": { count: number } };
    for (const b of quote.breakup.filter((b) => b["@ondc/org/title_type"] === "item") as unknown as ItemLine[]) {
      expect(b.item.price.value).toMatch(/^\d+\.\d\d$/);
      expect(Math.round(Number(b.item.price.value) * 100) * b["@ondc/org/item_quantity"].count).toBe(
        Math.round(Number(b.price.value) * 100),
      );
    }
  });

  it("refuses an unknown item, another provider's and an unserved pincode, and keeps the quote in paise", async () => {
    const product = await createProduct({ pricePaise: 50_000 });
    const variantId = await variantOf(product.id);
    expect((await call(selectCall, "select", `txn-${newId(12)}`, selectMessage("nosuchsize123", 1))).error?.code).toBe("30004");
    const other = selectMessage(variantId, 1);
    other.order.provider.id = "somevendor123";
    expect((await call(selectCall, "select", `txn-${newId(12)}`, other)).error?.code).toBe("30001");
    expect((await call(selectCall, "select", `txn-${newId(12)}`, selectMessage(variantId, 1, "000000"))).error?.code).toBe("30009");
    const transactionId = `txn-${newId(12)}`;
    await call(selectCall, "select", transactionId, selectMessage(variantId, 1));
    const row = await ondcRow(transactionId);
    expect(row.state).toBe("selected");
    expect(JSON.parse(row.quote ?? "{}").totalPaise).toBe(50_000 + 9_000 + 50_000);
  });
});

describe("init and confirm", () => {
  it("refuses a tampered price in init and in confirm, and writes no order", async () => {
    const product = await createProduct({ pricePaise: 100_000, stock: 10 });
    const variantId = await variantOf(product.id);
    const mobile = phone();
    const transactionId = `txn-${newId(12)}`;
    await call(selectCall, "select", transactionId, selectMessage(variantId, 1));
    const tamperedInit = {
      ...initMessage(variantId, 1, mobile),
      order: { ...initMessage(variantId, 1, mobile).order, quote: { price: { value: "1.00" } } },
    };
    expect((await call(initCall, "init", transactionId, tamperedInit)).error?.code).toBe("40003");
    const init = await call(initCall, "init", transactionId, initMessage(variantId, 1, mobile));
    const quote = quoteOf(init);
    const cheaper = structuredClone(quote);
    const item = cheaper.breakup.find((b) => b["@ondc/org/title_type"] === "item");
    if (item) item.price.value = "10.00";
    const refused = await call(confirmCall, "confirm", transactionId, confirmMessage(variantId, 1, mobile, cheaper, cod(quote)));
    expect(refused.error?.code).toBe("40003");
    const wrongAmount = await call(
      confirmCall,
      "confirm",
      transactionId,
      confirmMessage(variantId, 1, mobile, quote, { ...cod(quote), params: { amount: "5.00" } }),
    );
    expect(wrongAmount.error?.code).toBe("40003");
    expect(await stockOf(variantId)).toBe(10);
    expect((await ondcRow(transactionId)).state).toBe("initialized");
    expect(
      await getDb().selectFrom("user").select("id").where("email", "=", ondcCustomerEmail(BAP, mobile)).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses init while the store's settlement account lacks its branch (ONDC's settlement details need it)", async () => {
    const product = await createProduct({ pricePaise: 10_000, stock: 5 });
    const variantId = await variantOf(product.id);
    const transactionId = `txn-${newId(12)}`;
    await call(selectCall, "select", transactionId, selectMessage(variantId, 1));
    await savePaymentMethod("bankTransfer", { ...settlementAccount, branchName: "" });
    try {
      const init = await call(initCall, "init", transactionId, initMessage(variantId, 1, phone()));
      expect(init.error?.code).toBe(ONDC_ERRORS.businessError.code);
      expect((await ondcRow(transactionId)).state).toBe("selected");
    } finally {
      await savePaymentMethod("bankTransfer", settlementAccount);
    }
  });

  it("refuses cash on delivery where the store does not allow it, or above its cap (40004)", async () => {
    const product = await createProduct({ pricePaise: 100_000, stock: 10 });
    const variantId = await variantOf(product.id);
    await saveDeliverySettings({ ...DEFAULT_DELIVERY_SETTINGS, codMaxPaise: 1_000_00 });
    try {
      const transactionId = `txn-${newId(12)}`;
      await call(selectCall, "select", transactionId, selectMessage(variantId, 1));
      expect((await call(initCall, "init", transactionId, initMessage(variantId, 1, phone()))).error?.code).toBe("40004");
      // Prepaid through the buyer app is still taken.
      expect((await call(initCall, "init", transactionId, initMessage(variantId, 1, phone(), "ON-ORDER"))).error).toBeUndefined();
    } finally {
      await saveDeliverySettings(DEFAULT_DELIVERY_SETTINGS);
    }
  });

  it("places a cash-on-delivery order through the store's transaction: stock moves, the order is the buyer's, invoiced when the store confirms it", async () => {
    const product = await createProduct({ pricePaise: 100_000, stock: 10 });
    const variantId = await variantOf(product.id);
    // Where the store ships from, as the catalogue keeps it.
    await saveSetting("ondc_locations", { store: { gps: "18.520430,73.856744", city: "std:020" } });
    const { transactionId, confirmed, ondcOrderId, mobile, quote } = await buy(variantId, 2);
    expect(confirmed.error).toBeUndefined();
    const order = orderOf(confirmed);
    expect(order.id).toBe(ondcOrderId);
    expect(order.state).toBe("Created");
    const [fulfilment] = order.fulfillments as { start?: unknown; end?: unknown; state?: unknown }[];
    expect(fulfilment?.start).toMatchObject({
      location: {
        id: "store-L1",
        descriptor: { name: "Angle" },
        gps: "18.520430,73.856744",
        address: { locality: "Gat No. 112, Chakan MIDC Phase II Khed", city: "Pune", state: "Maharashtra", area_code: "410501" },
      },
      contact: { phone: "8045678900" },
    });
    // Named back as select gave them, though init left them out; the seller's GSTIN and its PAN among the terms.
    expect(order.provider).toEqual({ id: "store", locations: [{ id: "store-pune" }] });
    const terms = (order.tags as { code: string; list: { code: string; value: string }[] }[])[0]?.list ?? [];
    const gstin = terms.find((t) => t.code === "tax_number")?.value ?? "";
    expect(gstin).toMatch(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    expect(terms.find((t) => t.code === "provider_tax_number")?.value).toBe(gstin.slice(2, 12));
    expect((order.quote as Quote).price.value).toBe(quote.price.value);
    expect(await stockOf(variantId)).toBe(8);
    const row = await ondcRow(transactionId);
    expect(row.state).toBe("confirmed");
    expect(row.bap_order_id).toBe(ondcOrderId);
    expect(JSON.parse(row.settlement ?? "{}")).toMatchObject({ finderFeeType: "percent", finderFeeAmount: "3", basis: "delivery" });
    expect(order.payment).toMatchObject({
      type: "ON-FULFILLMENT",
      collected_by: "BPP",
      "@ondc/org/buyer_app_finder_fee_amount": "3",
      "@ondc/org/settlement_details": [
        {
          settlement_counterparty: "buyer-app",
          settlement_type: "neft",
          settlement_bank_account_no: "123456789012",
          settlement_ifsc_code: "SBIN0001234",
          bank_name: "State Bank of India",
        },
      ],
    });
    const placed = await getDb()
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", row.order_id ?? "")
      .executeTakeFirstOrThrow();
    expect(placed).toMatchObject({
      payment_method: "cod",
      payment_status: "cod",
      status: "pending",
      pincode: PINCODE,
      state: "Maharashtra",
    });
    expect(Number(placed.total_paise)).toBe(Math.round(Number(quote.price.value) * 100));
    // One account per end buyer of a buyer app, nobody's to sign in to, its email undeliverable by design.
    const buyer = await getDb()
      .selectFrom("user")
      .selectAll()
      .where("id", "=", placed.user_id ?? "")
      .executeTakeFirstOrThrow();
    expect(buyer).toMatchObject({ email: ondcCustomerEmail(BAP, mobile), role: "user", phoneNumber: null, name: "Ramu Patil" });
    expect(buyer.email.endsWith(".invalid")).toBe(true);
    expect(ondcCustomerEmail(BAP, `+91 ${mobile}`)).toBe(buyer.email);
    expect(ondcCustomerEmail("another-app.example.in", mobile)).not.toBe(buyer.email);
    const invoices = () =>
      getDb().selectFrom("tax_document").select("id").where("order_id", "=", placed.id).where("kind", "=", "invoice").execute();
    expect(await invoices()).toHaveLength(0);
    const admin = await createCustomer({ role: "admin" });
    await changeOrderStatus(placed.id, "confirmed", admin.id);
    expect(await invoices()).toHaveLength(1);
  });

  it("gives the same order to a repeated confirm", async () => {
    const product = await createProduct({ pricePaise: 20_000, stock: 10 });
    const variantId = await variantOf(product.id);
    const { transactionId, confirmed, message } = await buy(variantId, 1);
    const again = await call(confirmCall, "confirm", transactionId, message);
    expect(orderOf(again).id).toBe(orderOf(confirmed).id);
    // Even were the transaction's mark lost after the order was placed, the checkout key finds the first order.
    const first = (await ondcRow(transactionId)).order_id;
    await getDb()
      .updateTable("ondc_order")
      .set({ state: "initialized", order_id: null })
      .where("transaction_id", "=", transactionId)
      .execute();
    await call(confirmCall, "confirm", transactionId, message);
    expect((await ondcRow(transactionId)).order_id).toBe(first);
    expect(await stockOf(variantId)).toBe(9);
    const row = await ondcRow(transactionId);
    const orders = await getDb()
      .selectFrom("orders")
      .select("id")
      .where(
        "user_id",
        "=",
        (
          await getDb()
            .selectFrom("orders")
            .select("user_id")
            .where("id", "=", row.order_id ?? "")
            .executeTakeFirstOrThrow()
        ).user_id,
      )
      .execute();
    expect(orders).toHaveLength(1);
  });

  it("confirms a prepaid order as paid via the buyer app, with its invoice at once", async () => {
    const product = await createProduct({ pricePaise: 40_000, stock: 5 });
    const variantId = await variantOf(product.id);
    const { transactionId, confirmed, ondcOrderId } = await buy(variantId, 1, "prepaid");
    expect(confirmed.error).toBeUndefined();
    expect(orderOf(confirmed).state).toBe("Accepted");
    expect(orderOf(confirmed).payment).toMatchObject({ type: "ON-ORDER", collected_by: "BAP", status: "PAID" });
    const row = await ondcRow(transactionId);
    const placed = await getDb()
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", row.order_id ?? "")
      .executeTakeFirstOrThrow();
    expect(placed).toMatchObject({ payment_method: "ondc_prepaid", payment_status: "paid", status: "confirmed" });
    expect(Number(placed.paid_paise)).toBe(Number(placed.total_paise));
    expect(placed.payment_reference).toBe(row.payment_reference);
    const invoices = await getDb()
      .selectFrom("tax_document")
      .select("id")
      .where("order_id", "=", placed.id)
      .where("kind", "=", "invoice")
      .execute();
    expect(invoices).toHaveLength(1);
    // The invoice reaches the buyer through its buyer app: a signed link that needs no sign-in, and opens only with its signature.
    // ONDC lists it once the goods are picked up, not before.
    expect(orderOf(confirmed).documents).toBeUndefined();
    const admin = await createCustomer({ role: "admin" });
    await shipOrder({ role: "admin", id: admin.id }, { orderId: placed.id, courier: "Delhivery", tracking: "DL998877" });
    const shipped = orderOf(await call(statusCall, "status", transactionId, { order_id: ondcOrderId }));
    const documents = shipped.documents as { url: string; label: string }[];
    expect(documents).toHaveLength(1);
    expect(documents[0]?.label).toBe("Invoice");
    const open = async (url: string) => {
      const request = new Request(url);
      const { pathname } = new URL(url);
      return (await documentLoader({
        request,
        params: { documentId: invoices[0]?.id ?? "" },
        context: new RouterContextProvider(),
        pattern: pathname,
      } as never)) as Response;
    };
    const pdf = await open(documents[0]?.url ?? "");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await open((documents[0]?.url ?? "").replace(/t=.*$/, "t=x"))).status).toBe(404);
    expect((await open((documents[0]?.url ?? "").replace(/\?t=.*$/, ""))).status).toBe(404);
  });

  it("answers a confirm whose stock sold out since the quote with 40002, and places nothing", async () => {
    const product = await createProduct({ pricePaise: 30_000, stock: 2 });
    const variantId = await variantOf(product.id);
    const mobile = phone();
    const transactionId = `txn-${newId(12)}`;
    await call(selectCall, "select", transactionId, selectMessage(variantId, 2));
    const quote = quoteOf(await call(initCall, "init", transactionId, initMessage(variantId, 2, mobile)));
    // Someone else buys one meanwhile.
    await getDb().updateTable("product_variant").set({ stock: 1 }).where("id", "=", variantId).execute();
    const reply = await call(confirmCall, "confirm", transactionId, confirmMessage(variantId, 2, mobile, quote, cod(quote)));
    expect(reply.error?.code).toBe("40002");
    expect(await stockOf(variantId)).toBe(1);
    expect((await ondcRow(transactionId)).order_id).toBeNull();
  });
});

describe("after the order", () => {
  it("reports the order's state as it ships and is delivered, tracks an https link, and refuses a cancel after shipping", async () => {
    const product = await createProduct({ pricePaise: 25_000, stock: 5 });
    const variantId = await variantOf(product.id);
    const { transactionId, ondcOrderId } = await buy(variantId, 1);
    const row = await ondcRow(transactionId);
    const orderId = row.order_id ?? "";
    const admin = await createCustomer({ role: "admin" });
    const state = async () => {
      const reply = await call(statusCall, "status", transactionId, { order_id: ondcOrderId });
      const order = orderOf(reply);
      return [order.state, (order.fulfillments as { state: { descriptor: { code: string } } }[])[0]?.state.descriptor.code];
    };
    expect(await state()).toEqual(["Created", "Pending"]);
    expect((await call(trackCall, "track", transactionId, { order_id: ondcOrderId })).error?.code).toBe("40005");
    await changeOrderStatus(orderId, "confirmed", admin.id);
    expect(await state()).toEqual(["Accepted", "Pending"]);
    await shipOrder(
      { role: "admin", id: admin.id },
      { orderId, courier: "Delhivery", tracking: "https://track.delhivery.com/p/1234567890" },
    );
    expect(await state()).toEqual(["In-progress", "Order-picked-up"]);
    const tracked = await call(trackCall, "track", transactionId, { order_id: ondcOrderId });
    expect(tracked.message).toEqual({ tracking: { url: "https://track.delhivery.com/p/1234567890", status: "active" } });
    expect((await call(cancelCall, "cancel", transactionId, { order_id: ondcOrderId, cancellation_reason_id: "010" })).error?.code).toBe(
      "50001",
    );
    await changeOrderStatus(orderId, "delivered", admin.id);
    expect(await state()).toEqual(["Completed", "Order-delivered"]);
    // The cash was taken at the door.
    const delivered = orderOf(await call(statusCall, "status", transactionId, { order_id: ondcOrderId }));
    expect(delivered.payment).toMatchObject({ type: "ON-FULFILLMENT", status: "PAID" });
    expect((await call(statusCall, "status", transactionId, { order_id: "someone-elses" })).error?.code).toBe("30018");
  });

  it("cancels before shipping with the stock back; a prepaid order's refund is recorded as the buyer app's", async () => {
    const product = await createProduct({ pricePaise: 15_000, stock: 5 });
    const variantId = await variantOf(product.id);
    const { transactionId, ondcOrderId } = await buy(variantId, 2, "prepaid");
    expect(await stockOf(variantId)).toBe(3);
    expect((await call(cancelCall, "cancel", transactionId, { order_id: ondcOrderId, cancellation_reason_id: "123" })).error?.code).toBe(
      "30012",
    );
    const reply = await call(cancelCall, "cancel", transactionId, { order_id: ondcOrderId, cancellation_reason_id: "010" });
    expect(reply.error).toBeUndefined();
    const order = orderOf(reply);
    expect(order.state).toBe("Cancelled");
    expect((order.quote as Quote).price.value).toBe("0.00");
    expect(await stockOf(variantId)).toBe(5);
    const row = await ondcRow(transactionId);
    expect(row).toMatchObject({ state: "cancelled", last_status_sent: "cancelled" });
    const refunds = await getDb()
      .selectFrom("refund")
      .selectAll()
      .where("order_id", "=", row.order_id ?? "")
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ kind: "payout", status: "processed", payout_reference: `ondc/${row.id}` });
    const placed = await getDb()
      .selectFrom("orders")
      .select(["total_paise", "refunded_paise", "payment_status"])
      .where("id", "=", row.order_id ?? "")
      .executeTakeFirstOrThrow();
    expect(Number(refunds[0]?.amount_paise)).toBe(Number(placed.total_paise));
  });

  it("takes a return of a delivered item, and refuses one before delivery (50002)", async () => {
    const product = await createProduct({ pricePaise: 12_000, stock: 5 });
    const variantId = await variantOf(product.id);
    const { transactionId, ondcOrderId } = await buy(variantId, 2, "prepaid");
    const orderId = (await ondcRow(transactionId)).order_id ?? "";
    const returning = {
      update_target: "item",
      order: {
        id: ondcOrderId,
        fulfillments: [
          {
            type: "Return",
            tags: [
              {
                code: "return_request",
                list: [
                  { code: "id", value: "r-1" },
                  { code: "item_id", value: variantId },
                  { code: "item_quantity", value: "1" },
                  { code: "reason_id", value: "003" },
                  { code: "reason_desc", value: "The bag was torn" },
                ],
              },
            ],
          },
        ],
      },
    };
    expect((await call(updateCall, "update", transactionId, returning)).error?.code).toBe("50002");
    const admin = await createCustomer({ role: "admin" });
    await shipOrder({ role: "admin", id: admin.id }, { orderId, courier: "Delhivery", tracking: "DL123456" });
    // A tracking number is no page to open.
    expect((await call(trackCall, "track", transactionId, { order_id: ondcOrderId })).error?.code).toBe("40005");
    await changeOrderStatus(orderId, "delivered", admin.id);
    const reply = await call(updateCall, "update", transactionId, returning);
    expect(reply.error).toBeUndefined();
    const requests = await getDb().selectFrom("return_request").selectAll().where("order_id", "=", orderId).execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ quantity: 1, reason_code: "damaged", status: "requested" });
  });

  it("pushes an unsolicited on_status once per change, and again when the buyer app did not take it", async () => {
    const product = await createProduct({ pricePaise: 18_000, stock: 5 });
    const variantId = await variantOf(product.id);
    const { transactionId } = await buy(variantId, 1);
    const row = await ondcRow(transactionId);
    const sent: { target: unknown; state: unknown }[] = [];
    const push = async (target: unknown, reply: OndcReply) => {
      sent.push({ target, state: orderOf(reply).state });
      return true;
    };
    // Other tests' orders may be due too: only this transaction's pushes are counted.
    const mine = () => sent.filter((s) => (s.target as { transactionId: string }).transactionId === transactionId);
    await pushOndcStatuses(push);
    expect(mine()).toHaveLength(0);
    const admin = await createCustomer({ role: "admin" });
    await changeOrderStatus(row.order_id ?? "", "confirmed", admin.id);
    await pushOndcStatuses(async () => false);
    expect((await ondcRow(transactionId)).last_status_sent).toBe("pending");
    // As the scheduler runs it, twice: the change is pushed once.
    const job = ondcStatusPushJob(push);
    expect(job.every).toBe(ONDC_STATUS_PUSH_SECONDS * 1000);
    await job.run();
    await job.run();
    expect(mine()).toEqual([
      { target: { bapId: BAP, bapUri: "https://buyer.example.in/ondc", transactionId, city: "std:020" }, state: "Accepted" },
    ]);
    expect((await ondcRow(transactionId)).last_status_sent).toBe("confirmed");
  });

  it("gives a buyer with an ONDC order an error, not a crash, for the unknown", async () => {
    expect(() => statusCall.message.parse({})).toThrow();
    const reply = await call(cancelCall, "cancel", `txn-${newId(12)}`, { order_id: "nope", cancellation_reason_id: "010" });
    expect(reply.error).toEqual(ONDC_ERRORS.orderNotFound);
  });
});
