// The customers, stock and cash-on-delivery run of bench:scale's order benchmark: 50 customers, each
// signed in with its own session, ordering one scarce product through the real HTTP server as fast
// as they can. The prepaid run (bench/prepaid-orders.ts) uses the same customers and helpers.
import { sql } from "kysely";
import type { Db } from "../app/platform/db/db.server";

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
  const oversold = Math.max(0, sold - initial) + (stockLeft < 0 ? 1 : 0) + Math.abs(initial - stockLeft - sold);
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
};

/** Cash on delivery: every customer places orders for the first live product until `seconds` pass; it sells out. */
export async function codOrders({ base, db, customers, seconds }: { base: string; db: Db; customers: string[]; seconds: number }) {
  const productId = await liveProduct(db, 0);
  const STOCK = 3000;
  await stockProduct(db, productId, STOCK);
  const orderedBefore = await unitsOrdered(db, productId);
  let placed = 0;
  let refused = 0;
  const errors = tally();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    customers.map(async (cookie) => {
      while (Date.now() < until) {
        const res = await postForm(base, "/checkout", checkoutForm(productId, "cod"), cookie).catch(() => null);
        await res?.arrayBuffer().catch(() => {});
        if (res?.status === 302) placed++;
        else if (res?.status === 409) refused++;
        else errors.add(String(res?.status ?? "no answer"));
      }
    }),
  );
  const { stockLeft, oversold } = await checkStock(db, productId, STOCK, orderedBefore);
  const result: CodResult = {
    ordersPerSecond: Math.round(placed / seconds),
    placed,
    refused,
    errors: errors.total(),
    errorStatuses: errors.toJSON(),
    oversold,
    stockLeft,
  };
  return result;
}

export function codFailures(r: CodResult) {
  return [...(r.errors > 0 ? [`${r.errors} errors`] : []), ...(r.oversold > 0 ? [`${r.oversold} oversold`] : [])];
}
