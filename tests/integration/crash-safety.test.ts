import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { linkToken, sessionCookie } from "../account-links";
import { createProduct } from "../factories";
import { spawnBuiltServer } from "../helpers/built-server";
import { freePort } from "../helpers/free-port";
import { getDb } from "~/platform/db/db.server";

/**
 * Kills the server (SIGKILL) in the middle of a burst of orders, starts it again on the same
 * database, and checks that every order a customer was told about exists and that stock adds up.
 * Needs the production build (npm test builds before this runs).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = await freePort();
const BASE = `http://localhost:${PORT}`;
const ORIGIN = `http://localhost:${PORT}`;
let server: ChildProcess | undefined;

function start() {
  const child = spawnBuiltServer({
    PORT: String(PORT),
    HOST: "::",
    BASE_URL: ORIGIN,
    SEED_ON_EMPTY: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_REGISTER_MAX: "1000",
    // 40 orders from one address in a burst.
    RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "1000",
  });
  server = child;
  return child;
}

async function healthy() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

afterAll(() => {
  server?.kill("SIGKILL");
});

it("loses no acknowledged order and no stock when the server is killed mid-burst", async () => {
  expect(existsSync(resolve(ROOT, BUILD_DIR, "server/index.js")), "run npm run build first").toBe(true);
  const STOCK = 60;
  const product = await createProduct({ stock: STOCK, pricePaise: 10_000 });
  const first = start();
  await healthy();

  const cookies = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const email = `crash-${i}-${Date.now()}@example.in`;
      const res = await fetch(`${BASE}/account/auth`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "register",
          name: `Crash ${i}`,
          email,
          password: "crash-pass-1",
          phone: "9876543210",
          street: "1 Road",
          city: "Pune",
          state: "Maharashtra",
          pincode: "411001",
        }),
      });
      expect(res.status).toBe(200);
      // Registration signs nobody in: the emailed link does, with the password (and lets the customer order).
      const confirmed = await fetch(`${BASE}/verify-email`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: await linkToken(email), password: "crash-pass-1" }),
        redirect: "manual",
      });
      expect(confirmed.status).toBe(303);
      return sessionCookie(confirmed.headers);
    }),
  );

  const acknowledged: string[] = [];
  let killed = false;
  const order = async (cookie: string) => {
    const res = await fetch(`${BASE}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        items: JSON.stringify([{ productId: product.id, quantity: 1 }]),
        checkoutKey: crypto.randomUUID(),
        paymentMethod: "cod",
        phone: "9876543210",
        street: "1 Road",
        city: "Pune",
        state: "Maharashtra",
        pincode: "411001",
      }),
    });
    if (res.status === 302) {
      // The order's id; an unexpected address is kept whole, and fails the comparison with the database below.
      const location = res.headers.get("location") ?? "(no location)";
      acknowledged.push(/^\/order-confirmation\/([^/?]+)/.exec(location)?.[1] ?? location);
      // Kill as soon as a handful are through, with the rest still in flight.
      if (acknowledged.length === 8 && !killed) {
        killed = true;
        first.kill("SIGKILL");
      }
    }
  };
  // 40 orders, four from each customer.
  await Promise.allSettled(Array.from({ length: 4 }, () => cookies.map(order)).flat());
  expect(killed).toBe(true);
  if (first.exitCode === null && first.signalCode === null) await new Promise((r) => first.once("exit", r));

  const second = start();
  await healthy();
  const db = getDb();
  const stored = await db.selectFrom("orders").select("id").where("id", "in", acknowledged).execute();
  expect(stored.map((o) => o.id).sort()).toEqual([...acknowledged].sort());
  const sold = await db
    .selectFrom("order_line")
    .where("product_id", "=", product.id)
    .select((eb) => eb.fn.sum<number>("quantity").as("q"))
    .executeTakeFirstOrThrow();
  const left = await db.selectFrom("product").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
  expect(Number(left.stock)).toBe(STOCK - Number(sold.q));
  expect(Number(left.stock)).toBeGreaterThanOrEqual(0);
  second.kill("SIGTERM");
}, 60_000);
