import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { withRequestMemo } from "~/platform/request-memo.server";
import { indiaToday } from "~/platform/core/india-day";
import { formatOrderId } from "~/platform/core/order-id";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { agentStatement } from "~/features/commission/server/agent-statement.server";
import { saveKit } from "~/features/kits/server/save-kit.server";
import { loader as adminLoader, action as adminAction } from "~/routes/admin/agent-commission";
import { loader as adminFile } from "~/routes/resources/admin-agent-commission-file";
import { loader as agentPage } from "~/routes/store/agent-commission";
import { loader as agentFile } from "~/routes/resources/agent-commission-file";
import { checkoutInput, createCustomer, createProduct } from "../factories";
import { advanceOrder, deliveredOn } from "../paid-orders";
import { sizesOf } from "../sizes";
import { pdfText } from "../helpers/pdf-text";

/**
 * Field agents' commission (issue 33, docs/decisions/066-agent-commission.md), on the engine the run
 * is on: the owner's rates, the rows an agent's order writes in its transaction, and the monthly
 * statement as the agent's page, its CSV and PDF, and the owner's page.
 */
const engine = getDatabase().engine;
const ORIGIN = "http://localhost:3999";
const PASSWORD = "agent-commission-pass-2026";
const PAGE = "/admin/agent-commission";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
const month = indiaToday().slice(0, 7);

async function signedIn(role: "admin" | "user", staffRole?: "accounts" | "catalogue") {
  const email = `commission-${role}-${newId(8)}@angle.test`;
  const name = `Person ${newId(4)}`;
  const { id } = await createUserWithPassword({ name, email, password: PASSWORD, role });
  if (staffRole) await getDb().updateTable("user").set({ staff_role: staffRole }).where("id", "=", id).execute();
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id, name, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

async function agent(status: "approved" | "pending" = "approved") {
  const person = await signedIn("user");
  const now = new Date().toISOString();
  await getDb()
    .insertInto("agent")
    .values({
      user_id: person.id,
      name: `Agent ${newId(4)}`,
      mobile: "+919812345678",
      village: "Khed",
      pincode: "411001",
      status,
      created_at: now,
    })
    .execute();
  await getDb().insertInto("agent_area").values({ agent_id: person.id, pincode: "411001" }).execute();
  return person;
}

function args(request: Request) {
  const url = new URL(request.url);
  return { request, url, params: {}, context: new RouterContextProvider(), pattern: url.pathname };
}
const get = (path: string, cookie?: string) => args(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }));
function post(path: string, fields: Record<string, string>, cookie: string) {
  return args(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
      body: new URLSearchParams(fields),
    }),
  );
}

/** What a loader or action answered or threw: its status, its Response if one, and its data. */
async function run(fn: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await fn();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, response: result, data: null as never };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { status: (result.init as ResponseInit | null)?.status ?? 200, response: null, data: result.data as never };
  }
  return { status: 200, response: null, data: result as never };
}

const rates = (seeds: string, equipment: string, tools: string, fertilizers: string) => ({
  intent: "rates",
  seeds,
  equipment,
  tools,
  fertilizers,
});
const ratesNow = async () =>
  Object.fromEntries(
    (await getDb().selectFrom("commission_rate").select(["category", "rate_bp"]).execute()).map((r) => [r.category, Number(r.rate_bp)]),
  );
const rowsOf = (orderId: string) =>
  getDb().selectFrom("agent_commission").selectAll().where("order_id", "=", orderId).orderBy("category").execute();
const linesOf = (orderId: string) =>
  getDb().selectFrom("order_line").select(["id", "product_id", "taxable_paise", "quantity"]).where("order_id", "=", orderId).execute();

let owner: Awaited<ReturnType<typeof signedIn>>;
let accounts: Awaited<ReturnType<typeof signedIn>>;
let catalogue: Awaited<ReturnType<typeof signedIn>>;
let agentA: Awaited<ReturnType<typeof agent>>;
let agentB: Awaited<ReturnType<typeof agent>>;
let seeds: { productId: string; variantId: string };
let fertilizer: { productId: string; variantId: string };

async function product(category: "seeds" | "fertilizers", pricePaise: number) {
  const { id } = await createProduct({
    name: `Commission ${category} ${newId(5)}`,
    category,
    pricePaise,
    stock: 50,
    gstRate: 5,
    regulatedAs: null,
  });
  const [size] = await sizesOf(id);
  if (!size) throw new Error("no size");
  return { productId: id, variantId: size.id };
}

/** An order the agent places for a farmer, cash on delivery (on PostgreSQL, the path that could be one statement). */
async function agentOrder(by: { id: string } | null, items: { productId: string; variantId: string; quantity: number }[]) {
  const farmer = await createCustomer();
  const { orderId } = await placeOrder(farmer, checkoutInput(items, { paymentMethod: "cod" }), by ? { placedBy: by.id } : {});
  return orderId;
}

beforeAll(async () => {
  [owner, accounts, catalogue, agentA, agentB] = await Promise.all([
    signedIn("admin"),
    signedIn("admin", "accounts"),
    signedIn("admin", "catalogue"),
    agent(),
    agent(),
  ]);
  [seeds, fertilizer] = await Promise.all([product("seeds", 33_333), product("fertilizers", 26_650)]);
});

describe(`agents' commission (${engine})`, () => {
  it("the owner sets the rates per category: validated, saved in basis points, audited; accounts may read, not change", async () => {
    for (const bad of [rates("101", "1", "0", "3"), rates("2.555", "1", "0", "3"), rates("abc", "1", "0", "3"), rates("", "1", "0", "3")]) {
      const refused = await run(() => adminAction(post(PAGE, bad, owner.cookie)));
      expect(refused.status).toBe(400);
      expect((refused.data as { error: string }).error).toMatch(/^Seeds & Saplings: /);
    }
    expect(await ratesNow()).toEqual({});
    expect((await run(() => adminAction(post(PAGE, rates("2.5", "1", "0", "3"), accounts.cookie)))).status).toBe(403);

    // Inside a request's memo, as the root middleware runs every action: the audit entry names the owner.
    const saved = await run(() => withRequestMemo(() => adminAction(post(PAGE, rates("2.5", "1", "0", "3.75 %"), owner.cookie))));
    expect(saved.status).toBe(303);
    expect(await ratesNow()).toEqual({ seeds: 250, equipment: 100, tools: 0, fertilizers: 375 });
    const entry = await getDb()
      .selectFrom("audit_entry")
      .select(["actor_id", "changes"])
      .where("kind", "=", "settings.commission")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.actor_id).toBe(owner.id);
    expect(JSON.parse(entry.changes)).toMatchObject({ "seeds %": ["0", "2.5"], "fertilizers %": ["0", "3.75"] });

    const read = await run(() => adminLoader(get(PAGE, accounts.cookie)));
    expect(read.status).toBe(200);
    expect((read.data as { canEdit: boolean; rates: { percent: string }[] }).canEdit).toBe(false);
    expect((read.data as { rates: { percent: string }[] }).rates.map((r) => r.percent)).toEqual(["2.5", "1", "0", "3.75"]);
    expect((await run(() => adminLoader(get(PAGE, catalogue.cookie)))).status).toBe(403);
  });

  it("an agent's order writes a row per line at the rate of the day, which a later change does not alter; not earned until delivered", async () => {
    const orderId = await agentOrder(agentA, [
      { ...seeds, quantity: 2 },
      { ...fertilizer, quantity: 1 },
    ]);
    const lines = await linesOf(orderId);
    const rows = await rowsOf(orderId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const line = lines.find((l) => l.id === row.order_line_id);
      const rate = row.category === "seeds" ? 250 : 375;
      expect(row).toMatchObject({ agent_id: agentA.id, rate_bp: rate, base_paise: Number(line?.taxable_paise) });
      expect(Number(row.commission_paise)).toBe(Math.floor((Number(line?.taxable_paise) * rate) / 10_000));
    }

    await run(() => adminAction(post(PAGE, rates("5", "1", "0", "3.75"), owner.cookie)));
    expect(await rowsOf(orderId)).toEqual(rows);

    const before = await agentStatement(agentA.id, month);
    expect(before?.earned.filter((l) => l.orderId === orderId)).toEqual([]);
    expect(before?.pending.filter((l) => l.orderId === orderId)).toHaveLength(2);

    await advanceOrder(orderId, "delivered", owner.id);
    const after = await agentStatement(agentA.id, month);
    const earned = after?.earned.filter((l) => l.orderId === orderId) ?? [];
    expect(earned.map((l) => l.commissionPaise).sort()).toEqual(rows.map((r) => Number(r.commission_paise)).sort());
    expect(after?.pending.filter((l) => l.orderId === orderId)).toEqual([]);
    expect(after?.earnedPaise).toBe(after?.earned.reduce((sum, l) => sum + l.commissionPaise, 0));

    // Delivered at 23:30 in India on the last day of the month before: that month's statement, not this one's.
    const [year, monthNumber] = month.split("-").map(Number);
    const lastDay = new Date(Date.UTC(year ?? 2026, (monthNumber ?? 1) - 1, 0)).toISOString().slice(0, 10);
    const previous = lastDay.slice(0, 7);
    await getDb()
      .updateTable("orders")
      .set({ created_at: `${lastDay}T04:00:00.000Z` })
      .where("id", "=", orderId)
      .execute();
    await deliveredOn(orderId, `${lastDay}T18:00:00.000Z`);
    expect((await agentStatement(agentA.id, month))?.earned.filter((l) => l.orderId === orderId)).toEqual([]);
    expect((await agentStatement(agentA.id, previous))?.earned.filter((l) => l.orderId === orderId)).toHaveLength(2);
  });

  it("a returned line drops out, a partly returned one is prorated by quantity; a cancelled order earns nothing", async () => {
    const orderId = await agentOrder(agentA, [
      { ...seeds, quantity: 4 },
      { ...fertilizer, quantity: 1 },
    ]);
    await advanceOrder(orderId, "delivered", owner.id);
    const rows = await rowsOf(orderId);
    const seedRow = rows.find((r) => r.category === "seeds");
    const fertRow = rows.find((r) => r.category === "fertilizers");
    if (!seedRow || !fertRow) throw new Error("rows missing");
    const now = new Date().toISOString();
    const returned = (lineId: string, quantity: number, status: "approved" | "requested") => ({
      id: newId(),
      order_id: orderId,
      order_line_id: lineId,
      quantity,
      amount_paise: 100,
      reason: "Damaged in transit",
      status,
      created_at: now,
    });
    await getDb()
      .insertInto("return_request")
      .values([returned(seedRow.order_line_id, 1, "approved"), returned(fertRow.order_line_id, 1, "approved")])
      .execute();
    const s = await agentStatement(agentA.id, month);
    const mine = s?.earned.filter((l) => l.orderId === orderId) ?? [];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      category: "seeds",
      quantity: 4,
      returned: 1,
      commissionPaise: Math.floor((Number(seedRow.commission_paise) * 3) / 4),
      basePaise: Math.floor((Number(seedRow.base_paise) * 3) / 4),
    });

    const cancelled = await agentOrder(agentA, [{ ...seeds, quantity: 1 }]);
    expect(await rowsOf(cancelled)).toHaveLength(1);
    await changeOrderStatus(cancelled, "cancelled", owner.id);
    const later = await agentStatement(agentA.id, month);
    expect([...(later?.earned ?? []), ...(later?.pending ?? [])].filter((l) => l.orderId === cancelled)).toEqual([]);
  });

  it("a kit sold by an agent earns on its parts' lines, each at its own category's rate", async () => {
    const tag = newId(6).toUpperCase();
    const part = (category: "seeds" | "fertilizers", pricePaise: number, sku: string) =>
      createProduct({
        name: `Kit part ${sku}`,
        category,
        regulatedAs: null,
        gstRate: 5,
        variants: [{ label: "Pack", pricePaise, stock: 20, sku }],
      });
    await part("seeds", 20_000, `KS-${tag}`);
    await part("fertilizers", 50_000, `KF-${tag}`);
    const kit = await createProduct({
      name: `Kit ${tag}`,
      category: "tools",
      variants: [{ label: "1 acre", pricePaise: 60_000, stock: 20, sku: `KIT-${tag}` }],
    });
    await saveKit({
      kitSku: `KIT-${tag}`,
      pricePaise: 60_000,
      parts: [
        { sku: `KS-${tag}`, quantity: 1 },
        { sku: `KF-${tag}`, quantity: 1 },
      ],
    });
    const [size] = await sizesOf(kit.id);
    const orderId = await agentOrder(agentA, [{ productId: kit.id, variantId: size?.id ?? "", quantity: 1 }]);
    const rows = await rowsOf(orderId);
    expect(rows.map((r) => [r.category, Number(r.rate_bp)])).toEqual([
      ["fertilizers", 375],
      ["seeds", 500],
    ]);
    const lines = await linesOf(orderId);
    for (const row of rows) {
      const line = lines.find((l) => l.id === row.order_line_id);
      expect(Number(row.commission_paise)).toBe(Math.floor((Number(line?.taxable_paise) * Number(row.rate_bp)) / 10_000));
    }
  });

  it("only an approved agent's orders earn: the phone desk's and a pending agent's write nothing", async () => {
    const pending = await agent("pending");
    expect(await rowsOf(await agentOrder(pending, [{ ...seeds, quantity: 1 }]))).toEqual([]);
    expect(await rowsOf(await agentOrder(owner, [{ ...seeds, quantity: 1 }]))).toEqual([]);
    expect(await rowsOf(await agentOrder(null, [{ ...seeds, quantity: 1 }]))).toEqual([]);
  });

  it("each agent sees their own statement on the page, as CSV and as PDF; others are refused", async () => {
    const orderId = await agentOrder(agentB, [{ ...seeds, quantity: 3 }]);
    await advanceOrder(orderId, "delivered", owner.id);
    const [row] = await rowsOf(orderId);
    if (!row) throw new Error("no row");

    const page = await run(() => agentPage(get(`/agent/commission?month=${month}`, agentB.cookie)));
    expect(page.status).toBe(200);
    const shown = page.data as { state: string; statement: { earned: { order: string; commission: string }[] } };
    expect(shown.state).toBe("ok");
    expect(shown.statement.earned).toHaveLength(1);
    expect(shown.statement.earned[0]?.commission).toBe(
      `₹${Math.floor(Number(row.commission_paise) / 100)}.${String(Number(row.commission_paise) % 100).padStart(2, "0")}`,
    );

    const a = await agentStatement(agentA.id, month);
    expect(a?.earned.some((l) => l.orderId === orderId)).toBe(false);

    const csv = await run(() => agentFile(get(`/agent/commission.csv?month=${month}`, agentB.cookie)));
    expect(csv.status).toBe(200);
    expect(csv.response?.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = (await csv.response?.text()) ?? "";
    const cents = Number(row.commission_paise);
    expect(text).toContain(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
    expect(text).toContain("Earned,Total");

    const pdf = await run(() => agentFile(get(`/agent/commission.pdf?month=${month}`, agentB.cookie)));
    expect(pdf.status).toBe(200);
    expect(pdf.response?.headers.get("content-type")).toBe("application/pdf");
    const body = Buffer.from((await pdf.response?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(await pdfText(body)).toContain("Commission Statement");

    const farmer = await signedIn("user");
    expect((await run(() => agentFile(get(`/agent/commission.csv?month=${month}`, farmer.cookie)))).status).toBe(403);
    expect((await run(() => agentFile(get(`/agent/commission.pdf?month=${month}`)))).status).toBe(401);
    expect((await run(() => agentPage(get("/agent/commission", farmer.cookie)))).status).toBe(403);
    expect((await run(() => agentPage(get("/agent/commission?month=2026-13", agentB.cookie)))).status).toBe(400);
    expect((await run(() => agentFile(get("/agent/commission.csv?month=x", agentB.cookie)))).status).toBe(400);

    const admin = await run(() => adminFile(get(`${PAGE}/statement.csv?agent=${agentB.id}&month=${month}`, accounts.cookie)));
    expect(admin.status).toBe(200);
    expect(await admin.response?.text()).toContain(formatOrderId(orderId));
    expect((await run(() => adminFile(get(`${PAGE}/statement.pdf?agent=${agentB.id}&month=${month}`, catalogue.cookie)))).status).toBe(403);
    // An agent id no account could have (a NUL, as a fuzzer sends) is "no such agent", never a 500.
    expect((await run(() => adminFile(get(`${PAGE}/statement.csv?agent=%00&month=${month}`, accounts.cookie)))).status).toBe(404);
    expect((await run(() => adminLoader(get(`${PAGE}?agent=a%00b&month=${month}`, accounts.cookie)))).status).toBe(404);
    expect((await run(() => adminFile(get(`${PAGE}/statement.pdf?agent=nobody&month=${month}`, owner.cookie)))).status).toBe(404);
    const list = await run(() => adminLoader(get(`${PAGE}?month=${month}`, owner.cookie)));
    const totals = (list.data as { agents: { id: string; earnedPaise: number }[] }).agents.find((x) => x.id === agentB.id);
    expect(totals?.earnedPaise).toBe(Number(row.commission_paise));
  });
});
