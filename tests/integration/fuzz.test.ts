import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createApp } from "../../server/app";
import { pageCacheFromEnv } from "../../server/page-cache";
import { defined } from "~/platform/defined";
import { resetEnv } from "~/platform/env.server";
import { linkToken } from "../account-links";
import type { Answer } from "../fuzz/client";
import {
  applyEdits,
  hostileFile,
  hostileForm,
  hostileQuery,
  ODD_BODIES,
  postForm,
  realPng,
  showInput,
  type Pairs,
} from "../fuzz/fuzz-inputs";
import { count, snapshot, storeViolations } from "../fuzz/fuzz-invariants";
import {
  ACTION_TARGETS,
  exportsAction,
  GET_TARGETS,
  isResourceRoute,
  PARAM_VALUES,
  routeFilesOnDisk,
  routeModules,
  type ActionTarget,
  type Group,
  type Role,
  type World,
} from "../fuzz/fuzz-targets";
import { buildWorld, type Sessions } from "../fuzz/fuzz-world";
import { FUZZ_STORE_ENV, type FuzzStore, openStoreReader } from "../fuzz/store-reader";
import { freePort } from "../helpers/free-port";
import { listen, loadProductionBuildAsStarted } from "../helpers/production-app";

/*
 * Property-based hostile input (issue: "never a 500, never a stored script that renders unescaped,
 * nothing half-written"). Every action and resource route (fuzz-targets.ts; the first test fails
 * when a route module is missing from it) gets malformed forms from its own role, and a few from
 * every role it must turn away; pages and resource routes get hostile query strings, odd bodies and
 * wrong methods. The production build serves them over HTTP from this process, as `npm start` serves
 * (@hono/node-server, the page cache), on this file's database with the sample catalogue, which the
 * test reads to check nothing was half-written. Seeds are fixed: a failure names the target, role,
 * seed and sample, and shows the input. That stored hostile text renders as text in a browser is
 * tests/e2e/fuzz-xss.spec.ts.
 */

const SEED = 20261121;
const APP = join(import.meta.dirname, "../../app");
/** Hundreds of requests a test, on a slow machine beside another run. */
const LONG = { timeout: 300_000 };

type Fuzz = { store: FuzzStore; world: World; sessions: Sessions };
let fuzz: Fuzz;
let stopStore: () => Promise<void> = async () => undefined;

// React Router says so on the console for each malformed path it is sent (its answer is checked below, never a
// 5xx): hundreds of lines here.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("could not be decoded because it is a malformed URL segment")) return;
  consoleError(...args);
};

beforeAll(async () => {
  const uploads = mkdtempSync(join(tmpdir(), "angle-fuzz-uploads-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The build reads its environment once, as it loads: the store's origin, its admin and high limits.
  Object.assign(process.env, FUZZ_STORE_ENV, { SEED_ON_EMPTY: "true", BASE_URL: url, UPLOAD_DIR: uploads, PAGE_CACHE: "on" });
  resetEnv();
  const { build, clientDir } = await loadProductionBuildAsStarted();
  const server = await listen(createApp({ build, clientDir, https: false, origin: url, pageCache: pageCacheFromEnv(build) }), port);
  const reader = await openStoreReader(
    process.env.DATABASE_URL
      ? { postgresUrl: process.env.DATABASE_URL }
      : { sqlitePath: defined(process.env.SQLITE_PATH, "this file's SQLite database") },
  );
  // The build's own modules hold their own pool and rate-limit store: closed before the database goes.
  const entry = build.entry.module as unknown as { closeDatabase: () => Promise<void>; closeRateLimitStore: () => Promise<void> };
  stopStore = async () => {
    await reader.close();
    await server.close();
    await entry.closeRateLimitStore();
    await entry.closeDatabase();
    rmSync(uploads, { recursive: true, force: true });
  };
  // The confirmation emails wait in the outbox (no worker sends them here): their links are read there.
  const store: FuzzStore = { url, query: reader.query, confirmationToken: (email) => linkToken(email), stop: stopStore };
  fuzz = { store, ...(await buildWorld(store, Date.now().toString(36))) };
}, 180_000);

afterAll(async () => {
  await stopStore();
  console.error = consoleError;
});

function seedFor(label: string) {
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return SEED + (h % 1_000_000);
}

type Outcome = { role: Role; i: number; status: number; pairs: Pairs; location?: string };

/** Posts a target's hostile samples as one role; 5xx answers (and, for a refused role, 2xx ones) go to `failures`. */
async function fuzzAs(fuzz: Fuzz, t: ActionTarget, role: Role, runs: number, failures: string[], refused = false): Promise<Outcome[]> {
  const { world, sessions } = fuzz;
  const request = t.session ? await sessions.fresh(role) : sessions.as[role];
  const special = t.special?.(world) ?? {};
  const fields = Object.keys(t.valid(world, 0));
  const files = hostileFile(await realPng());
  const seed = seedFor(`${t.label}/${role}`);
  const samples = fc.sample(hostileForm(fields, ["intent", "id", "name", "email", "image", "__proto__", ""], special, files), {
    numRuns: runs,
    seed,
  });
  const outcomes: Outcome[] = [];
  for (const [i, s] of samples.entries()) {
    const pairs = applyEdits(t.valid(world, i), s.edits, s.randomOnly);
    const path = t.path(world);
    let response: Answer;
    try {
      response = await postForm(request, path, pairs, t.encoding ?? s.encoding);
    } catch (error) {
      failures.push(`${t.label} as ${role} [seed ${seed}, sample ${i}]: request failed (${error}): ${showInput(pairs)}`);
      continue;
    }
    const status = response.status();
    const bad = status >= 500 || (refused && status < 300);
    if (bad)
      failures.push(
        `${t.label} (POST ${path}) as ${role} [seed ${seed}, sample ${i}] → ${status}: ${showInput(pairs)}\n    answer: ${(await response.text()).slice(0, 300)}`,
      );
    outcomes.push({ role, i, status, pairs, location: response.headers().location });
  }
  // FUZZ_STATS=1 shows how deep the samples got (how many passed validation) when tuning them.
  if (process.env.FUZZ_STATS)
    console.log(
      `${t.label} as ${role}:`,
      JSON.stringify(
        Object.groupBy(outcomes, (o) => o.status),
        (_key, v) => (Array.isArray(v) ? v.length : v),
      ),
    );
  return outcomes;
}

/** The first value a form gave a field (what the actions read). */
const first = (pairs: Pairs, key: string) => {
  const v = pairs.find(([k]) => k === key)?.[1];
  return typeof v === "string" ? v : v === undefined ? undefined : "";
};

/** Every target of a group: its roles' full samples, then a few from each role it must refuse, which must change nothing. */
async function fuzzGroup(fuzz: Fuzz, group: Group, failures: string[]) {
  const results = new Map<string, Outcome[]>();
  for (const t of ACTION_TARGETS.filter((x) => x.group === group)) {
    const outcomes: Outcome[] = [];
    for (const role of t.roles) outcomes.push(...(await fuzzAs(fuzz, t, role, t.samples, failures)));
    for (const role of t.refused) {
      const before = await snapshot(fuzz.store);
      await fuzzAs(fuzz, t, role, 5, failures, true);
      const after = await snapshot(fuzz.store);
      if (after !== before) failures.push(`${t.label} as ${role} (must be refused) changed the store`);
    }
    results.set(t.label, outcomes);
  }
  return results;
}

async function expectConsistent(store: FuzzStore, failures: string[]) {
  const violations = await storeViolations(store);
  expect([...failures, ...violations.map((v) => `store after the fuzzing: ${v}`)]).toEqual([]);
}

const stockById = async (store: FuzzStore) =>
  new Map((await store.query("select id, stock from product")).map((r) => [String(r.id), Number(r.stock)]));

test("every route module with an action, and every resource route, is a fuzz target", () => {
  const modules = routeModules(APP);
  expect(modules.length).toBeGreaterThan(30);
  const missing: string[] = [];
  for (const file of routeFilesOnDisk(APP)) {
    const source = readFileSync(join(APP, file), "utf8");
    if ((exportsAction(source) || isResourceRoute(source)) && !modules.includes(file)) missing.push(`${file} is not in app/routes.ts`);
  }
  for (const file of modules) {
    const source = readFileSync(join(APP, file), "utf8");
    if (exportsAction(source) && !ACTION_TARGETS.some((t) => t.file === file))
      missing.push(`${file} has an action: add it to ACTION_TARGETS`);
    if (!exportsAction(source) && ACTION_TARGETS.some((t) => t.file === file))
      missing.push(`${file} has no action, yet is an action target`);
    if (!GET_TARGETS.some((t) => t.file === file)) missing.push(`${file}: add it to GET_TARGETS (hostile query strings and methods)`);
  }
  for (const t of [...ACTION_TARGETS, ...GET_TARGETS]) if (!modules.includes(t.file)) missing.push(`${t.file} is a target but not a route`);
  expect(missing).toEqual([]);
});

test("storefront and account actions: hostile forms from every role never get a 5xx, and what they write is whole", LONG, async () => {
  const { store, world } = fuzz;
  const failures: string[] = [];
  const emailsBefore = new Set((await store.query('select email from "user"')).map((r) => String(r.email)));
  const vendorsBefore = await count(store, "vendor");
  const messagesBefore = await count(store, "contact_message");
  const ordersBefore = new Set((await store.query("select id from orders")).map((r) => String(r.id)));
  const cancelledBefore = new Set((await store.query("select id from orders where status = 'cancelled'")).map((r) => String(r.id)));
  const stockBefore = await stockById(store);

  const results = await fuzzGroup(fuzz, "store", failures);
  const ok = (label: string, status: number) => (results.get(label) ?? []).filter((o) => o.status === status);

  // Each answer that said "saved" saved one row; no refusal left one behind.
  expect(await count(store, "contact_message"), "contact messages = messages accepted").toBe(
    messagesBefore + ok("contact form", 303).length,
  );
  // Registration answers a taken email as it answers a new one (200), and writes nothing for it: the
  // new accounts are exactly the accepted registrations' emails that had none.
  const registered = (label: string) =>
    ok(label, 200)
      .filter((o) => first(o.pairs, "intent") === "register")
      .map((o) =>
        String(first(o.pairs, "email") ?? "")
          .trim()
          .toLowerCase(),
      );
  const accepted = new Set([...registered("customer registration"), ...registered("vendor registration")]);
  const newAccounts = (await store.query('select email, role from "user"')).filter((r) => !emailsBefore.has(String(r.email)));
  expect(new Set(newAccounts.map((r) => String(r.email))), "new accounts = new emails of registrations accepted").toEqual(
    new Set([...accepted].filter((e) => !emailsBefore.has(e))),
  );
  const newVendors = newAccounts.filter((r) => r.role === "vendor");
  expect(await count(store, "vendor"), "vendor profiles = new vendor accounts").toBe(vendorsBefore + newVendors.length);
  const vendorEmails = new Set(registered("vendor registration"));
  for (const v of newVendors) expect(vendorEmails.has(String(v.email)), `${v.email} came from a vendor registration`).toBe(true);

  // Orders: one per accepted checkout key, and the stock they took is exactly what their lines say.
  const placed = new Set(ok("checkout", 302).map((o) => /\/order-confirmation\/([a-z0-9]+)/.exec(o.location ?? "")?.[1]));
  const newOrders = (await store.query("select id from orders")).map((r) => String(r.id)).filter((id) => !ordersBefore.has(id));
  expect(new Set(newOrders), "new orders = checkouts accepted").toEqual(placed);
  const stockAfter = await stockById(store);
  const taken = new Map<string, number>();
  for (const id of newOrders) {
    for (const l of await store.query("select product_id, quantity from order_line where order_id = ?", [id])) {
      taken.set(String(l.product_id), (taken.get(String(l.product_id)) ?? 0) + Number(l.quantity));
    }
  }
  // A customer's cancel (issue 15) gave its order's stock back; only an accepted one cancelled anything.
  const cancelled = (await store.query("select id from orders where status = 'cancelled'"))
    .map((r) => String(r.id))
    .filter((id) => !cancelledBefore.has(id));
  expect(cancelled, "orders cancelled = the customer's cancels accepted").toEqual(
    ok("customer cancel", 303).length > 0 ? [world.orderIds[1]] : [],
  );
  for (const id of cancelled) {
    for (const l of await store.query("select product_id, quantity from order_line where order_id = ?", [id])) {
      taken.set(String(l.product_id), (taken.get(String(l.product_id)) ?? 0) - Number(l.quantity));
    }
  }
  for (const [id, stock] of stockBefore) {
    if (stock - (stockAfter.get(id) ?? stock) !== (taken.get(id) ?? 0))
      failures.push(`product ${id}: stock ${stock} → ${stockAfter.get(id)}, but orders took ${taken.get(id) ?? 0}`);
  }

  // Reviews: the customer's one review of what they received holds the last one accepted; nothing
  // was written for a product they never received.
  const customerReviews = async (productId: string | undefined) =>
    (await store.query("select rating, body from review where product_id = ? and sample = 0", [String(productId)])).map((r) => ({
      rating: Number(r.rating),
      body: String(r.body),
    }));
  const lastReview = ok("customer review", 303).at(-1);
  const asStored = (text: string | undefined) => (text ?? "").replace(/(?![\t\n\r\u0080-\u009F])\p{Cc}/gu, "").trim();
  expect(await customerReviews(world.reviewProductId), "the customer's review = the last one accepted").toEqual(
    lastReview ? [{ rating: Number(first(lastReview.pairs, "rating")), body: asStored(first(lastReview.pairs, "body")) }] : [],
  );
  expect(ok("customer review (not received)", 303)).toEqual([]);
  // Returns and cancels (issue 15): never of another's order or one not delivered; one request a line.
  expect(ok("customer cancel (another's order)", 303)).toEqual([]);
  expect(ok("customer return (not delivered)", 303)).toEqual([]);
  const returned = await store.query("select quantity from return_request where order_line_id = ?", [world.returnableLineId]);
  expect(returned.length, "one return request for the line, if any was accepted").toBe(ok("customer return", 303).length > 0 ? 1 : 0);
  expect(await customerReviews(world.liveProductIds[2])).toEqual([]);
  await expectConsistent(store, failures);
});

test("admin actions: hostile forms never get a 5xx, other roles change nothing, and what they write is whole", LONG, async () => {
  const { store, world } = fuzz;
  const failures: string[] = [];
  const productsBefore = new Set((await store.query("select id from product")).map((r) => String(r.id)));
  const usersBefore = await count(store, '"user"');
  const orderLines = await store.query("select product_id, quantity from order_line where order_id = ?", [world.orderIds[0]]);
  const [orderBefore] = await store.query("select status from orders where id = ?", [world.orderIds[0]]);
  const eventsBefore = await count(store, "order_event", "order_id = ?", [world.orderIds[0]]);
  const stockBefore = await stockById(store);
  const pendingBefore = (await store.query("select id from product where status = 'pending'")).map((r) => String(r.id));

  const results = await fuzzGroup(fuzz, "admin", failures);
  const ok = (label: string, status: number) => (results.get(label) ?? []).filter((o) => o.status === status);

  const productsAfter = new Set((await store.query("select id from product")).map((r) => String(r.id)));
  const added = [...productsAfter].filter((id) => !productsBefore.has(id));
  const removed = [...productsBefore].filter((id) => !productsAfter.has(id));
  expect(added.length, "products added = add-product forms accepted").toBe(ok("admin add product", 303).length);
  const deletable = new Set(ok("admin product delete", 303).map((o) => first(o.pairs, "id")));
  for (const id of removed) if (!deletable.has(id)) failures.push(`product ${id} vanished, though no delete of it was accepted`);
  for (const r of added.length
    ? await store.query(`select id, status, vendor_id from product where id in (${added.map(() => "?").join(",")})`, added)
    : []) {
    if (r.status !== "live" || r.vendor_id) failures.push(`admin's new product ${r.id} is ${r.status}, vendor ${r.vendor_id}`);
  }

  // The last accepted edit is what the product holds, whole.
  const lastEdit = ok("admin edit product", 303).at(-1);
  if (lastEdit) {
    const [p] = await store.query("select name, category, stock from product where id = ?", [world.adminProductId]);
    const want = {
      name: first(lastEdit.pairs, "name")?.trim(),
      category: first(lastEdit.pairs, "category"),
      stock: Number(first(lastEdit.pairs, "stock")),
    };
    expect({ name: p?.name, category: p?.category, stock: Number(p?.stock) }, `last accepted edit: ${showInput(lastEdit.pairs)}`).toEqual(
      want,
    );
  }

  // The Staff page adds a new account when it answers with its one-time password (200); an existing one is promoted (303).
  const adds =
    ok("admin users", 200).filter((o) => first(o.pairs, "intent") === "add").length +
    ok("admin staff", 200).filter((o) => first(o.pairs, "intent") === "add").length;
  const deletes = ok("admin users", 303).filter((o) => first(o.pairs, "intent") === "delete").length;
  expect(await count(store, '"user"'), "accounts = users added - users deleted").toBe(usersBefore + adds - deletes);

  // The order's status is the last accepted change; each change left one event; a cancel gave the stock back.
  const changes = ok("admin order status", 303);
  const [orderAfter] = await store.query("select status from orders where id = ?", [world.orderIds[0]]);
  const lastChange = changes.at(-1);
  expect(orderAfter?.status).toBe(lastChange ? first(lastChange.pairs, "status") : orderBefore?.status);
  expect(await count(store, "order_event", "order_id = ?", [world.orderIds[0]]), "one event per accepted status change").toBe(
    eventsBefore + changes.length,
  );
  const stockAfter = await stockById(store);
  const cancelled = orderBefore?.status !== "cancelled" && orderAfter?.status === "cancelled";
  for (const l of orderLines) {
    const id = String(l.product_id);
    if (id === world.adminProductId || !stockAfter.has(id)) continue;
    const back = (stockAfter.get(id) ?? 0) - (stockBefore.get(id) ?? 0);
    if (back !== (cancelled ? Number(l.quantity) : 0))
      failures.push(`product ${id}: stock moved by ${back} (order ${cancelled ? "" : "not "}cancelled, line of ${l.quantity})`);
  }
  const reviewed = pendingBefore.length
    ? await count(store, "product", `status in ('live', 'rejected') and id in (${pendingBefore.map(() => "?").join(",")})`, pendingBefore)
    : 0;
  expect(reviewed, "listings reviewed = reviews accepted").toBe(ok("admin listing review", 303).length);
  // Each review the admin hid or showed last is in that state (the summaries are checked below).
  const lastVisibility = new Map(ok("admin review visibility", 303).map((o) => [first(o.pairs, "id")?.trim(), first(o.pairs, "intent")]));
  for (const [id, intent] of lastVisibility) {
    const [row] = await store.query("select hidden from review where id = ?", [String(id)]);
    if (Number(row?.hidden) !== (intent === "hide" ? 1 : 0))
      failures.push(`review ${id}: hidden ${row?.hidden} after a last accepted ${intent}`);
  }
  await expectConsistent(store, failures);
});

test("vendor actions: hostile forms never get a 5xx, other roles and other vendors' listings stay untouched", LONG, async () => {
  const { store, world } = fuzz;
  const failures: string[] = [];
  const mine = async () =>
    new Set(
      (
        await store.query(
          'select id from product where vendor_id = (select user_id from vendor where user_id = (select id from "user" where email = ?))',
          [world.vendor.email],
        )
      ).map((r) => String(r.id)),
    );
  const before = await mine();
  const results = await fuzzGroup(fuzz, "vendor", failures);
  const ok = (label: string, status: number) => (results.get(label) ?? []).filter((o) => o.status === status);

  const added = [...(await mine())].filter((id) => !before.has(id));
  expect(added.length, "listings added = listing forms accepted").toBe(ok("vendor new listing", 303).length);
  for (const id of added) {
    const [p] = await store.query("select status from product where id = ?", [id]);
    if (p?.status !== "pending") failures.push(`new listing ${id} is ${p?.status}, not waiting for approval`);
  }
  const lastEdit = ok("vendor edit own listing", 303).at(-1);
  if (lastEdit) {
    const [p] = await store.query("select name, stock, status from product where id = ?", [world.vendorProductId]);
    expect({ name: p?.name, stock: Number(p?.stock), status: p?.status }, `last accepted edit: ${showInput(lastEdit.pairs)}`).toEqual({
      name: first(lastEdit.pairs, "name")?.trim(),
      stock: Number(first(lastEdit.pairs, "stock")),
      status: "pending",
    });
  }
  const lastProfile = ok("vendor profile", 303).at(-1);
  if (lastProfile) {
    const [v] = await store.query('select business_name from vendor where user_id = (select id from "user" where email = ?)', [
      world.vendor.email,
    ]);
    expect(v?.business_name, `last accepted profile: ${showInput(lastProfile.pairs)}`).toBe(
      first(lastProfile.pairs, "businessName")?.trim(),
    );
  }
  await expectConsistent(store, failures);
});

test("odd bodies and wrong methods at every action and page never get a 5xx", LONG, async () => {
  const { world, sessions, store } = fuzz;
  const failures: string[] = [];
  const check = async (what: string, send: () => Promise<Answer>) => {
    try {
      const response = await send();
      if (response.status() >= 500) failures.push(`${what} → ${response.status()}: ${(await response.text()).slice(0, 200)}`);
    } catch (error) {
      failures.push(`${what}: request failed (${error})`);
    }
  };
  const seen = new Set<string>();
  for (const t of ACTION_TARGETS.filter((x) => x.group !== "settings")) {
    const path = t.path(world);
    const role = t.roles[0] ?? "anon";
    if (seen.has(`${path} ${role}`)) continue;
    seen.add(`${path} ${role}`);
    const request = t.session ? await sessions.fresh(role) : sessions.as[role];
    for (const body of ODD_BODIES) {
      await check(`POST ${path} as ${role} with ${body.label}`, () =>
        request.post(path, { headers: body.headers, data: body.data, maxRedirects: 0 }),
      );
    }
  }
  const methods = ["PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND"];
  for (const t of GET_TARGETS) {
    const path = t.path(world);
    for (const method of methods) {
      if (t.file === "routes/account/logout.ts" || path.startsWith("/api/auth/")) continue; // would end this worker's sessions
      await check(`${method} ${path} as ${t.role}`, () =>
        sessions.as[t.role].fetch(path, {
          method,
          form:
            method === "HEAD" || method === "OPTIONS" || method === "TRACE"
              ? undefined
              : { intent: "delete", id: defined(world.disposableProductIds[3], "a fourth disposable product") },
          maxRedirects: 0,
        }),
      );
    }
  }
  // A forged session cookie or odd headers are a visitor with no session, not an error.
  const oddHeaders: Record<string, string>[] = [
    { cookie: "angle.session_token=%00%27%22; angle.session_data=e30" },
    { cookie: `angle.session_token=${"a".repeat(4000)}.${"b".repeat(40)}` },
    { cookie: "angle.session_token=x.y; angle.session_token=; better-auth.session_token=z" },
    { "accept-language": "'; drop table product; --", "x-forwarded-for": "<script>", range: "bytes=-1", "if-none-match": '"\u00ff\'"' },
  ];
  for (const headers of oddHeaders) {
    for (const path of ["/", "/orders", "/admin/dashboard", "/vendor-login/products", "/api/auth/get-session", "/checkout"]) {
      await check(`GET ${path} with ${JSON.stringify(headers).slice(0, 80)}`, () =>
        sessions.as.anon.get(path, { headers, maxRedirects: 0 }),
      );
    }
  }
  await expectConsistent(store, failures);
});

test("hostile query strings on every page and resource route never get a 5xx", LONG, async () => {
  const { world, sessions } = fuzz;
  const failures: string[] = [];
  for (const t of GET_TARGETS) {
    const path = t.path(world);
    const seed = seedFor(`query ${path} ${t.role}`);
    const params = [...t.params, "q"];
    const special = fc.oneof(
      ...params.flatMap((p) => PARAM_VALUES[p]?.map((v) => `${p}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "?"))}`) ?? []),
      hostileQuery(params),
    );
    const queries = fc.sample(fc.oneof(hostileQuery(params), special), { numRuns: 6, seed });
    // Besides the random ones, each parameter gets the values most likely to break a query.
    const must = t.params.flatMap((p) => ["%00", "a%00b%25_", "%E0%A4", "%27%22%3C%3E", "x".repeat(3000)].map((v) => `${p}=${v}&${p}=2`));
    const dataPath =
      path.includes(".data") || /^\/(api|uploads|resources|healthz|logout|account)/.test(path)
        ? null
        : `${path === "/" ? "/_root" : path}.data`;
    for (const [i, query] of [...queries, ...must].entries()) {
      for (const [url, role] of [
        [`${path}?${query}`, t.role],
        ...(i < 2 ? [[`${path}?${query}`, "anon"]] : []),
        ...(dataPath && i < 3 ? [[`${dataPath}?${query}`, t.role]] : []),
      ] as [string, Role][]) {
        try {
          const response = await sessions.as[role].get(url, { maxRedirects: 0 });
          if (response.status() >= 500)
            failures.push(
              `GET ${url.slice(0, 300)} as ${role} [seed ${seed}, sample ${i}] → ${response.status()}: ${(await response.text()).slice(0, 200)}`,
            );
        } catch (error) {
          failures.push(`GET ${url.slice(0, 300)} as ${role}: request failed (${error})`);
        }
      }
    }
  }
  // React Router's own endpoints: lazy route discovery and single-fetch.
  for (const url of [
    "/__manifest?p=%2Fproducts&p=%00&version=x",
    `/__manifest?p=${"%2Fa".repeat(2000)}`,
    "/__manifest?version=",
    "/products.data?_routes=routes%2Fstore%2Fproducts,nope",
    "/products.data?_routes=__proto__",
    "/admin/users.data?_routes=root",
    "/.data",
    "/%2e%2e/%2e%2e/etc/passwd",
  ]) {
    const response = await sessions.as.customer.get(url, { maxRedirects: 0 });
    if (response.status() >= 500) failures.push(`GET ${url.slice(0, 200)} → ${response.status()}`);
  }
  expect(failures).toEqual([]);
});

// Last, on the same store: a valid random form switches on maintenance mode (the storefront then answers
// 503) or changes checkout's payment methods, which would change what the tests above see.
test("general and payment settings take hostile forms (last: a saved form may close the storefront)", LONG, async () => {
  const { store, sessions } = fuzz;
  const failures: string[] = [];
  const results = await fuzzGroup(fuzz, "settings", failures);

  const saved = (results.get("general settings") ?? []).filter((o) => o.status === 303).at(-1);
  if (saved) {
    const [row] = await store.query("select value from setting where key = 'general'");
    const general = JSON.parse(String(defined(row, "the general settings").value));
    expect(general.siteTitle, `last accepted settings: ${showInput(saved.pairs)}`).toBe(first(saved.pairs, "siteTitle")?.trim());
    expect(general.maintenanceMode).toBe(first(saved.pairs, "maintenanceMode") === "on");
  }
  const [payment] = await store.query("select value from setting where key = 'payment'");
  if (payment) {
    const keys = (JSON.parse(String(payment.value)).custom as { key: string }[]).map((m) => m.key.toLowerCase());
    expect(new Set(keys).size, `custom payment method keys ${keys}`).toBe(keys.length);
  }
  // Whatever was saved, the admin pages and checkout still load (the storefront may be closed for maintenance: 503 by design).
  for (const path of ["/admin/settings", "/admin/payment-settings", "/admin/dashboard"])
    expect((await sessions.as.admin.get(path)).status(), path).toBe(200);
  expect([200, 503]).toContain((await sessions.as.customer.get("/checkout")).status());
  await expectConsistent(store, failures);
});
