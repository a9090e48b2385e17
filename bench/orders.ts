// The customers, stock and cash-on-delivery runs of bench:scale's order benchmark: 20 or 50 customers,
// each signed in with its own session, ordering one product through the real HTTP server as fast as
// they can, then all of them at once selling out a few units. The prepaid run
// (bench/prepaid-orders.ts) uses the same customers and helpers.
import { sql } from "kysely";
import type { Db } from "../app/platform/db/db.server";
import { formatPaise } from "../app/platform/core/money";
import { formatOrderId } from "../app/platform/core/order-id";
import { newId } from "../app/platform/ids";

export const CUSTOMERS = 50;
const ADDRESS = { phone: "9876543210", street: "1 Road", city: "Pune", state: "Maharashtra", pincode: "411001" };

/** A form POST as the browser sends it (same-site Origin), redirects left to the caller. */
export function postForm(base: string, path: string, body: Record<string, string>, cookie = "") {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
}

/** The checkout form for one unit of a product's first size. */
export function checkoutForm(productId: string, paymentMethod: "cod" | "upi") {
  return {
    items: JSON.stringify([{ productId, quantity: 1 }]),
    checkoutKey: crypto.randomUUID(),
    paymentMethod,
    ...ADDRESS,
  };
}

/** `count` new customers, signed in: their session cookies. */
export async function signUpCustomers(base: string, db: Db, count = CUSTOMERS): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `bench-${Date.now()}-${i}@example.in`;
      await postForm(base, "/account/auth", { intent: "register", name: `Bench ${i}`, email, password: "bench-pass-1", ...ADDRESS });
      // Registration signs nobody in and orders wait for a confirmed address: confirmed here as the
      // emailed link would (this measures ordering, not email), then a password sign-in.
      await db.updateTable("user").set({ emailVerified: sql<boolean>`true` }).where("email", "=", email).execute();
      const res = await postForm(base, "/account/auth", { intent: "login", email, password: "bench-pass-1" });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      // A customer who could not sign in would only measure 401s.
      if (!cookie) throw new Error(`bench customer ${i} could not sign in (HTTP ${res.status})`);
      return cookie;
    }),
  );
}

/** The `n`-th live product, cheapest first (0: the cheapest). */
export async function liveProduct(db: Db, n: number) {
  const product = await db
    .selectFrom("product")
    .select("id")
    .where("status", "=", "live")
    // The cheapest first: one unit must stay within the cash-on-delivery cap (ids are random, so
    // "the first by id" was sometimes a ₹1 lakh machine every COD checkout refused).
    .orderBy("price_paise")
    .orderBy("id")
    .offset(n)
    .limit(1)
    .executeTakeFirst();
  if (!product) throw new Error(`the order benchmark needs ${n + 1} live products`);
  return product.id;
}

/** The whole stock in the product's first size (whose id is the product's), as the checkout asks for it. */
export async function stockProduct(db: Db, productId: string, stock: number) {
  await db.updateTable("product_variant").set({ stock: 0 }).where("product_id", "=", productId).execute();
  await db.updateTable("product_variant").set({ stock }).where("id", "=", productId).execute();
  await db.updateTable("product").set({ stock }).where("id", "=", productId).execute();
  if (lotsPerSize > 0) {
    await stockInLots(db, productId, stock, lotsPerSize);
    lotsTakenBefore.set(productId, await unitsFromLots(db, productId));
  }
}

/** Units taken from each product's lots when it was last stocked. */
const lotsTakenBefore = new Map<string, number>();

/** bench:scale --lots N (issue 32): every stocked size holds its stock in N lots of different expiry. */
let lotsPerSize = 0;
export function holdStockInLots(count: number) {
  lotsPerSize = count;
}

/**
 * The size's stock as `count` lots (docs/decisions/056-lots.md): earlier lots emptied, new ones
 * expiring a month apart, their sum the stock (the size's stock is already that sum).
 */
async function stockInLots(db: Db, variantId: string, stock: number, count: number) {
  await db.updateTable("lot").set({ quantity: 0 }).where("variant_id", "=", variantId).execute();
  const now = new Date();
  const day = (months: number) => new Date(now.getTime() + months * 30 * 86_400_000).toISOString().slice(0, 10);
  const run = now.getTime().toString(36);
  await db
    .insertInto("lot")
    .values(
      Array.from({ length: count }, (_, i) => {
        const quantity = Math.floor(stock / count) + (i < stock % count ? 1 : 0);
        return {
          id: newId(),
          product_id: variantId,
          variant_id: variantId,
          number: `B${run}-${i}`,
          quantity,
          received_quantity: Math.max(quantity, 1),
          manufactured_on: day(-1),
          expires_on: day(6 + i),
          sell_before: day(6 + i),
          received_at: now.toISOString(),
        };
      }),
    )
    .execute();
}

/** Units taken from the product's lots by every order line so far. */
async function unitsFromLots(db: Db, productId: string) {
  const row = await db
    .selectFrom("order_line_lot as t")
    .innerJoin("order_line as l", "l.id", "t.order_line_id")
    .where("l.product_id", "=", productId)
    .select((eb) => eb.fn.sum<number>("t.quantity").as("q"))
    .executeTakeFirst();
  return Number(row?.q ?? 0);
}

/** Units of the product on every order line so far. */
export async function unitsOrdered(db: Db, productId: string) {
  const row = await db
    .selectFrom("order_line")
    .where("product_id", "=", productId)
    .select((eb) => eb.fn.sum<number>("quantity").as("q"))
    .executeTakeFirst();
  return Number(row?.q ?? 0);
}

/**
 * Stock after a run that started with `initial` units and `orderedBefore` units on earlier lines:
 * `oversold` counts units sold beyond the stock, a negative stock, and any difference between what
 * was sold and what left the stock (a lost update either way).
 */
export async function checkStock(db: Db, productId: string, initial: number, orderedBefore: number) {
  const after = await db.selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow();
  const stockLeft = Number(after.stock);
  const sold = (await unitsOrdered(db, productId)) - orderedBefore;
  let oversold = Math.max(0, sold - initial) + (stockLeft < 0 ? 1 : 0) + Math.abs(initial - stockLeft - sold);
  if (lotsPerSize > 0) {
    // Every unit sold came out of a lot, and the lots hold what is left.
    const fromLots = (await unitsFromLots(db, productId)) - (lotsTakenBefore.get(productId) ?? 0);
    const onHand = await db
      .selectFrom("lot")
      .where("variant_id", "=", productId)
      .select((eb) => eb.fn.sum<number>("quantity").as("q"))
      .executeTakeFirst();
    oversold += Math.abs(fromLots - sold) + Math.abs(Number(onHand?.q ?? 0) - stockLeft);
  }
  return { stockLeft, sold, oversold };
}

/** Counts failures by a label (an HTTP status, or the step and status). */
export function tally() {
  const counts = new Map<string, number>();
  return {
    add: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    toJSON: () => Object.fromEntries(counts),
  };
}

export type CodResult = {
  ordersPerSecond: number;
  placed: number;
  refused: number;
  errors: number;
  errorStatuses: Record<string, number>;
  oversold: number;
  stockLeft: number;
  /** Orders whose totals, line or confirmation email are not what one unit of the product makes (checkOrders). */
  wrongOrders: number;
};

/**
 * Each customer posts cash-on-delivery checkouts of one unit until `end` (epoch ms), or until the
 * store refuses them (409: sold out); the placed orders' ids.
 */
async function orderUntil(base: string, productId: string, customers: string[], end = Number.POSITIVE_INFINITY) {
  const placed: string[] = [];
  let refused = 0;
  const errors = tally();
  await Promise.all(
    customers.map(async (cookie) => {
      while (Date.now() < end) {
        const res = await postForm(base, "/checkout", checkoutForm(productId, "cod"), cookie).catch(() => null);
        await res?.arrayBuffer().catch(() => {});
        const orderId = /^\/order-confirmation\/([^/?]+)/.exec(res?.headers.get("location") ?? "")?.[1];
        if (res?.status === 302 && orderId) placed.push(orderId);
        else if (res?.status === 409) {
          refused++;
          return;
        } else errors.add(String(res?.status ?? "no answer"));
      }
    }),
  );
  return { placed, refused, errors };
}

/**
 * Cash on delivery: every customer places orders for the first live product until `seconds` pass.
 * Its stock (`STOCK`) outlasts the run, so the figure is throughput; the sell-out is sellOut's.
 */
export async function codOrders({ base, db, customers, seconds }: { base: string; db: Db; customers: string[]; seconds: number }) {
  const productId = await liveProduct(db, 0);
  const STOCK = 20_000;
  await stockProduct(db, productId, STOCK);
  const orderedBefore = await unitsOrdered(db, productId);
  const { placed, refused, errors } = await orderUntil(base, productId, customers, Date.now() + seconds * 1000);
  const { stockLeft, oversold } = await checkStock(db, productId, STOCK, orderedBefore);
  const result: CodResult = {
    ordersPerSecond: Math.round(placed.length / seconds),
    placed: placed.length,
    refused,
    errors: errors.total(),
    errorStatuses: errors.toJSON(),
    oversold,
    stockLeft,
    wrongOrders: await checkOrders(db, productId, placed),
  };
  return result;
}

export type SellOutResult = {
  stock: number;
  placed: number;
  refused: number;
  errors: number;
  errorStatuses: Record<string, number>;
  oversold: number;
  stockLeft: number;
  wrongOrders: number;
};

/**
 * A sell-out: every customer at once orders one unit at a time of a product with fewer units than
 * customers (the second live product, restocked) until the store refuses them. Exactly the stock
 * must be sold, none beyond it.
 */
export async function sellOut({ base, db, customers }: { base: string; db: Db; customers: string[] }): Promise<SellOutResult> {
  const productId = await liveProduct(db, 1);
  const stock = Math.max(1, Math.floor(customers.length * 0.6));
  await stockProduct(db, productId, stock);
  const orderedBefore = await unitsOrdered(db, productId);
  const { placed, refused, errors } = await orderUntil(base, productId, customers);
  const checked = await checkStock(db, productId, stock, orderedBefore);
  // Everything sold, and no more: a unit left over with every customer refused is lost stock.
  const oversold = checked.oversold + Math.abs(stock - placed.length);
  return {
    stock,
    placed: placed.length,
    refused,
    errors: errors.total(),
    errorStatuses: errors.toJSON(),
    oversold,
    stockLeft: checked.stockLeft,
    wrongOrders: await checkOrders(db, productId, placed),
  };
}

/**
 * How many of the orders `ids` (each one unit of `productId`, cash on delivery) are wrong: all of
 * them must have one line at the size's price, the same totals (the same cart), a total that is
 * subtotal + delivery + GST, GST that is the lines' and the delivery's, and one confirmation email
 * to the customer's own address naming the order and its total.
 */
export async function checkOrders(db: Db, productId: string, ids: string[]) {
  const price = await db.selectFrom("product_variant").select("price_paise").where("id", "=", productId).executeTakeFirstOrThrow();
  let wrong = 0;
  let first: string | undefined;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const orders = await db
      .selectFrom("orders as o")
      .innerJoin("user as u", "u.id", "o.user_id")
      .select([
        "o.id",
        "o.subtotal_paise",
        "o.shipping_paise",
        "o.tax_paise",
        "o.total_paise",
        "o.customer_email",
        "o.payment_method",
        "o.shipping_cgst_paise",
        "o.shipping_sgst_paise",
        "o.shipping_igst_paise",
        "u.email",
      ])
      .where("o.id", "in", chunk)
      .execute();
    const lines = await db.selectFrom("order_line").selectAll().where("order_id", "in", chunk).execute();
    const emails = await db
      .selectFrom("outbox")
      .select(["dedupe_key", "recipient", "payload"])
      .where(
        "dedupe_key",
        "in",
        chunk.map((id) => `order-placed:${id}`),
      )
      .execute();
    wrong += chunk.length - orders.length;
    for (const o of orders) {
      const mine = lines.filter((l) => l.order_id === o.id);
      const line = mine[0];
      const email = emails.filter((e) => e.dedupe_key === `order-placed:${o.id}`);
      const text = email[0] ? ((JSON.parse(email[0].payload) as { text?: string }).text ?? "") : "";
      const total = Number(o.total_paise);
      const lineTax = mine.reduce((s, l) => s + Number(l.cgst_paise) + Number(l.sgst_paise) + Number(l.igst_paise), 0);
      const shippingTax = Number(o.shipping_cgst_paise) + Number(o.shipping_sgst_paise) + Number(o.shipping_igst_paise);
      const totals = `${o.subtotal_paise}/${o.shipping_paise}/${o.tax_paise}/${total}/${line?.cgst_paise}/${line?.sgst_paise}/${line?.igst_paise}`;
      first ??= totals;
      const right =
        o.payment_method === "cod" &&
        mine.length === 1 &&
        line?.product_id === productId &&
        Number(line.quantity) === 1 &&
        Number(line.unit_price_paise) === Number(price.price_paise) &&
        Number(line.line_total_paise) === Number(line.unit_price_paise) &&
        // After its discount when offers are in play (bench:scale --offers), the goods' value.
        Number(o.subtotal_paise) === Number(line.line_total_paise) - Number(line.discount_paise) &&
        Number(o.tax_paise) === lineTax + shippingTax &&
        total === Number(o.subtotal_paise) + Number(o.shipping_paise) + Number(o.tax_paise) &&
        totals === first &&
        o.customer_email === o.email &&
        email.length === 1 &&
        email[0]?.recipient === o.email &&
        text.includes(formatOrderId(o.id)) &&
        text.includes(formatPaise(total));
      if (!right) wrong++;
    }
  }
  return wrong;
}

export function codFailures(r: CodResult) {
  return [...orderFailures(r), ...(r.placed === 0 ? ["no order was placed"] : [])];
}

/** A run's failed checks: errors, oversold units, wrong orders. */
export function orderFailures(r: { errors: number; oversold: number; wrongOrders: number }) {
  const counts: [number, string][] = [
    [r.errors, "errors"],
    [r.oversold, "oversold"],
    [r.wrongOrders, "orders with wrong totals, lines or emails"],
  ];
  return counts.flatMap(([n, what]) => (n > 0 ? [`${n} ${what}`] : []));
}
