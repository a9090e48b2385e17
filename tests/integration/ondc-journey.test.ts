import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { saveOndcSwitch } from "~/features/ondc/server/ondc-switch.server";
import { saveSellerLocation } from "~/features/ondc/server/seller-locations.server";
import { pushOndcStatuses } from "~/features/ondc/server/push-ondc-status.server";
import { pushStatus } from "~/features/ondc/server/ondc-jobs.server";
import { STORE_PROVIDER_ID } from "~/features/ondc/domain/catalog";
import { listOrdersForAdmin } from "~/features/orders/server/list-admin-orders.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { createProduct } from "../factories";
import { advanceOrder } from "../paid-orders";
import { startOndcTestNetwork, type OndcTestNetwork } from "../ondc-network/network";
import { sellerOf, type OndcMessage, type Seller } from "../ondc-network/buyer-app";
import { startOndcStore, type OndcStore } from "../helpers/ondc-store";

/**
 * Issue 35's "done when", on the engine this run is on: the local test network's buyer app finds an
 * Angle product by search, orders it with cash on delivery and with prepaid settlement, follows the
 * first to delivery and cancels another; every call and callback is signed and verified (the buyer app
 * refuses a callback that does not verify or does not fit ONDC's schemas: tests/ondc-network); the orders
 * are in the admin's list marked as ONDC's, their stock moved and their invoices issued.
 */
const engine = getDatabase().engine;
const tag = `journey${newId(6)}`;
const PINCODE = "411001";
const GPS = "18.520400,73.856700";

let network: OndcTestNetwork;
let store: OndcStore;
let adminId = "";

type Obj = Record<string, unknown>;
const orderIn = (callback: OndcMessage) => (callback.message as { order: Obj }).order;
const stockOf = async (variantId: string) =>
  Number((await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock);

beforeAll(async () => {
  network = await startOndcTestNetwork({ city: "std:020" });
  store = await startOndcStore(network);
  store.admit();
  await saveOndcSwitch({ enabled: true });
  await saveSellerLocation(STORE_PROVIDER_ID, { gps: "18.519600,73.855300", city: "std:020" });
  // The account buyer apps settle to (ONDC's settlement_details): the store's bank-transfer account.
  await savePaymentMethod("bankTransfer", {
    enabled: "on",
    accountName: "Angle Agri Stores",
    accountNumber: "001234567890",
    bankName: "State Bank of India",
    branchName: "Shivajinagar, Pune",
    ifscCode: "SBIN0001234",
  });
  await createProduct({
    name: `Neem Cake ${tag}`,
    category: "fertilizers",
    gstRate: 5,
    variants: [
      { label: "5 kg", pricePaise: 45_000, stock: 20, packQuantity: 5, packUnit: "kg", mrpPaise: 50_000 },
      { label: "25 kg", pricePaise: 1_90_000, stock: 5, packQuantity: 25, packUnit: "kg", mrpPaise: 2_10_000 },
    ],
  });
  adminId = (
    await createUserWithPassword({ name: "Owner", email: `owner-${tag}@example.in`, password: "journey-pass-2026", role: "admin" })
  ).id;
});

afterAll(async () => {
  // For a check by hand against ONDC's own log validation utility (tests/ondc-network/README.md).
  const out = process.env.ONDC_MESSAGES_OUT;
  if (out && network) writeFileSync(out, JSON.stringify(network.buyer.messages(), null, 2));
  await store?.stop();
  await network?.stop();
});

/** What the buyer app found: the seller, our provider and the 5 kg item as the catalogue gave them. */
async function find() {
  const { transactionId, catalogues } = await network.buyer.search({
    item: { descriptor: { name: `neem cake ${tag}` } },
    fulfillment: { type: "Delivery", end: { location: { gps: GPS, address: { area_code: PINCODE } } } },
    payment: { "@ondc/org/buyer_app_finder_fee_type": "percent", "@ondc/org/buyer_app_finder_fee_amount": "3" },
  });
  const catalogue = catalogues.find((c) => c.context.bpp_id === store.subscriberId);
  if (!catalogue) throw new Error("no catalogue from the store");
  const providers = (catalogue.message as { catalog: { "bpp/providers": Obj[] } }).catalog["bpp/providers"];
  const provider = providers.find((p) => (p.items as Obj[]).some((i) => String((i.descriptor as Obj).name).includes(tag)));
  if (!provider) throw new Error("the catalogue has no provider with the product");
  const item = (provider.items as Obj[]).find((i) => String((i.descriptor as Obj).name).includes("5 kg"));
  if (!item) throw new Error("the catalogue has no 5 kg item");
  return { transactionId, seller: sellerOf(catalogue), provider, item };
}

const billing = (phone: string) => ({
  name: "Savita Jadhav",
  phone,
  email: "savita@example.in",
  address: {
    name: "Savita Jadhav",
    building: "4 Market Yard",
    locality: "Gultekdi",
    city: "Pune",
    state: "Maharashtra",
    country: "IND",
    area_code: PINCODE,
  },
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
});

/** select → init → confirm, each built from the seller's previous answer as a buyer app builds it. */
async function order(how: "cod" | "prepaid", count: number, phone: string) {
  const found = await find();
  const seller: Seller = found.seller;
  const transactionId = found.transactionId;
  const provider = { id: found.provider.id, locations: [{ id: (found.provider.locations as Obj[])[0]?.id }] };
  const items = [{ id: found.item.id, location_id: found.item.location_id, quantity: { count } }];
  const endLocation = { gps: GPS, address: { area_code: PINCODE } };
  const selected = await network.buyer.select(seller, transactionId, {
    order: { provider, items, fulfillments: [{ end: { location: endLocation } }] },
  });
  expect(selected.error).toBeUndefined();
  const fulfillmentId = String(((orderIn(selected).fulfillments as Obj[])[0] as Obj).id);
  const who = billing(phone);
  const end = {
    location: { gps: GPS, address: who.address },
    contact: { phone, email: who.email },
    person: { name: who.name },
  };
  const payment = {
    type: how === "cod" ? "ON-FULFILLMENT" : "ON-ORDER",
    "@ondc/org/buyer_app_finder_fee_type": "percent",
    "@ondc/org/buyer_app_finder_fee_amount": "3",
  };
  const initialised = await network.buyer.init(seller, transactionId, {
    order: {
      provider,
      items: items.map((i) => ({ ...i, fulfillment_id: fulfillmentId })),
      billing: who,
      fulfillments: [{ id: fulfillmentId, type: "Delivery", end }],
      payment,
    },
  });
  expect(initialised.error).toBeUndefined();
  const draft = orderIn(initialised);
  const quote = draft.quote as { price: { value: string } };
  const now = new Date().toISOString();
  const confirmed = await network.buyer.confirm(seller, transactionId, {
    order: {
      id: `BAP-${newId(10)}`,
      state: "Created",
      provider,
      items: items.map((i) => ({ ...i, fulfillment_id: fulfillmentId })),
      billing: who,
      fulfillments: [{ id: fulfillmentId, type: "Delivery", tracking: false, end }],
      quote,
      // The buyer app's own terms (its GSTIN) and its acceptance of the seller's, as ONDC's confirm carries them.
      tags: [
        { code: "bpp_terms", list: [{ code: "accept_bpp_terms", value: "Y" }] },
        { code: "bap_terms", list: [{ code: "tax_number", value: "29AAACB1234C1Z5" }] },
      ],
      payment: {
        ...(draft.payment as Obj),
        ...payment,
        ...(how === "cod"
          ? { collected_by: "BPP", status: "NOT-PAID", params: { currency: "INR", amount: quote.price.value } }
          : {
              collected_by: "BAP",
              status: "PAID",
              params: { currency: "INR", amount: quote.price.value, transaction_id: `UPI-${randomUUID()}` },
            }),
      },
      created_at: now,
      updated_at: now,
    },
  });
  expect(confirmed.error).toBeUndefined();
  const ondc = await getDb()
    .selectFrom("ondc_order")
    .selectAll()
    .where("bap_id", "=", network.buyer.subscriberId)
    .where("transaction_id", "=", transactionId)
    .executeTakeFirstOrThrow();
  return { seller, transactionId, confirmed, orderId: ondc.order_id ?? "", ondcOrderId: String(orderIn(confirmed).id), ondc, quote };
}

const invoicesOf = (orderId: string) =>
  getDb().selectFrom("tax_document").select(["kind", "number"]).where("order_id", "=", orderId).where("kind", "=", "invoice").execute();

describe(`An ONDC buyer's journey with the store, on ${engine}`, () => {
  let variantId = "";
  it("finds the product by search, with its price including GST and its MRP", async () => {
    const { item } = await find();
    variantId = String(item.id);
    const price = item.price as { currency: string; value: string; maximum_value: string };
    // ₹450 before 5% GST: the catalogue shows what the buyer pays.
    expect(price).toMatchObject({ currency: "INR", value: "472.50", maximum_value: "500.00" });
  });

  it("orders with cash on delivery and follows it to delivery", async () => {
    const before = await stockOf(variantId);
    const placed = await order("cod", 2, "9876501234");
    // Cash on delivery: placed, waiting for the store to accept it (as a storefront order waits).
    expect(orderIn(placed.confirmed).state).toBe("Created");
    expect(await stockOf(variantId)).toBe(before - 2);
    const row = await getDb().selectFrom("orders").selectAll().where("id", "=", placed.orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payment_method: "cod", status: "pending" });
    expect(Number(row.total_paise)).toBe(Math.round(Number(placed.quote.price.value) * 100));

    // The store confirms, ships and delivers it; the buyer app hears each change unasked, and asks.
    const accepted = network.buyer.waitFor(
      (c) => c.context.action === "on_status" && c.context.transaction_id === placed.transactionId && orderIn(c).state === "Accepted",
    );
    await advanceOrder(placed.orderId, "confirmed", adminId);
    expect(await invoicesOf(placed.orderId)).toHaveLength(1);
    await pushOndcStatuses(pushStatus);
    await accepted;
    await advanceOrder(placed.orderId, "delivered", adminId);
    const pushed = network.buyer.waitFor(
      (c) => c.context.action === "on_status" && c.context.transaction_id === placed.transactionId && orderIn(c).state === "Completed",
    );
    await pushOndcStatuses(pushStatus);
    await pushed;
    const status = await network.buyer.status(placed.seller, placed.transactionId, { order_id: placed.ondcOrderId });
    const fulfillment = (orderIn(status).fulfillments as Obj[])[0] as { state: { descriptor: { code: string } } };
    expect(orderIn(status).state).toBe("Completed");
    expect(fulfillment.state.descriptor.code).toBe("Order-delivered");
  });

  it("orders with prepaid settlement through the buyer app: paid, invoiced, its settlement recorded", async () => {
    const placed = await order("prepaid", 1, "9876505678");
    const row = await getDb().selectFrom("orders").selectAll().where("id", "=", placed.orderId).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe("paid");
    expect(await invoicesOf(placed.orderId)).toHaveLength(1);
    expect(placed.ondc).toMatchObject({ payment_type: "ON-ORDER", payment_collected_by: "BAP", payment_status: "PAID" });
    expect(placed.ondc.payment_reference).toMatch(/^UPI-/);
    expect(JSON.parse(placed.ondc.settlement ?? "{}")).toMatchObject({ finderFeeType: expect.any(String) });
  });

  it("cancels another order before it ships: the stock comes back", async () => {
    const before = await stockOf(variantId);
    const placed = await order("cod", 3, "9876509999");
    expect(await stockOf(variantId)).toBe(before - 3);
    const cancelled = await network.buyer.cancel(placed.seller, placed.transactionId, {
      order_id: placed.ondcOrderId,
      cancellation_reason_id: "006",
    });
    expect(cancelled.error).toBeUndefined();
    expect(orderIn(cancelled).state).toBe("Cancelled");
    expect(await stockOf(variantId)).toBe(before);
  });

  it("shows the ONDC orders in the admin's list, marked", async () => {
    const list = await listOrdersForAdmin({ status: "all", q: "Savita", channel: "ondc" }, { cursor: null, direction: "next" });
    expect(list.rows).toHaveLength(3);
    expect(list.rows.every((o) => o.ondcBuyerApp === network.buyer.subscriberId)).toBe(true);
  });

  it("signed and verified every message both ways, each callback valid against ONDC's schemas", async () => {
    expect(network.buyer.invalid()).toEqual([]);
    expect(network.buyer.received.length).toBeGreaterThan(10);
    expect(network.buyer.received.every((r) => r.verified && r.status === 200)).toBe(true);
    const log = await getDb().selectFrom("ondc_message").select(["direction", "signature", "ack"]).execute();
    const inbound = log.filter((m) => m.direction === "in");
    const outbound = log.filter((m) => m.direction === "out");
    expect(inbound.length).toBeGreaterThan(10);
    expect(inbound.every((m) => m.signature === "verified" && m.ack === "ACK")).toBe(true);
    expect(outbound.every((m) => m.signature === "signed" && m.ack === "ACK")).toBe(true);
  });
});
