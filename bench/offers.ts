// bench:scale --offers (issue 31, docs/decisions/050-offers.md): the order runs with offers in play —
// three automatic offers every order gets (two on the cart, one on the products, one of them free
// delivery) — and a coupon rush: every customer at once orders with a coupon of limited uses. Checked:
// no unit oversold, and the coupon never used more than it allows (its count, its uses' rows and the
// orders that name it all agree, and none is above the limit).
import { sql } from "kysely";
import type { Db } from "../app/platform/db/db.server";
import { newId } from "../app/platform/ids";
import { checkStock, liveProduct, postForm, stockProduct, tally, unitsOrdered } from "./orders.ts";

const ADDRESS = { phone: "9876543210", street: "1 Road", city: "Pune", state: "Maharashtra", pincode: "411001" };
export const BENCH_COUPON = "BENCHRUSH";

/** The offers in play: three automatic ones and a coupon with `couponUses` uses. */
export async function setUpOffers(db: Db, couponUses: number) {
  const now = new Date().toISOString();
  const base = {
    code: null,
    name_hi: null,
    discount_percent: null,
    discount_paise: null,
    target: "cart",
    target_ids: "[]",
    min_cart_paise: 0,
    min_quantity: 0,
    first_order_only: 0,
    states: "[]",
    starts_at: "2020-01-01T00:00:00.000Z",
    ends_at: null,
    max_uses: null,
    uses_per_customer: null,
    budget_paise: null,
    uses: 0,
    spent_paise: 0,
    status: "active",
    stacks: 0,
    created_at: now,
    updated_at: now,
  } as const;
  const products = [await liveProduct(db, 0), await liveProduct(db, 1), await liveProduct(db, 2)];
  await db
    .insertInto("offer")
    .values([
      { ...base, id: newId(), kind: "automatic", name: "Bench 5% off", discount_type: "percent", discount_percent: 5 },
      {
        ...base,
        id: newId(),
        kind: "automatic",
        name: "Bench 10% off these",
        discount_type: "percent",
        discount_percent: 10,
        target: "products",
        target_ids: JSON.stringify(products),
      },
      { ...base, id: newId(), kind: "automatic", name: "Bench free delivery", discount_type: "free_shipping", stacks: 1 },
      {
        ...base,
        id: newId(),
        kind: "coupon",
        code: BENCH_COUPON,
        name: "Bench rush coupon",
        discount_type: "fixed",
        discount_paise: 100,
        max_uses: couponUses,
      },
    ])
    .execute();
}

export type CouponRushResult = {
  customers: number;
  limit: number;
  placed: number;
  refused: number;
  errors: number;
  errorStatuses: Record<string, number>;
  /** The coupon's own count of uses, its uses' rows not given back, and the orders that name it. */
  uses: number;
  useRows: number;
  ordersUsing: number;
  overUsed: number;
  oversold: number;
};

/**
 * Every customer at once orders one unit of the third product with the coupon, once: exactly the
 * coupon's uses may succeed, the others are refused (409, used up).
 */
export async function couponRush({ base, db, customers }: { base: string; db: Db; customers: string[] }): Promise<CouponRushResult> {
  const productId = await liveProduct(db, 2);
  const stock = customers.length * 2;
  await stockProduct(db, productId, stock);
  const orderedBefore = await unitsOrdered(db, productId);
  const coupon = await db.selectFrom("offer").select(["id", "max_uses"]).where("code", "=", BENCH_COUPON).executeTakeFirstOrThrow();
  const limit = Number(coupon.max_uses);
  const placed: string[] = [];
  let refused = 0;
  const errors = tally();
  await Promise.all(
    customers.map(async (cookie) => {
      const form = {
        items: JSON.stringify([{ productId, quantity: 1 }]),
        checkoutKey: crypto.randomUUID(),
        paymentMethod: "cod",
        couponCode: BENCH_COUPON,
        ...ADDRESS,
      };
      const res = await postForm(base, "/checkout", form, cookie).catch(() => null);
      await res?.arrayBuffer().catch(() => {});
      const orderId = /^\/order-confirmation\/([^/?]+)/.exec(res?.headers.get("location") ?? "")?.[1];
      if (res?.status === 302 && orderId) placed.push(orderId);
      else if (res?.status === 409) refused++;
      else errors.add(String(res?.status ?? "no answer"));
    }),
  );
  const row = await db.selectFrom("offer").select("uses").where("id", "=", coupon.id).executeTakeFirstOrThrow();
  const useRows = await db
    .selectFrom("offer_use")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("offer_id", "=", coupon.id)
    .where("returned", "=", 0)
    .executeTakeFirstOrThrow();
  const naming = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(sql<string>`offers`, "like", `%${coupon.id}%`)
    .executeTakeFirstOrThrow();
  const uses = Number(row.uses);
  const rows = Number(useRows.n);
  const ordersUsing = Number(naming.n);
  const { oversold } = await checkStock(db, productId, stock, orderedBefore);
  return {
    customers: customers.length,
    limit,
    placed: placed.length,
    refused,
    errors: errors.total(),
    errorStatuses: errors.toJSON(),
    uses,
    useRows: rows,
    ordersUsing,
    // Used beyond its limit, or counted otherwise than it was used (or an order placed that did not use it).
    overUsed: Math.max(0, uses - limit) + Math.abs(uses - rows) + Math.abs(uses - ordersUsing) + Math.abs(ordersUsing - placed.length),
    oversold,
  };
}

export function couponRushFailures(r: CouponRushResult) {
  const counts: [number, string][] = [
    [r.errors, "errors"],
    [r.oversold, "oversold"],
    [r.overUsed, "coupon uses over the limit or miscounted"],
    // 50 customers and fewer uses: every use must be taken (none lost to a refused race).
    [Math.abs(r.placed - Math.min(r.limit, r.customers)), "coupon uses not taken"],
  ];
  return counts.flatMap(([n, what]) => (n > 0 ? [`${n} ${what}`] : []));
}
