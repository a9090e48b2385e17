import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, restoreEnv, setEnv } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { placeholderEmail } from "~/features/accounts/domain/mobile";
import { withLocale } from "~/platform/i18n/i18n.server";
import { changeOrderStatus } from "../../orders/server/admin-orders.server";
import { placeOrder } from "../../orders/server/place-order.server";
import { enqueueEmail } from "./enqueue.server";
import { formatOrderId } from "~/platform/core/order-id";

type Sms = { to: string; text: string; templateId?: string; variables?: Record<string, string> };

const queued = (orderId: string) =>
  getDb()
    .selectFrom("outbox")
    .select(["channel", "kind", "dedupe_key", "recipient", "payload"])
    .where("dedupe_key", "like", `%${orderId}%`)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/** A customer made from a mobile number: a placeholder email, a verified number. */
async function mobileCustomer(phone: string) {
  const customer = await createCustomer({ email: placeholderEmail(phone), name: "Ramesh" });
  await getDb().updateTable("user").set({ phoneNumber: phone, phoneNumberVerified: true }).where("id", "=", customer.id).execute();
  return customer;
}

describe("order updates by SMS", () => {
  it("texts a customer who has no email when the order is placed and when its status changes, and emails nothing", async () => {
    const customer = await mobileCustomer("+919812300001");
    const admin = await createCustomer({ role: "admin" });
    const seeds = await createProduct({ name: "Okra Seeds", pricePaise: 12_000, stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: seeds.id, quantity: 1 }]));
    await changeOrderStatus(orderId, "confirmed", admin.id);

    const rows = await queued(orderId);
    const customerRows = rows.filter((r) => r.channel === "sms" || r.recipient === customer.email);
    expect(customerRows.map((r) => [r.channel, r.kind, r.dedupe_key, r.recipient])).toEqual([
      ["sms", "order-status-sms", `order-status-sms:${orderId}:pending`, "+919812300001"],
      ["sms", "order-status-sms", `order-status-sms:${orderId}:confirmed`, "+919812300001"],
    ]);
    const [placed, confirmed] = customerRows.map((r) => JSON.parse(r.payload) as Sms);
    const link = `http://localhost:3999/order-confirmation/${orderId}`;
    expect(placed?.text).toBe(`Angle order #${formatOrderId(orderId)} is placed. Details: ${link}`);
    expect(confirmed?.variables).toEqual({ order: formatOrderId(orderId), status: "confirmed", link });
  });

  it("texts a customer with an email only when they opted in, at their profile's mobile once an SMS code proved it", async () => {
    const quiet = await createCustomer();
    const keen = await createCustomer();
    await getDb().updateTable("user").set({ sms_order_updates: true, verified_phone: "+919876543210" }).where("id", "=", keen.id).execute();
    const seeds = await createProduct({ name: "Chilli Seeds", pricePaise: 9_000, stock: 5 });
    const first = await placeOrder(quiet, checkoutInput([{ productId: seeds.id, quantity: 1 }]));
    const second = await placeOrder(keen, checkoutInput([{ productId: seeds.id, quantity: 1 }]));
    expect((await queued(first.orderId)).filter((r) => r.channel === "sms")).toEqual([]);
    const sms = (await queued(second.orderId)).filter((r) => r.channel === "sms");
    expect(sms.map((r) => r.recipient)).toEqual(["+919876543210"]);
    expect((await queued(second.orderId)).some((r) => r.kind === "order-placed" && r.recipient === keen.email)).toBe(true);
  });
});

describe("order updates by SMS in Hindi", () => {
  afterEach(restoreEnv);
  const MSG91 = { MSG91_AUTH_KEY: "test-auth-key-123", MSG91_TEMPLATE_OTP: "tmpl-otp", MSG91_TEMPLATE_ORDER_STATUS: "tmpl-status" };

  /** A mobile customer's order placed on the Hindi pages (orders.locale hi), then confirmed; its two SMS. */
  async function hindiOrderSms(phone: string) {
    const customer = await mobileCustomer(phone);
    const admin = await createCustomer({ role: "admin" });
    const seeds = await createProduct({ name: "Bhindi Seeds", pricePaise: 12_000, stock: 5 });
    const { orderId } = await withLocale("hi", () => placeOrder(customer, checkoutInput([{ productId: seeds.id, quantity: 1 }])));
    await changeOrderStatus(orderId, "confirmed", admin.id);
    const sms = (await queued(orderId)).filter((r) => r.channel === "sms").map((r) => JSON.parse(r.payload) as Sms);
    return { orderId, sms, link: `http://localhost:3999/hi/order-confirmation/${orderId}` };
  }

  it("writes a Hindi order's SMS in Hindi, the status said as a sentence, with the Hindi link", async () => {
    const { orderId, sms, link } = await hindiOrderSms("+919812300011");
    expect(sms.map((s) => s.text)).toEqual([
      `आपका Angle ऑर्डर #${formatOrderId(orderId)} हमें मिल गया है। पूरी जानकारी: ${link}`,
      `आपका Angle ऑर्डर #${formatOrderId(orderId)} पक्का हो गया है। पूरी जानकारी: ${link}`,
    ]);
    expect(sms[1]?.variables).toEqual({ order: formatOrderId(orderId), status: "पक्का हो गया है", link });
    expect(sms.every((s) => s.templateId === undefined)).toBe(true);
  });

  it("keeps an English order's SMS in English, with the English link", async () => {
    setEnv({ ...MSG91, MSG91_TEMPLATE_ORDER_STATUS_HI: "tmpl-status-hi" });
    const customer = await mobileCustomer("+919812300012");
    const seeds = await createProduct({ stock: 5 });
    const { orderId } = await withLocale("en", () => placeOrder(customer, checkoutInput([{ productId: seeds.id, quantity: 1 }])));
    const [placed] = (await queued(orderId)).filter((r) => r.channel === "sms").map((r) => JSON.parse(r.payload) as Sms);
    const link = `http://localhost:3999/order-confirmation/${orderId}`;
    expect(placed).toMatchObject({ text: `Angle order #${formatOrderId(orderId)} is placed. Details: ${link}`, templateId: "tmpl-status" });
  });

  it("through MSG91 without a Hindi template, sends a Hindi order's SMS in English under the English template", async () => {
    setEnv(MSG91);
    const { orderId, sms, link } = await hindiOrderSms("+919812300013");
    expect(sms.map((s) => [s.templateId, s.text])).toEqual([
      ["tmpl-status", `Angle order #${formatOrderId(orderId)} is placed. Details: ${link}`],
      ["tmpl-status", `Angle order #${formatOrderId(orderId)} is confirmed. Details: ${link}`],
    ]);
    expect(sms[1]?.variables).toEqual({ order: formatOrderId(orderId), status: "confirmed", link });
  });

  it("through MSG91 with the Hindi template, sends it in Hindi under that template", async () => {
    setEnv({ ...MSG91, MSG91_TEMPLATE_ORDER_STATUS_HI: "tmpl-status-hi" });
    const { orderId, sms, link } = await hindiOrderSms("+919812300014");
    expect(sms.map((s) => [s.templateId, s.text])).toEqual([
      ["tmpl-status-hi", `आपका Angle ऑर्डर #${formatOrderId(orderId)} हमें मिल गया है। पूरी जानकारी: ${link}`],
      ["tmpl-status-hi", `आपका Angle ऑर्डर #${formatOrderId(orderId)} पक्का हो गया है। पूरी जानकारी: ${link}`],
    ]);
  });
});

describe("which emails are queued", () => {
  const email = (to: string) => ({ to, subject: "Hello", text: "Hello", html: "<p>Hello</p>" });
  const byKey = (key: string) => getDb().selectFrom("outbox").select("id").where("dedupe_key", "=", key).execute();

  it("never queues an email to a placeholder address", async () => {
    await enqueueEmail(getDb(), "order-placed", "skip:placeholder", email(placeholderEmail("+919812300009")));
    expect(await byKey("skip:placeholder")).toEqual([]);
  });

  it("skips a non-essential kind for someone who turned those off, and still sends essential ones", async () => {
    const off = await createCustomer();
    const on = await createCustomer();
    await getDb().updateTable("user").set({ non_essential_emails: false }).where("id", "=", off.id).execute();
    await enqueueEmail(getDb(), "newsletter", "skip:newsletter-off", email(off.email));
    await enqueueEmail(getDb(), "newsletter", "skip:newsletter-on", email(on.email));
    await enqueueEmail(getDb(), "order-status", "skip:essential-off", email(off.email));
    expect(await byKey("skip:newsletter-off")).toEqual([]);
    expect(await byKey("skip:newsletter-on")).toHaveLength(1);
    expect(await byKey("skip:essential-off")).toHaveLength(1);
  });
});
