import type { ChildProcess } from "node:child_process";
import { request } from "node:http";
import { Redis } from "ioredis";
import { afterAll, expect, it } from "vitest";
import { linkToken } from "../account-links";
import { createProduct } from "../factories";
import { spawnBuiltServer } from "../helpers/built-server";
import { freePort } from "../helpers/free-port";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { defined } from "~/platform/defined";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { getAuth } from "~/platform/auth/auth.server";

/**
 * Two server processes on one database behave as one store: a session made through one is
 * recognised by the other, failed sign-ins count against one shared limit, and a burst of orders
 * split across both never oversells. (On SQLite both processes share the file; on PostgreSQL,
 * the database. With RATE_LIMIT_STORE=redis the limit is counted in Redis instead.)
 */
const first = await freePort();
let second = await freePort();
while (second === first) second = await freePort();
const ports: [number, number] = [first, second];
const servers: ChildProcess[] = [];
// One public origin, as behind a load balancer: both instances accept it.
const ORIGIN = "http://localhost:3999";

function start(port: number) {
  const child = spawnBuiltServer({
    PORT: String(port),
    HOST: "::",
    BASE_URL: ORIGIN,
    SEED_ON_EMPTY: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_REGISTER_MAX: "1000",
    RATE_LIMIT_SIGNIN_MAX: "10",
    // One customer places the whole burst below: only stock may refuse them here.
    ORDER_MAX_OPEN_UNPAID: "100",
    RATE_LIMIT_CHECKOUT_MAX: "100",
    RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "100",
    // Better Auth's own scrypt, as a real store hashes: the other suites' stores use a cheap one
    // (app/platform/auth/password-hashing.server.ts), so this is where registration and sign-in are
    // proven at the standard cost.
    PASSWORD_HASHING: "standard",
  });
  servers.push(child);
}

async function healthy(port: number) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not start`);
}

type Reply = { status: number; cookies: string[]; text: string };

/** A request as a load balancer forwards it: to one instance, carrying the public Host. (fetch cannot set Host.) */
function send(port: number, method: string, path: string, body?: Record<string, string>, cookie = ""): Promise<Reply> {
  const payload = body ? new URLSearchParams(body).toString() : "";
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: "localhost",
        port,
        method,
        path,
        headers: {
          host: "localhost:3999",
          origin: ORIGIN,
          cookie,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () =>
          resolvePromise({ status: res.statusCode ?? 0, cookies: ([] as string[]).concat(res.headers["set-cookie"] ?? []), text }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
const post = (port: number, path: string, body: Record<string, string>, cookie = "") => send(port, "POST", path, body, cookie);

afterAll(() => {
  for (const server of servers) server.kill("SIGTERM");
});

/** The account's sign-in count where the configured store keeps it, and nowhere else. */
async function signInFailuresCounted(email: string) {
  const key = `signin:email:${email}`;
  const rows = await getDb().selectFrom("rate_limit_bucket").select("count").where("key", "=", key).execute();
  const env = getEnv();
  if (env.RATE_LIMIT_STORE === "database") return rows.reduce((sum, row) => sum + Number(row.count), 0);
  expect(rows).toEqual([]);
  const redis = new Redis(defined(env.REDIS_URL, "REDIS_URL (the rate-limit store is Redis)"));
  try {
    return (await redis.hvals(`${env.REDIS_KEY_PREFIX}rl:${key}`)).reduce((sum, count) => sum + Number(count), 0);
  } finally {
    await redis.quit();
  }
}

it("two instances share sessions, rate limits and stock", async () => {
  expect(["sqlite", "postgres"]).toContain(getDatabase().engine);
  ports.forEach(start);
  await Promise.all(ports.map(healthy));

  const email = `two-${Date.now()}@example.in`;
  const registered = await post(ports[0], "/account/auth", {
    intent: "register",
    name: "Two Instances",
    email,
    password: "two-pass-123",
    phone: "9876543210",
    street: "1 Road",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  });
  expect(registered.status).toBe(200);
  // The emailed link (opened on the first instance, with the password) signs the customer in.
  const confirmed = await post(ports[0], "/verify-email", { token: await linkToken(email), password: "two-pass-123" });
  expect(confirmed.status).toBe(303);
  const cookie = confirmed.cookies.map((c) => c.split(";")[0]).join("; ");
  // The other instance knows the session: its page greets the customer by name (a guest's does not).
  const page = await send(ports[1], "GET", "/orders", undefined, cookie);
  expect(page.status).toBe(200);
  expect(page.text).toContain("Two Instances");
  expect((await send(ports[1], "GET", "/orders")).text).not.toContain("Two Instances");

  // Ten failures spread over both instances exhaust the one limit for this account (in any 60 s,
  // so whenever the test runs).
  for (let i = 0; i < 10; i++) await post(ports[i % 2 ? 1 : 0], "/account/auth", { intent: "login", email, password: `wrong-${i}-pass` });
  const locked = await post(ports[1], "/account/auth", { intent: "login", email, password: "two-pass-123" });
  expect(locked.status).toBe(429);
  // Only the ten allowed attempts count; the refused one does not.
  expect(await signInFailuresCounted(email)).toBe(10);

  const STOCK = 7;
  const product = await createProduct({ stock: STOCK });
  const results = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      post(
        ports[i % 2 ? 1 : 0],
        "/checkout",
        {
          items: JSON.stringify([{ productId: product.id, quantity: 1 }]),
          checkoutKey: crypto.randomUUID(),
          paymentMethod: "cod",
          phone: "9876543210",
          street: "1 Road",
          city: "Pune",
          state: "Maharashtra",
          pincode: "411001",
        },
        cookie,
      ),
    ),
  );
  expect(
    results.filter((r) => r.status === 302),
    results.map((r) => r.status).join(","),
  ).toHaveLength(STOCK);
  expect(results.filter((r) => r.status === 409)).toHaveLength(24 - STOCK);
  const left = await getDb().selectFrom("product").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
  expect(Number(left.stock)).toBe(0);

  // An admin confirms the placed orders through both instances at once: each gets its tax invoice,
  // and the store's numbers are consecutive, with no gap or repeat (issue 14).
  const orderIds = (await getDb().selectFrom("order_line").select("order_id").where("product_id", "=", product.id).execute()).map(
    (r) => r.order_id,
  );
  expect(orderIds).toHaveLength(STOCK);
  const adminEmail = `two-admin-${Date.now()}@example.in`;
  await createUserWithPassword({ name: "Two Admin", email: adminEmail, password: "two-admin-pass", role: "admin" });
  // Signed in here rather than through /admin/login: the sign-in limit for this address is spent above.
  const { headers: signedIn } = await getAuth().api.signInEmail({
    body: { email: adminEmail, password: "two-admin-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  const adminCookie = signedIn
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const confirmed2 = await Promise.all(
    orderIds.map((id, i) => post(ports[i % 2 ? 1 : 0], `/admin/orders/${id}`, { status: "confirmed" }, adminCookie)),
  );
  expect(confirmed2.map((r) => r.status)).toEqual(orderIds.map(() => 303));
  const invoices = await getDb()
    .selectFrom("tax_document")
    .select(["sequence", "financial_year"])
    .where("order_id", "in", orderIds)
    .where("seller", "=", "store")
    .where("kind", "=", "invoice")
    .execute();
  const sequences = invoices.map((r) => Number(r.sequence)).sort((a, b) => a - b);
  const first = sequences[0] ?? 0;
  expect(sequences).toEqual(Array.from({ length: STOCK }, (_, i) => first + i));
  // Nobody else took a store number in between: the counter stands at the last one.
  const counter = await getDb()
    .selectFrom("document_counter")
    .select("last")
    .where("series", "=", "store:invoice")
    .where("financial_year", "=", defined(invoices[0], "an invoice").financial_year)
    .executeTakeFirstOrThrow();
  expect(Number(counter.last)).toBeGreaterThanOrEqual(first + STOCK - 1);
}, 90_000);
