import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { checkoutInput, createCustomer, createOrder, createProduct } from "../factories";
import { advanceOrder, paidUpiOrder, withFakeGateway } from "../paid-orders";
import {
  elements,
  loadProductionBuildAsStarted,
  ORIGIN,
  type ProductionApp,
  registerCustomer,
  textOf,
  visit,
} from "../helpers/production-app";
import { getDb } from "~/platform/db/db.server";
import { formatDate } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { expireUnpaidOrder } from "~/features/payments/server/payment-sweep.server";
import { sendDueRefunds } from "~/features/payments/server/refunds.server";
import { startPayment } from "~/features/payments/server/start-payment.server";
import { handleRazorpayWebhook } from "~/features/payments/server/webhooks.server";

/**
 * The customer's order page as the production build serves it, in English and Hindi, for each kind
 * of order: its heading, status badge, payment badge, the line under the badge and the timeline say
 * one thing (describeOrder). The orders are made through the store's own services and the local
 * fake payment gateway.
 */
const gateway = withFakeGateway();
const WEBHOOK_SECRET = "rzp-webhook-for-returns-tests"; // withFakeGateway's
let app: ProductionApp;
let cookie: string;
const orders: Record<string, string> = {};
let deliveredAt = "";
let paidTotal = 0;

beforeAll(async () => {
  const { build, clientDir } = await loadProductionBuildAsStarted();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
  const signedIn = await registerCustomer(app, "Asha Patil", "order-states");
  cookie = signedIn.cookie;
  const row = await getDb()
    .selectFrom("user")
    .select(["id", "name", "email"])
    .where("email", "=", signedIn.email)
    .executeTakeFirstOrThrow();
  const customer = { id: row.id, name: row.name, email: row.email };
  const admin = await createCustomer({ role: "admin" });
  const product = await createProduct({ stock: 50 });
  const items = [{ productId: product.id, quantity: 1 }];
  const place = async (paymentMethod: string) =>
    (await placeOrder(customer, checkoutInput(items, { paymentMethod, name: customer.name }))).orderId;

  // An order from before readable ids: 16 base-36 characters, look-alikes and all.
  orders.old = (await createOrder(customer.id, [product.id], "confirmed")).id;
  orders.awaiting = await place("upi");
  orders.cod = await place("cod");
  orders.cancelled = await place("cod");
  await cancelOrder({ orderId: orders.cancelled, actor: { role: "customer", id: customer.id } });
  orders.delivered = await place("cod");
  await advanceOrder(orders.delivered, "delivered", admin.id);
  deliveredAt = (
    await getDb()
      .selectFrom("order_event")
      .select("created_at")
      .where("order_id", "=", orders.delivered)
      .where("status", "=", "delivered")
      .executeTakeFirstOrThrow()
  ).created_at;

  // Paid by UPI, then cancelled by the customer: refunded through the gateway.
  orders.refunded = await paidUpiOrder(gateway, customer, items);
  paidTotal = Number(
    (await getDb().selectFrom("orders").select("total_paise").where("id", "=", orders.refunded).executeTakeFirstOrThrow()).total_paise,
  );
  await cancelOrder({ orderId: orders.refunded, actor: { role: "customer", id: customer.id } });
  await sendDueRefunds(new Date(Date.now() + 2 * 60_000));

  // Not paid in time, so cancelled; the customer pays anyway, and the payment goes back.
  orders.late = await place("upi");
  const start = await startPayment(orders.late, customer.id);
  if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
  await getDb()
    .updateTable("orders")
    .set({ payment_due_at: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", orders.late)
    .execute();
  expect(await expireUnpaidOrder(orders.late)).toBe(true);
  gateway.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success" });
  const captured = gateway.control.events().findLast((e) => e.type === "payment.captured");
  if (!captured) throw new Error("no capture");
  const signature = createHmac("sha256", WEBHOOK_SECRET).update(captured.body).digest("hex");
  const headers = new Headers({ "x-razorpay-signature": signature, "x-razorpay-event-id": captured.id });
  await handleRazorpayWebhook(captured.body, headers);
  await sendDueRefunds(new Date(Date.now() + 2 * 60_000));
});

/** The text of the one element with `data-testid` = `id`, or null when the page has none. */
function byTestId(html: string, id: string): string | null {
  const tags = new Set([...html.matchAll(new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\sdata-testid="${id}"`, "gi"))].map((m) => m[1] ?? ""));
  const found = [...tags].flatMap((tag) => elements(html, tag, new RegExp(`\\sdata-testid="${id}"`)));
  expect(found.length, `elements with data-testid="${id}"`).toBeLessThanOrEqual(1);
  return found[0] ? textOf(found[0].html) : null;
}

/** What the order page says: heading, badges, the line under them, and the timeline as "step✓" / "step". */
async function orderPage(orderId: string, locale: "en" | "hi", query = "") {
  const path = `${locale === "hi" ? "/hi" : ""}/order-confirmation/${orderId}${query}`;
  const page = await visit(app, path, { cookie, language: locale === "hi" ? "hi-IN" : "en-IN" });
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  const steps = [...page.text.matchAll(/<li\b[^>]*data-done="(true|false)"[^>]*data-step="([a-z]+)"/g)].map(
    (m) => `${m[2]}${m[1] === "true" ? "✓" : ""}`,
  );
  return {
    text: textOf(page.text),
    heading: textOf(elements(page.text, "h1")[0]?.html ?? ""),
    headingLine: byTestId(page.text, "order-heading"),
    status: byTestId(page.text, "order-status"),
    payment: byTestId(page.text, "payment-status"),
    note: byTestId(page.text, "order-status-note"),
    timeline: steps.join(" ") || null,
  };
}

const AWAITING = {
  en: ["Awaiting payment", "Pending", "Awaiting payment", "We will confirm your order as soon as your payment is received."],
  hi: ["भुगतान बाकी है", "लंबित", "भुगतान बाकी", "भुगतान मिलते ही हम आपका ऑर्डर पक्का कर देंगे।"],
} as const;
const COD_NOTE = {
  en: "“Order Confirmed” means we have your order. It shows “Pending” until the store has checked the stock and your address and confirms it for packing; we will tell you when it does.",
  hi: "“ऑर्डर पक्का” का मतलब है कि आपका ऑर्डर हमें मिल गया है। स्टोर स्टॉक और आपका पता जाँचकर इसे पैकिंग के लिए पक्का करेगा, तब तक इसकी स्थिति “लंबित” दिखेगी; पक्का होते ही हम आपको बताएँगे।",
} as const;
const CANCELLED = { en: "This order has been cancelled", hi: "यह ऑर्डर रद्द कर दिया गया है" } as const;

describe.each(["en", "hi"] as const)("the order page in %s", (locale) => {
  it("an order awaiting its UPI payment is headed so and ticks nothing: its first step is the payment", async () => {
    const page = await orderPage(orders.awaiting ?? "", locale);
    expect([page.heading, page.status, page.payment, page.note]).toEqual(AWAITING[locale]);
    expect(page.timeline).toBe("payment confirmed processing shipped delivered");
    // The id as a person reads it out: upper case, in groups, none of 0 O 1 l I.
    expect(page.headingLine).toContain(`#${formatOrderId(orders.awaiting ?? "")}`);
    expect(formatOrderId(orders.awaiting ?? "")).toMatch(/^[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}$/);
  });

  it("a new cash-on-delivery order keeps the spec's words, Pending and a ticked Order Confirmed, and says what Pending means", async () => {
    const page = await orderPage(orders.cod ?? "", locale);
    expect(page.heading).toBe(locale === "en" ? "Thank you! Your order has been placed." : "धन्यवाद! आपका ऑर्डर हो गया है।");
    expect([page.status, page.payment]).toEqual(locale === "en" ? ["Pending", "Cash on delivery"] : ["लंबित", "कैश ऑन डिलीवरी"]);
    expect(page.note).toBe(COD_NOTE[locale]);
    expect(page.timeline).toBe("confirmed✓ processing shipped delivered");
  });

  it("a cancelled order says so at the top, with no timeline, and its cash is not expected", async () => {
    const page = await orderPage(orders.cancelled ?? "", locale);
    expect([page.heading, page.status, page.payment, page.note, page.timeline]).toEqual(
      locale === "en" ? [CANCELLED.en, "Cancelled", "Not paid", null, null] : [CANCELLED.hi, "रद्द", "भुगतान नहीं किया गया", null, null],
    );
    expect(page.text).not.toContain(locale === "en" ? "Thank you! Your order has been placed." : "धन्यवाद! आपका ऑर्डर हो गया है।");
  });

  it("a paid order cancelled and refunded says both at the top", async () => {
    const page = await orderPage(orders.refunded ?? "", locale);
    const refunded = formatPaise(paidTotal);
    expect([page.heading, page.status, page.payment]).toEqual(
      locale === "en" ? [CANCELLED.en, "Cancelled", "Refunded"] : [CANCELLED.hi, "रद्द", "रिफ़ंड हो गया"],
    );
    expect(page.headingLine).toContain(
      locale === "en" ? `${refunded} has been refunded to you.` : `आपको ${refunded} का रिफ़ंड कर दिया गया है।`,
    );
  });

  it("a delivered order is headed with the day it was delivered, every step done", async () => {
    const page = await orderPage(orders.delivered ?? "", locale);
    const day = formatDate(deliveredAt, locale);
    expect(page.heading).toBe(locale === "en" ? `Delivered on ${day}` : `${day} को पहुँच गया`);
    expect([page.status, page.note]).toEqual([locale === "en" ? "Delivered" : "पहुँच गया", null]);
    expect(page.timeline).toBe("confirmed✓ processing✓ shipped✓ delivered✓");
    expect(page.text).not.toContain(locale === "en" ? "Your order has been placed" : "आपका ऑर्डर हो गया है");
  });

  it("a payment that came after the order was cancelled, and went back, never reads as paid, even back from paying", async () => {
    const page = await orderPage(orders.late ?? "", locale, "?payment=done");
    expect([page.heading, page.status, page.payment]).toEqual(
      locale === "en" ? [CANCELLED.en, "Cancelled", "Refunded"] : [CANCELLED.hi, "रद्द", "रिफ़ंड हो गया"],
    );
    if (locale === "en") {
      expect(page.text).toContain("arrived after this order was cancelled: it was refunded in full.");
      for (const paid of ["Paid ₹", "Thank you! We have received your payment.", ">Paid<"]) expect(page.text).not.toContain(paid);
    } else {
      expect(page.text).toContain("इस ऑर्डर के रद्द होने के बाद मिला: इसका पूरा रिफ़ंड हो गया है।");
      for (const paid of ["का भुगतान हुआ", "धन्यवाद! आपका भुगतान मिल गया है।", "भुगतान हो गया"]) expect(page.text).not.toContain(paid);
    }
  });

  it("an order made before, with an id of the old kind, still opens at its address, confirmed, its id in groups of four", async () => {
    const old = orders.old ?? "";
    expect(old).toMatch(/^[a-z0-9]{16}$/);
    const page = await orderPage(old, locale);
    expect(page.heading).toBe(locale === "en" ? "Thank you! Your order is confirmed." : "धन्यवाद! आपका ऑर्डर पक्का हो गया है।");
    expect(page.status).toBe(locale === "en" ? "Confirmed" : "पक्का");
    expect(page.timeline).toBe("confirmed✓ processing✓ shipped delivered");
    expect(page.headingLine).toContain(`#${formatOrderId(old)}`);
    expect(formatOrderId(old)).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  });

  it("My Orders shows each order's grouped id and a payment badge that agrees with its page", async () => {
    const page = await visit(app, locale === "hi" ? "/hi/orders" : "/orders", { cookie, language: locale === "hi" ? "hi-IN" : "en-IN" });
    const cards = elements(page.text, "li", /data-testid="order-card"/).map((c) => textOf(c.html));
    const card = (id: string) => cards.find((c) => c.includes(formatOrderId(id))) ?? "";
    expect(card(orders.awaiting ?? "")).toContain(AWAITING[locale][2]);
    expect(card(orders.cancelled ?? "")).toContain(locale === "en" ? "Not paid" : "भुगतान नहीं किया गया");
    expect(card(orders.cancelled ?? "")).not.toContain(locale === "en" ? "Cash on delivery" : "कैश ऑन डिलीवरी");
    expect(card(orders.late ?? "")).not.toContain(locale === "en" ? "Paid ₹" : "का भुगतान हुआ");
  });
});
