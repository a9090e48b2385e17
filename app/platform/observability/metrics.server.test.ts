import { expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../tests/factories";
import { paidUpiOrder, withFakeGateway } from "../../../tests/paid-orders";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { watchOutbox } from "~/features/messaging/server/outbox-metrics.server";
import { getDatabase } from "~/platform/db/db.server";
import { metrics, metricsText, recordJobRun } from "./metrics.server";

const gateway = withFakeGateway();

/** A series' value now (a counter's count, a histogram's number of observations). */
async function seriesValue(name: string, labels: Record<string, string>) {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const wanted = name.endsWith("_seconds") && !name.startsWith("angle_outbox") ? `${name}_count` : name;
  const matches = values.filter(
    (v) =>
      ((v as { metricName?: string }).metricName ?? name) === wanted &&
      Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value),
  );
  return matches.reduce((sum, v) => sum + v.value, 0);
}

it("counts an order placed by its channel, once: a repeat of the same checkout is no new order", async () => {
  const customer = await createCustomer();
  const product = await createProduct({ stock: 10 });
  const before = await seriesValue("angle_orders_placed_total", { channel: "storefront" });
  const input = checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" });
  await placeOrder(customer, input);
  await placeOrder(customer, input);
  expect(await seriesValue("angle_orders_placed_total", { channel: "storefront" })).toBe(before + 1);
});

it("times every statement by engine and operation, and reads the outbox's depth when scraped", async () => {
  const { engine } = getDatabase();
  const selects = await seriesValue("angle_db_query_duration_seconds", { engine, operation: "select", outcome: "ok" });
  const inserts = await seriesValue("angle_db_query_duration_seconds", { engine, operation: "insert", outcome: "ok" });
  const customer = await createCustomer();
  const product = await createProduct({ stock: 10 });
  await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }));
  expect(await seriesValue("angle_db_query_duration_seconds", { engine, operation: "select", outcome: "ok" })).toBeGreaterThan(selects);
  expect(await seriesValue("angle_db_query_duration_seconds", { engine, operation: "insert", outcome: "ok" })).toBeGreaterThan(inserts);

  // The order's emails wait in the outbox (no worker runs here).
  watchOutbox();
  const text = (await metricsText()).body;
  const pending = Number(/^angle_outbox_messages\{status="pending"\} (\d+)$/m.exec(text)?.[1]);
  expect(pending).toBeGreaterThan(0);
  expect(Number(/^angle_outbox_oldest_pending_seconds (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(0);
  if (engine === "postgres") expect(text).toMatch(/^angle_db_pool_connections\{state="total"\} [1-9]/m);
});

it("counts a captured payment by its gateway", async () => {
  const before = await seriesValue("angle_payment_events_total", { gateway: "razorpay", outcome: "captured" });
  const customer = await createCustomer();
  const product = await createProduct({ stock: 10 });
  await paidUpiOrder(gateway, customer, [{ productId: product.id, quantity: 1 }]);
  expect(await seriesValue("angle_payment_events_total", { gateway: "razorpay", outcome: "captured" })).toBe(before + 1);
});

it("counts job runs by outcome and times those that ran", async () => {
  const runs = await seriesValue("angle_job_runs_total", { job: "test job", outcome: "failed" });
  const timed = await seriesValue("angle_job_duration_seconds", { job: "test job" });
  recordJobRun("test job", "failed", 0.2);
  recordJobRun("test job", "skipped", 0);
  expect(await seriesValue("angle_job_runs_total", { job: "test job", outcome: "failed" })).toBe(runs + 1);
  expect(await seriesValue("angle_job_runs_total", { job: "test job", outcome: "skipped" })).toBe(1);
  expect(await seriesValue("angle_job_duration_seconds", { job: "test job" })).toBe(timed + 1);
});
