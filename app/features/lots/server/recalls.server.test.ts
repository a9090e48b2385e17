import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createLot, createProduct, createVendor } from "../../../../tests/factories";
import { sizeOf } from "../../../../tests/sizes";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { ShipmentRefused, shipOrder } from "~/features/orders/server/ship-order.server";
import { recallLot, RecallRefused } from "./recall-lot.server";
import { cancelRecalledOrder, listOrderRecallHolds, swapRecalledLot } from "./recall-holds.server";
import { recallReport, recallReportCsv } from "./recall-report.server";
import { lotsLeft, lotsOfOrder, stockOf } from "../../../../tests/lots";

/** An order's lots as [number, units still out]. */
const heldBy = (orderId: string) => lotsOfOrder(orderId, { out: true });

const engine = getDatabase().engine;
const today = indiaToday();
const admin = { role: "admin" as const, id: "admin-recalls" };

async function tomatoSeed(vendorId: string | null = null) {
  const product = await createProduct({
    name: `Tomato seed ${Date.now().toString(36)}`,
    category: "seeds",
    vendorId,
    variants: [{ label: "10 g", pricePaise: 15_000, stock: 0 }],
  });
  const size = await sizeOf(product.id, "10 g");
  const early = await createLot(size.id, { number: "TS-EARLY", quantity: 10, expiresOn: addDays(today, 30) });
  const late = await createLot(size.id, { number: "TS-LATE", quantity: 3, expiresOn: addDays(today, 300) });
  return { product, size, early, late };
}

type Customer = Awaited<ReturnType<typeof createCustomer>>;
async function order(
  seed: { product: { id: string }; size: { id: string } },
  quantity: number,
  options: { status?: OrderStatus; locale?: "en" | "hi"; customer?: Customer; phone?: string } = {},
) {
  const customer = options.customer ?? (await createCustomer());
  const placed = await placeOrder(
    customer,
    checkoutInput([{ productId: seed.product.id, variantId: seed.size.id, quantity }], {
      paymentMethod: "cod",
      ...(options.phone ? { phone: options.phone } : {}),
    }),
  );
  await getDb()
    .updateTable("orders")
    .set({ status: options.status ?? "pending", locale: options.locale ?? "en" })
    .where("id", "=", placed.orderId)
    .execute();
  return { ...placed, customer };
}

const outboxOf = (lotId: string) =>
  getDb()
    .selectFrom("outbox")
    .select(["channel", "kind", "recipient", "payload", "dedupe_key"])
    .where((eb) => eb.or([eb("dedupe_key", "like", `lot-recall:${lotId}:%`), eb("dedupe_key", "like", `lot-recall-sms:${lotId}:%`)]))
    .orderBy("channel")
    .orderBy("recipient")
    .execute();

describe(`recalls (${engine})`, () => {
  it("a recall stops the lot selling at once, flags open orders and tells each customer who received it once, in their language", async () => {
    const seed = await tomatoSeed();
    const hindi = await createCustomer({ email: `kisan-${Date.now()}@example.in` });
    await order(seed, 2, { status: "delivered", locale: "hi", customer: hindi, phone: "+91 91111 22222" });
    await order(seed, 1, { status: "shipped", locale: "hi", customer: hindi, phone: "+91 91111 22222" });
    const english = await order(seed, 1, { status: "delivered", locale: "en", phone: "+91 93333 44444" });
    const open = await order(seed, 2, { status: "confirmed" });
    const placed = await order(seed, 1, { status: "pending" });
    const gone = await order(seed, 1, { status: "cancelled" });
    await getDb()
      .updateTable("order_line_lot")
      .set({ returned: 1 })
      .where("order_line_id", "in", getDb().selectFrom("order_line").select("id").where("order_id", "=", gone.orderId))
      .execute();
    expect(await stockOf(seed.size.id)).toBe(13 - 8);

    const outcome = await recallLot({ lotId: seed.early.id, reason: "Germination below the label's 70%", actor: admin });
    expect(outcome).toMatchObject({ lot: "TS-EARLY", heldOrders: 2, toldCustomers: 2 });
    // Only the late lot is for sale now: an order for more than it holds is refused.
    expect(await stockOf(seed.size.id)).toBe(3);
    const refused = await order(seed, 4).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderRefused);
    expect((refused as OrderRefused).message).toMatch(/only 3 of .* left/i);

    expect((await listOrderRecallHolds(open.orderId)).map((h) => [h.lot, h.units])).toEqual([["TS-EARLY", 2]]);
    expect((await listOrderRecallHolds(placed.orderId)).map((h) => h.lot)).toEqual(["TS-EARLY"]);
    expect(await listOrderRecallHolds(english.orderId)).toEqual([]);

    const messages = await outboxOf(seed.early.id);
    expect(messages.map((m) => [m.channel, m.kind, m.recipient])).toEqual([
      ["email", "lot-recall", english.customer.email],
      ["email", "lot-recall", hindi.email],
      ["sms", "lot-recall-sms", "+919111122222"],
      ["sms", "lot-recall-sms", "+919333344444"],
    ]);
    const payload = (recipient: string) => JSON.parse(messages.find((m) => m.recipient === recipient)?.payload ?? "{}");
    const hindiEmail = payload(hindi.email);
    expect(hindiEmail.to).toBe(hindi.email);
    expect(hindiEmail.subject).toContain("TS-EARLY");
    expect(hindiEmail.subject).toMatch(/[\u0900-\u097F]/);
    expect(hindiEmail.text).toContain("Germination below the label's 70%");
    expect(hindiEmail.html).toContain(`lang="hi-IN"`);
    expect(payload(english.customer.email).subject).toBe(
      `Important: ${await productName(seed.product.id)} (10 g), lot TS-EARLY, is recalled`,
    );
    expect(payload("+919111122222").text).toMatch(/[\u0900-\u097F]/);
    expect(payload("+919111122222").to).toBe("+919111122222");
    expect(payload("+919333344444").text).toContain("must not be used");

    const again = await recallLot({ lotId: seed.early.id, reason: "Again", actor: admin }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(RecallRefused);
    expect((again as RecallRefused).status).toBe(409);
    expect((await outboxOf(seed.early.id)).length).toBe(4);
  });

  it("a flagged order is swapped to the other lots first expiry first, or refused when they hold too few; or cancelled and refunded", async () => {
    const seed = await tomatoSeed();
    const third = await createLot(seed.size.id, { number: "TS-MID", quantity: 2, expiresOn: addDays(today, 100) });
    const swapped = await order(seed, 3, { status: "confirmed" });
    const big = await order(seed, 5, { status: "pending" });
    expect(await heldBy(swapped.orderId)).toEqual([["TS-EARLY", 3]]);
    await recallLot({ lotId: seed.early.id, reason: "Mislabelled", actor: admin });
    expect(await stockOf(seed.size.id)).toBe(5);
    expect(await lotsLeft(seed.size.id)).toEqual({ "TS-EARLY": 2, "TS-LATE": 3, "TS-MID": 2 });

    // Not shipped while it holds the recalled lot.
    const ship = { orderId: swapped.orderId, courier: "India Post", tracking: "EE123456789IN" };
    const held = await shipOrder({ role: "admin", id: "admin-1" }, ship).catch((e: unknown) => e);
    expect(held).toBeInstanceOf(ShipmentRefused);
    expect((held as ShipmentRefused).refusal).toEqual({ code: "recalls.ship_held", params: { lot: "TS-EARLY" } });

    const swap = await swapRecalledLot({ orderId: swapped.orderId, lotId: seed.early.id, adminId: "admin-1" });
    expect(swap).toMatchObject({ units: 3, into: "TS-MID (2), TS-LATE (1)" });
    expect(await heldBy(swapped.orderId)).toEqual([
      ["TS-EARLY", 0],
      ["TS-LATE", 1],
      ["TS-MID", 2],
    ]);
    // The recalled lot has its units back on hand, not for sale; the stock is the other lots'.
    expect(await lotsLeft(seed.size.id)).toEqual({ "TS-EARLY": 5, "TS-LATE": 2, "TS-MID": 0 });
    expect(await stockOf(seed.size.id)).toBe(2);
    expect(await listOrderRecallHolds(swapped.orderId)).toEqual([]);
    const event = await getDb()
      .selectFrom("order_event")
      .select(["status", "note"])
      .where("order_id", "=", swapped.orderId)
      .where("note", "like", "Recalled lot%")
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ status: "confirmed", note: "Recalled lot TS-EARLY: 3 swapped to lot TS-MID (2), TS-LATE (1)" });
    expect((await shipOrder({ role: "admin", id: "admin-1" }, ship)).orderShipped).toBe(true);
    const twice = await swapRecalledLot({ orderId: swapped.orderId, lotId: seed.early.id, adminId: "admin-1" }).catch((e: unknown) => e);
    expect((twice as RecallRefused).status).toBe(404);

    // Five units to swap, two left in other lots: refused, nothing written.
    const short = await swapRecalledLot({ orderId: big.orderId, lotId: seed.early.id, adminId: "admin-1" }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(RecallRefused);
    expect((short as RecallRefused).message).toBe(
      "Not enough stock to swap lot TS-EARLY: the order needs 5 and the other lots on sale hold 2. Receive a new lot, or cancel and refund the order.",
    );
    expect(await lotsLeft(seed.size.id)).toEqual({ "TS-EARLY": 5, "TS-LATE": 2, "TS-MID": 0 });
    expect(await heldBy(big.orderId)).toEqual([["TS-EARLY", 5]]);

    const cancelled = await cancelRecalledOrder({ orderId: big.orderId, lotId: seed.early.id, adminId: "admin-1" });
    expect(cancelled.lot).toBe("TS-EARLY");
    const status = await getDb().selectFrom("orders").select("status").where("id", "=", big.orderId).executeTakeFirstOrThrow();
    expect(status.status).toBe("cancelled");
    expect(await lotsLeft(seed.size.id)).toEqual({ "TS-EARLY": 10, "TS-LATE": 2, "TS-MID": 0 });
    expect(await stockOf(seed.size.id)).toBe(2);
    expect(await listOrderRecallHolds(big.orderId)).toEqual([]);
    const note = await getDb()
      .selectFrom("order_event")
      .select("note")
      .where("order_id", "=", big.orderId)
      .where("status", "=", "cancelled")
      .executeTakeFirstOrThrow();
    expect(note.note).toContain("Holds recalled lot TS-EARLY");
    void third;

    const report = await recallReport(admin, seed.early.id);
    expect(report?.rows.map((r) => [r.orderId, r.units, r.unitsBack, r.hold])).toEqual([
      [swapped.orderId, 3, 3, "swapped"],
      [big.orderId, 5, 5, "cancelled"],
    ]);
  });

  it("orders racing a recall: each one that took units of the lot is flagged, none takes any after it", async () => {
    const seed = await tomatoSeed();
    const customers = await Promise.all(Array.from({ length: 6 }, () => createCustomer()));
    const racing = customers.map((customer) =>
      placeOrder(customer, checkoutInput([{ productId: seed.product.id, variantId: seed.size.id, quantity: 2 }], { paymentMethod: "cod" })),
    );
    const [recall, ...placed] = await Promise.allSettled([recallLot({ lotId: seed.early.id, reason: "Race", actor: admin }), ...racing]);
    expect(recall.status).toBe("fulfilled");
    const orderIds = placed.flatMap((p) => (p.status === "fulfilled" ? [p.value.orderId] : []));
    expect(orderIds.length).toBeGreaterThan(0);
    const holding = await getDb()
      .selectFrom("order_line_lot as t")
      .innerJoin("order_line as l", "l.id", "t.order_line_id")
      .select(["l.order_id", "t.quantity"])
      .where("t.lot_id", "=", seed.early.id)
      .execute();
    const flagged = await getDb().selectFrom("recall_hold").select("order_id").where("lot_id", "=", seed.early.id).execute();
    expect(flagged.map((f) => f.order_id).sort()).toEqual(holding.map((h) => h.order_id).sort());
    const taken = holding.reduce((sum, h) => sum + Number(h.quantity), 0);
    expect((await lotsLeft(seed.size.id))["TS-EARLY"]).toBe(10 - taken);
    expect(await stockOf(seed.size.id)).toBe((await lotsLeft(seed.size.id))["TS-LATE"]);
  });

  it("a vendor recalls only their own products' lots; a recall needs a reason", async () => {
    const owner = await createVendor();
    const other = await createVendor();
    const seed = await tomatoSeed(owner.id);
    const notTheirs = await recallLot({ lotId: seed.early.id, reason: "Leaking packs", actor: { role: "vendor", id: other.id } }).catch(
      (e: unknown) => e,
    );
    expect(notTheirs).toBeInstanceOf(RecallRefused);
    expect((notTheirs as RecallRefused).status).toBe(404);
    const blank = await recallLot({ lotId: seed.early.id, reason: "   ", actor: { role: "vendor", id: owner.id } }).catch(
      (e: unknown) => e,
    );
    expect((blank as RecallRefused).status).toBe(400);
    expect((blank as RecallRefused).refusal.code).toBe("recalls.reason");
    expect(await stockOf(seed.size.id)).toBe(13);

    const done = await recallLot({ lotId: seed.early.id, reason: "Leaking packs", actor: { role: "vendor", id: owner.id } });
    expect(done.lot).toBe("TS-EARLY");
    expect(await stockOf(seed.size.id)).toBe(3);
    const recorded = await getDb()
      .selectFrom("lot_recall")
      .select(["actor_id", "actor_role", "reason"])
      .where("lot_id", "=", seed.early.id)
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({ actor_id: owner.id, actor_role: "vendor", reason: "Leaking packs" });
    expect(await recallReport({ role: "vendor", id: other.id }, seed.early.id)).toBeNull();
  });

  it("the recall report lists each order's customer, units and when they were told, as CSV guarded against formulas", async () => {
    const seed = await tomatoSeed();
    const customer = await createCustomer({ name: '=HYPERLINK("x")' });
    const delivered = await order(seed, 2, { status: "delivered", customer });
    const open = await order(seed, 1, { status: "confirmed" });
    await recallLot({ lotId: seed.early.id, reason: "Seed-borne disease", actor: admin });
    await getDb()
      .updateTable("outbox")
      .set({ sent_at: "2026-11-30T06:00:00.000Z" })
      .where("dedupe_key", "=", `lot-recall:${seed.early.id}:${customer.id}`)
      .execute();

    const report = await recallReport(admin, seed.early.id);
    expect(report?.lot).toMatchObject({
      number: "TS-EARLY",
      state: "recalled",
      heldOrders: 1,
      toldCustomers: 1,
      recallReason: "Seed-borne disease",
    });
    expect(report?.rows).toMatchObject([
      {
        orderId: delivered.orderId,
        status: "delivered",
        units: 2,
        unitsBack: 0,
        hold: null,
        toldAt: "2026-11-30T06:00:00.000Z",
        phone: "+91 98765 43210",
        pincode: "411001",
      },
      { orderId: open.orderId, status: "confirmed", units: 1, hold: "open" },
    ]);
    expect(report?.rows[1]).not.toHaveProperty("toldAt");
    const lines = recallReportCsv(report?.rows ?? [])
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("order,placed_at,status,customer,phone,email,pincode,units,units_back,flag,told_at");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(",delivered,");
    expect(lines[1]?.endsWith(",2,0,,2026-11-30T06:00:00.000Z")).toBe(true);
    expect(lines[2]?.endsWith(",1,0,open,")).toBe(true);
  });
});

const productName = async (id: string) =>
  (await getDb().selectFrom("product").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
