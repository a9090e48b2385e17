// The prepaid run of bench:scale's order benchmark: each customer places a UPI order and pays it,
// the way the browser does, through the real HTTP server and the local fake gateway (which this
// benchmark runs, so it can count what the gateway captured), until the time is up.
import { setTimeout as sleep } from "node:timers/promises";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import type { Db } from "../app/platform/db/db.server";
import type { RunningFakeGateway } from "../server/fake-gateway/fake-gateway.ts";
import { checkoutForm, checkStock, liveProduct, postForm, stockProduct, tally, unitsOrdered } from "./orders.ts";

/** More than 50 customers can buy in a few seconds: the figure is throughput, not a sell-out (the COD run sells out). */
const STOCK = 100_000;

export type PrepaidResult = {
  ordersPerSecond: number;
  paid: number;
  /** From the start until the last sequence finished (the window, and then the sequences under way at its end). */
  seconds: number;
  p50: number;
  p95: number;
  /** Where the time goes: each step's median (checkout, start payment, pay at the gateway, verify). */
  stepP50: Record<Step, number>;
  refused: number;
  errors: number;
  errorSteps: Record<string, number>;
  oversold: number;
  stockLeft: number;
  /** Orders with more than one captured payment at the gateway. */
  doubleCharges: number;
  /** Orders placed in the run that are not confirmed and paid in full, exactly once, in the store and at the gateway. */
  notPaidOnce: number;
  /** Refunds at the gateway: the store refunds a payment it cannot keep (a second one for an order, say). */
  refunds: number;
  /** Webhooks the gateway sent, and those the store never answered 2xx (retries included). */
  webhooks: number;
  webhooksRefused: number;
  /** Invoice numbers missing or repeated in a series, and orders paid in the run with no invoice or more than one. */
  invoiceGaps: number;
};

/** Nearest-rank percentile, in whole milliseconds. */
function percentile(values: number[], p: number) {
  const sorted = values.toSorted((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

class StepFailed extends Error {
  constructor(readonly step: string) {
    super(step);
  }
}

/** A React Router action answered for the browser (`.data`), decoded by React Router's own client decoder. */
async function postAction(base: string, path: string, body: Record<string, string>, cookie: string) {
  const res = await postForm(base, `${path}.data`, body, cookie);
  if (!res.body) return { status: res.status, value: undefined };
  const decoded = await decodeTurboStream(res.body, globalThis);
  await decoded.done;
  return { status: res.status, value: decoded.value };
}

const field = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), value);

const CALLBACK_FIELDS = ["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"] as const;
type Step = "checkout" | "pay" | "gateway" | "verify";

/** Place a UPI order, start paying it, pay at the gateway, and have the store verify it; each step's time goes to `spent`. */
async function buyAndPay(base: string, gatewayUrl: string, productId: string, cookie: string, spent: Record<Step, number[]>) {
  const step = (name: Step, status: number | string) => new StepFailed(`${name} ${status}`);
  let since = performance.now();
  const lap = (name: Step) => {
    const now = performance.now();
    spent[name].push(now - since);
    since = now;
  };
  const placed = await postForm(base, "/checkout", checkoutForm(productId, "upi"), cookie);
  await placed.arrayBuffer();
  if (placed.status === 409) return "refused" as const;
  const orderId = /^\/order-confirmation\/([^/?]+)/.exec(placed.headers.get("location") ?? "")?.[1];
  if (placed.status !== 302 || !orderId) throw step("checkout", placed.status);
  lap("checkout");

  const page = `/order-confirmation/${orderId}`;
  const started = await postAction(base, page, { intent: "pay" }, cookie);
  const razorpayOrderId = field(started.value, "data", "razorpay", "options", "order_id");
  if (started.status !== 200 || typeof razorpayOrderId !== "string") throw step("pay", started.status);
  lap("pay");

  // What the customer's tap in Razorpay Checkout does; the answer holds the fields Checkout hands the page.
  const paid = await fetch(`${gatewayUrl}/__control/razorpay/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ order_id: razorpayOrderId, outcome: "success" }),
  });
  const callback = field(await paid.json(), "callback");
  const verify: Record<string, string> = { intent: "razorpay-verify" };
  for (const name of CALLBACK_FIELDS) {
    const value = field(callback, name);
    if (!paid.ok || typeof value !== "string") throw step("gateway", paid.status);
    verify[name] = value;
  }
  lap("gateway");

  const verified = await postAction(base, page, verify, cookie);
  if (field(verified.value, "redirect") !== `${page}?payment=done`) throw step("verify", verified.status);
  lap("verify");
  return "paid" as const;
}

/** What the gateway took for each of the store's orders: captured payments, by our order id (the Razorpay order's receipt). */
function capturedAtGateway(gateway: RunningFakeGateway) {
  const { orders, payments, refunds } = gateway.control.state.razorpay;
  const captured = new Map<string, number[]>();
  for (const payment of payments.values()) {
    if (payment.status === "failed") continue;
    const receipt = orders.get(payment.order_id)?.order.receipt;
    if (receipt) captured.set(receipt, [...(captured.get(receipt) ?? []), payment.amount]);
  }
  return { captured, refunds: refunds.size };
}

export async function prepaidOrders({
  base,
  db,
  customers,
  seconds,
  gateway,
}: {
  base: string;
  db: Db;
  customers: string[];
  seconds: number;
  gateway: RunningFakeGateway;
}): Promise<PrepaidResult> {
  // Another product than the COD run's, so each run's stock adds up on its own.
  const productId = await liveProduct(db, 1);
  await stockProduct(db, productId, STOCK);
  const orderedBefore = await unitsOrdered(db, productId);
  const latencies: number[] = [];
  const spent: Record<Step, number[]> = { checkout: [], pay: [], gateway: [], verify: [] };
  let refused = 0;
  const errors = tally();
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    customers.map(async (cookie) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          if ((await buyAndPay(base, gateway.url, productId, cookie, spent)) === "refused") refused++;
          else latencies.push(performance.now() - t0);
        } catch (error) {
          errors.add(error instanceof StepFailed ? error.step : `no answer (${error instanceof Error ? error.message : error})`);
        }
      }
    }),
  );
  // Until the last sequence finished: no customer starts one after the window, and each one finishes.
  const end = performance.now();

  // The gateway's webhooks (payment.captured, order.paid) for the last payments land before anything is counted.
  await Promise.race([gateway.control.idle(), sleep(30_000, undefined, { ref: false })]);
  const { stockLeft, oversold } = await checkStock(db, productId, STOCK, orderedBefore);
  const { captured, refunds } = capturedAtGateway(gateway);
  const orders = await db
    .selectFrom("orders as o")
    .select(["o.id", "o.status", "o.payment_status", "o.paid_paise", "o.total_paise"])
    .select((eb) =>
      eb
        .selectFrom("payment as p")
        .whereRef("p.order_id", "=", "o.id")
        .where("p.status", "=", "paid")
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("paid_attempts"),
    )
    .where("o.payment_method", "=", "upi")
    .where("o.id", "in", (eb) => eb.selectFrom("order_line").select("order_id").where("product_id", "=", productId))
    .execute();
  let doubleCharges = 0;
  let notPaidOnce = 0;
  for (const o of orders) {
    const amounts = captured.get(o.id) ?? [];
    const total = Number(o.total_paise);
    if (amounts.length > 1) doubleCharges++;
    const once =
      amounts.length === 1 &&
      amounts[0] === total &&
      o.status === "confirmed" &&
      o.payment_status === "paid" &&
      Number(o.paid_paise) === total &&
      Number(o.paid_attempts) === 1;
    if (!once) notPaidOnce++;
  }
  const invoiceGaps = await checkInvoices(
    db,
    orders.filter((o) => o.payment_status === "paid").map((o) => o.id),
  );
  const events = gateway.control.events();
  const webhooksRefused = events.filter((e) => !e.deliveries.some((d) => d.status !== null && d.status >= 200 && d.status < 300)).length;

  return {
    ordersPerSecond: Math.round((latencies.length / ((end - start) / 1000)) * 10) / 10,
    paid: latencies.length,
    seconds: Math.round((end - start) / 100) / 10,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    stepP50: {
      checkout: percentile(spent.checkout, 50),
      pay: percentile(spent.pay, 50),
      gateway: percentile(spent.gateway, 50),
      verify: percentile(spent.verify, 50),
    },
    refused,
    errors: errors.total(),
    errorSteps: errors.toJSON(),
    oversold,
    stockLeft,
    doubleCharges,
    notPaidOnce,
    refunds,
    webhooks: events.length,
    webhooksRefused,
    invoiceGaps,
  };
}

/**
 * Invoice numbers are gapless: in every series (seller, kind, financial year) the sequences are
 * 1…n, each once; and each paid order (one seller's product) has exactly one invoice.
 */
async function checkInvoices(db: Db, paidOrderIds: string[]) {
  const series = await db
    .selectFrom("tax_document")
    .select(["seller", "kind", "financial_year"])
    .select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.count<number>("sequence").distinct().as("distinct"),
      eb.fn.min<number>("sequence").as("first"),
      eb.fn.max<number>("sequence").as("last"),
    ])
    .groupBy(["seller", "kind", "financial_year"])
    .execute();
  let gaps = 0;
  for (const s of series)
    gaps +=
      Number(s.n) - Number(s.distinct) + (Number(s.last) - Number(s.first) + 1 - Number(s.distinct)) + (Number(s.first) === 1 ? 0 : 1);
  for (let i = 0; i < paidOrderIds.length; i += 500) {
    const chunk = paidOrderIds.slice(i, i + 500);
    const invoiced = await db
      .selectFrom("tax_document")
      .select(["order_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("kind", "=", "invoice")
      .where("order_id", "in", chunk)
      .groupBy("order_id")
      .execute();
    gaps += chunk.length - invoiced.length + invoiced.reduce((sum, o) => sum + Math.abs(Number(o.n) - 1), 0);
  }
  return gaps;
}

export function prepaidFailures(r: PrepaidResult) {
  const failures = r.paid === 0 ? ["no order was paid"] : [];
  const counts: [number, string][] = [
    [r.errors, "errors"],
    [r.oversold, "oversold"],
    [r.doubleCharges, "double charges"],
    [r.notPaidOnce, "orders not paid exactly once in full"],
    [r.refunds, "refunds at the gateway"],
    [r.webhooksRefused, "webhooks refused"],
    [r.invoiceGaps, "invoice numbers missing or repeated, or paid orders without exactly one invoice"],
  ];
  for (const [n, what] of counts) if (n > 0) failures.push(`${n} ${what}`);
  return failures;
}
