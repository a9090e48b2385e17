import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { withRequestMemo } from "~/platform/request-memo.server";
import { newId } from "~/platform/ids";
import { refusal } from "~/platform/core/refusal";
import { formatPaise } from "~/platform/core/money";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { getOrderForAdmin } from "~/features/orders/server/admin-orders.server";
import { loader as homeLoader } from "~/routes/agent/home";
import { loader as registerLoader, action as registerAction } from "~/routes/agent/register";
import { loader as farmersLoader, action as farmersAction } from "~/routes/agent/farmers";
import { loader as orderLoader, action as orderAction } from "~/routes/agent/order-new";
import { loader as ordersLoader } from "~/routes/agent/orders";
import { loader as adminLoader, action as adminAction } from "~/routes/admin/agents";
import { loader as accountLoader } from "~/routes/account/account";
import { createProduct } from "../factories";
import { sizesOf } from "../sizes";

/**
 * Field agents (docs/decisions/065-field-agents.md), as the server runs their pages and the admin's,
 * on the engine the run is on: register, approval, farmers in and outside the area, orders at the
 * farmer's prices, the daily limit, one agent's farmers hidden from another, suspension.
 */
const engine = getDatabase().engine;
const ORIGIN = "http://localhost:3999";
const PASSWORD = "field-agent-pass-2026";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
const mobileNumber = () => `9${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 900 + 100)}`;

async function signIn(email: string) {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return headers.getSetCookie().map(cookiePair).join("; ");
}

/** A customer signed in by email; with a proven mobile number unless told otherwise. */
async function customer(name: string, options: { mobile?: boolean } = {}) {
  const email = `agent-${newId(8)}@angle.test`;
  const { id } = await createUserWithPassword({ name, email, password: PASSWORD, role: "user" });
  const mobile = `+91${mobileNumber()}`;
  if (options.mobile !== false) {
    await getDb().updateTable("user").set({ phoneNumber: mobile, phoneNumberVerified: true }).where("id", "=", id).execute();
  }
  return { id, name, mobile, cookie: await signIn(email) };
}

async function staff(role: "owner" | "support") {
  const email = `agents-${role}-${newId(8)}@angle.test`;
  const { id } = await createUserWithPassword({ name: `Agents ${role}`, email, password: PASSWORD, role: "admin" });
  if (role !== "owner") await getDb().updateTable("user").set({ staff_role: role }).where("id", "=", id).execute();
  return { id, cookie: await signIn(email) };
}

function args(request: Request) {
  const url = new URL(request.url);
  return { request, url, params: {}, context: new RouterContextProvider(), pattern: url.pathname };
}
const get = (path: string, cookie?: string) => args(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }));
function post(path: string, fields: Record<string, string>, cookie?: string) {
  return args(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
  );
}

/** What a loader or action answered or threw: its status, its Location, and its data. */
async function run(fn: () => Promise<unknown>) {
  let result: unknown;
  try {
    // Inside a request's memo, as the root middleware runs every loader and action (the audit's actor).
    result = await withRequestMemo(fn);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") ?? "", data: null as never };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { status: (result.init as ResponseInit | null)?.status ?? 200, location: "", data: result.data as never };
  }
  return { status: 200, location: "", data: result as never };
}

const FARMER = { street: "Ward 4, Khed", city: "Pune", state: "Maharashtra", pincode: "411001" };
const ordersBy = async (agentId: string) =>
  getDb().selectFrom("orders").select(["id", "user_id", "total_paise"]).where("placed_by", "=", agentId).execute();

let owner: Awaited<ReturnType<typeof staff>>;
let support: Awaited<ReturnType<typeof staff>>;
let agentA: Awaited<ReturnType<typeof customer>>;
let agentB: Awaited<ReturnType<typeof customer>>;
let product: { id: string };
let size: { id: string };

beforeAll(async () => {
  [owner, support, agentA, agentB] = await Promise.all([
    staff("owner"),
    staff("support"),
    customer("Sunita Patil"),
    customer("Vikas Jadhav"),
  ]);
  product = await createProduct({ name: `DAP Fertiliser ${newId(5)}`, pricePaise: 26_650, stock: 50 });
  const [first] = await sizesOf(product.id);
  if (!first) throw new Error("the product has no size");
  size = first;
  // Agent A buys at a dealer's price: the farmers they order for must never be given it.
  const at = new Date().toISOString();
  const groupId = newId();
  await getDb()
    .insertInto("customer_group")
    .values({ id: groupId, name: `Dealers ${groupId}`, name_key: `dealers ${groupId}`, created_at: at, updated_at: at })
    .execute();
  await getDb()
    .insertInto("price_list")
    .values({
      id: groupId,
      group_id: groupId,
      name: "Dealers",
      starts_at: "2020-01-01T00:00:00.000Z",
      status: "active",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await getDb()
    .insertInto("price_list_entry")
    .values({ id: newId(), price_list_id: groupId, kind: "variant", target_id: size.id, price_paise: 20_000 })
    .execute();
  await getDb().insertInto("customer_group_member").values({ user_id: agentA.id, group_id: groupId, added_at: at }).execute();
});

async function register(agent: { cookie: string }, pincode = "411001") {
  const form = await run(() => registerLoader(get("/agent/register", agent.cookie)));
  expect((form.data as { state: string }).state).toBe("form");
  return run(() => registerAction(post("/agent/register", { name: "Agent", village: "Khed", pincode }, agent.cookie)));
}

async function approve(agentId: string) {
  const done = await run(() => adminAction(post("/admin/agents", { intent: "decide", agent: agentId, status: "approved" }, owner.cookie)));
  expect(done.status).toBe(303);
}

async function addFarmer(agent: { cookie: string }, over: Record<string, string> = {}) {
  const mobile = mobileNumber();
  const added = await run(() =>
    farmersAction(post("/agent/farmers", { name: "Ramesh Yadav", mobile, locale: "hi", ...FARMER, ...over }, agent.cookie)),
  );
  expect(added.status).toBe(303);
  const farmer = await getDb()
    .selectFrom("user")
    .select(["id", "locale"])
    .where("phoneNumber", "=", `+91${mobile}`)
    .executeTakeFirstOrThrow();
  return { id: farmer.id, mobile: `+91${mobile}` };
}

async function placeFor(agent: { cookie: string }, farmerId: string, quantity = 1) {
  const lines = `${product.id}~${size.id}.${quantity}`;
  const page = await run(() => orderLoader(get(`/agent/orders/new?farmer=${farmerId}&lines=${encodeURIComponent(lines)}`, agent.cookie)));
  const shown = page.data as { checkoutKey?: string; lines: { unit: string }[]; totals: { totalPaise: number } };
  // A page refused (not the agent's farmer) draws no key: the form is posted as a forger would.
  const checkoutKey = shown.checkoutKey ?? `agent-${newId(24)}`;
  const placed = await run(() =>
    orderAction(post("/agent/orders/new", { intent: "place", farmer: farmerId, lines, checkoutKey }, agent.cookie)),
  );
  return { page, shown, placed };
}

describe(`field agents (${engine})`, () => {
  it("a customer registers, waits for approval (no agent pages), and an owner approves: their pincode is their area; Support may only read", async () => {
    // Without a proven mobile number there is nothing to register with.
    const unproven = await customer("No Mobile", { mobile: false });
    expect((await run(() => registerLoader(get("/agent/register", unproven.cookie)))).data).toMatchObject({ state: "refused" });
    expect(
      (await run(() => registerAction(post("/agent/register", { name: "X", village: "Khed", pincode: "411001" }, unproven.cookie)))).status,
    ).toBe(409);
    expect(await getDb().selectFrom("agent").select("user_id").where("user_id", "=", unproven.id).executeTakeFirst()).toBeUndefined();
    // A customer without an agent row: no agent pages, and the home says how to become one.
    expect((await run(() => farmersLoader(get("/agent/farmers", unproven.cookie)))).location).toBe("/agent");
    expect((await run(() => homeLoader(get("/agent", unproven.cookie)))).data).toMatchObject({ state: "none" });
    // Signed out: the sign-in dialog, on the registration page.
    expect((await run(() => registerLoader(get("/agent/register")))).location).toBe("/agent/register?auth=login");

    // The account page offers the way in, and once asked, the agent's pages.
    expect((await run(() => accountLoader(get("/account", agentA.cookie)))).data).toMatchObject({ agentLink: { to: "/agent/register" } });
    const bad = await run(() => registerAction(post("/agent/register", { name: "A", village: "", pincode: "12" }, agentA.cookie)));
    expect(bad.status).toBe(400);
    expect((await register(agentA)).location).toBe("/agent");
    const row = await getDb().selectFrom("agent").select(["status", "mobile"]).where("user_id", "=", agentA.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", mobile: agentA.mobile });
    expect((await run(() => homeLoader(get("/agent", agentA.cookie)))).data).toMatchObject({ state: "pending" });
    expect((await run(() => accountLoader(get("/account", agentA.cookie)))).data).toMatchObject({ agentLink: { to: "/agent" } });
    expect((await run(() => farmersLoader(get("/agent/farmers", agentA.cookie)))).location).toBe("/agent");
    const early = await run(() =>
      farmersAction(post("/agent/farmers", { name: "Early", mobile: mobileNumber(), locale: "en", ...FARMER }, agentA.cookie)),
    );
    expect(early.status).toBe(403);

    // Support reads the list, and may not decide.
    const list = await run(() => adminLoader(get("/admin/agents?status=pending", support.cookie)));
    expect((list.data as { canManage: boolean }).canManage).toBe(false);
    expect((list.data as { agents: { userId: string }[] }).agents.map((a) => a.userId)).toContain(agentA.id);
    const refused = await run(() =>
      adminAction(post("/admin/agents", { intent: "decide", agent: agentA.id, status: "approved" }, support.cookie)),
    );
    expect(refused.status).toBe(403);

    await approve(agentA.id);
    expect(await getDb().selectFrom("agent").select("status").where("user_id", "=", agentA.id).executeTakeFirstOrThrow()).toEqual({
      status: "approved",
    });
    expect(await getDb().selectFrom("agent_area").select("pincode").where("agent_id", "=", agentA.id).execute()).toEqual([
      { pincode: "411001" },
    ]);
    const audit = await getDb()
      .selectFrom("audit_entry")
      .select(["kind", "actor_id", "changes"])
      .where("object_id", "=", agentA.id)
      .execute();
    expect(audit).toEqual([{ kind: "agent.approve", actor_id: owner.id, changes: JSON.stringify({ status: ["pending", "approved"] }) }]);
    expect((await run(() => homeLoader(get("/agent", agentA.cookie)))).data).toMatchObject({
      state: "approved",
      today: "Orders today: 0 of 20",
    });
  });

  it("the agent adds two farmers in their area (accounts, a Hindi SMS) and one outside it, who waits for approval before any order", async () => {
    const first = await addFarmer(agentA);
    const second = await addFarmer(agentA, { name: "Asha Pawar", locale: "en" });
    const sms = await getDb()
      .selectFrom("outbox")
      .select(["recipient", "payload"])
      .where("kind", "=", "assisted-account-sms")
      .where("dedupe_key", "=", `assisted-account:${first.id}`)
      .executeTakeFirstOrThrow();
    expect(sms.recipient).toBe(first.mobile);
    expect(JSON.parse(sms.payload).text).toContain("खाता बनाया है");
    const outside = await addFarmer(agentA, { name: "Far Away", city: "Nashik", pincode: "422001" });
    const links = await getDb().selectFrom("agent_farmer").select(["farmer_id", "status"]).where("agent_id", "=", agentA.id).execute();
    expect(Object.fromEntries(links.map((l) => [l.farmer_id, l.status]))).toEqual({
      [first.id]: "approved",
      [second.id]: "approved",
      [outside.id]: "pending",
    });

    const waiting = await run(() => orderLoader(get(`/agent/orders/new?farmer=${outside.id}`, agentA.cookie)));
    expect(waiting.status).toBe(409);
    const { placed } = await placeFor(agentA, outside.id);
    expect(placed.status).toBe(409);
    expect(placed.data).toEqual({ error: renderRefusal(refusal("agents.farmer_pending")) });
    expect(await ordersBy(agentA.id)).toEqual([]);

    // An owner approves the farmer: the agent may now open their order.
    const done = await run(() =>
      adminAction(post("/admin/agents", { intent: "farmer", agent: agentA.id, farmer: outside.id, status: "approved" }, owner.cookie)),
    );
    expect(done.status).toBe(303);
    expect((await run(() => orderLoader(get(`/agent/orders/new?farmer=${outside.id}`, agentA.cookie)))).status).toBe(200);
  });

  it("places orders for two farmers at the farmers' prices (never the agent's dealer price), up to the daily limit", async () => {
    const farmers = (await run(() => farmersLoader(get("/agent/farmers", agentA.cookie)))).data as {
      farmers: { id: string; status: string }[];
    };
    const [one, two] = farmers.farmers.filter((f) => f.status === "approved");
    if (!one || !two) throw new Error("two approved farmers expected");

    const first = await placeFor(agentA, one.id, 2);
    expect(first.shown.lines[0]?.unit).toBe(formatPaise(26_650));
    expect(first.placed.status).toBe(303);
    expect(first.placed.location).toBe("/agent/orders");
    const second = await placeFor(agentA, two.id);
    expect(second.placed.status).toBe(303);

    const orders = await ordersBy(agentA.id);
    expect(orders.map((o) => o.user_id).sort()).toEqual([one.id, two.id].sort());
    const mine = orders.find((o) => o.user_id === one.id);
    expect(Number(mine?.total_paise)).toBe(first.shown.totals.totalPaise);
    const lines = await getDb()
      .selectFrom("order_line")
      .select("unit_price_paise")
      .where("order_id", "=", mine?.id ?? "")
      .execute();
    expect(lines.map((l) => Number(l.unit_price_paise))).toEqual([26_650]);
    // The farmer is told, with the link to refuse it; the admin's order page names the agent.
    const told = await getDb()
      .selectFrom("outbox")
      .select(["kind", "payload"])
      .where("dedupe_key", "=", `assisted-order:${mine?.id}`)
      .executeTakeFirstOrThrow();
    // …by the agent's name, in the farmer's language (Hindi here), not as the store's phone desk.
    expect(told.kind).toBe("agent-order-sms");
    expect(JSON.parse(told.payload).text).toMatch(/के फ़ील्ड एजेंट Agent ने आपके लिए ऑर्डर #\S+ .*\/not-mine\?t=/);
    expect((await getOrderForAdmin(mine?.id ?? ""))?.placedAs).toBe("field agent");

    // The owner sets the limit to 2 (audited): a third order today is refused and nothing is written.
    const limit = await run(() => adminAction(post("/admin/agents", { intent: "limit", agent: agentA.id, limit: "2" }, owner.cookie)));
    expect(limit.status).toBe(303);
    expect(
      await getDb().selectFrom("audit_entry").select("kind").where("object_id", "=", agentA.id).where("kind", "=", "agent.limit").execute(),
    ).toHaveLength(1);
    const third = await placeFor(agentA, one.id);
    expect(third.placed.status).toBe(429);
    expect(third.placed.data).toEqual({ error: renderRefusal(refusal("agents.daily_limit", { limit: 2 })) });
    expect(await ordersBy(agentA.id)).toHaveLength(2);

    const list = (await run(() => ordersLoader(get("/agent/orders", agentA.cookie)))).data as { orders: { id: string }[] };
    expect(list.orders.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
  });

  it("another agent neither sees nor orders for the first one's farmers; a suspended agent is refused", async () => {
    await register(agentB);
    await approve(agentB.id);
    const theirs = (await getDb().selectFrom("agent_farmer").select("farmer_id").where("agent_id", "=", agentA.id).execute()).map(
      (r) => r.farmer_id,
    );
    const seen = (await run(() => farmersLoader(get("/agent/farmers", agentB.cookie)))).data as { farmers: { id: string }[] };
    expect(seen.farmers).toEqual([]);
    const target = theirs[0] ?? "";
    // Agent B types the number of agent A's farmer, in B's area too: an account B did not make waits for
    // an admin, and its address is not shown to B until then.
    const known = await getDb().selectFrom("user").select("phoneNumber").where("id", "=", target).executeTakeFirstOrThrow();
    const typed = (known.phoneNumber ?? "").replace("+91", "");
    const claimed = await run(() =>
      farmersAction(post("/agent/farmers", { name: "Someone", mobile: typed, locale: "en", ...FARMER }, agentB.cookie)),
    );
    expect(claimed.status).toBe(303);
    const listed = (await run(() => farmersLoader(get("/agent/farmers", agentB.cookie)))).data as {
      farmers: { id: string; status: string; village: string }[];
    };
    expect(listed.farmers).toEqual([expect.objectContaining({ id: target, status: "pending", village: "" })]);
    await getDb().deleteFrom("agent_farmer").where("agent_id", "=", agentB.id).execute();
    expect((await run(() => orderLoader(get(`/agent/orders/new?farmer=${target}`, agentB.cookie)))).status).toBe(404);
    const { placed } = await placeFor(agentB, target);
    expect(placed.status).toBe(404);
    expect(await ordersBy(agentB.id)).toEqual([]);
    expect(((await run(() => ordersLoader(get("/agent/orders", agentB.cookie)))).data as { orders: unknown[] }).orders).toEqual([]);

    // B's area grows to take in Nashik (audited); a bad list is refused and changes nothing.
    const badArea = await run(() =>
      adminAction(post("/admin/agents", { intent: "area", agent: agentB.id, pincodes: "411001, 12" }, owner.cookie)),
    );
    expect(badArea.status).toBe(400);
    const area = await run(() =>
      adminAction(post("/admin/agents", { intent: "area", agent: agentB.id, pincodes: "422001\n411001" }, owner.cookie)),
    );
    expect(area.status).toBe(303);
    expect(
      (await getDb().selectFrom("agent_area").select("pincode").where("agent_id", "=", agentB.id).orderBy("pincode").execute()).map(
        (r) => r.pincode,
      ),
    ).toEqual(["411001", "422001"]);
    const areaAudit = await getDb()
      .selectFrom("audit_entry")
      .select("changes")
      .where("object_id", "=", agentB.id)
      .where("kind", "=", "agent.area")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(areaAudit.changes)).toEqual({ pincodes: ["411001", "411001, 422001"] });
    // A farmer B adds from outside even that area waits, and an owner may refuse them: no order then.
    const far = await addFarmer(agentB, { city: "Mumbai", pincode: "400001" });
    await run(() =>
      adminAction(post("/admin/agents", { intent: "farmer", agent: agentB.id, farmer: far.id, status: "rejected" }, owner.cookie)),
    );
    expect((await run(() => orderLoader(get(`/agent/orders/new?farmer=${far.id}`, agentB.cookie)))).data).toMatchObject({
      message: renderRefusal(refusal("agents.farmer_rejected")),
    });

    const suspend = await run(() =>
      adminAction(post("/admin/agents", { intent: "decide", agent: agentB.id, status: "suspended" }, owner.cookie)),
    );
    expect(suspend.status).toBe(303);
    expect((await run(() => ordersLoader(get("/agent/orders", agentB.cookie)))).location).toBe("/agent");
    expect((await run(() => homeLoader(get("/agent", agentB.cookie)))).data).toMatchObject({ state: "suspended" });
    const again = await run(() =>
      farmersAction(post("/agent/farmers", { name: "Late", mobile: mobileNumber(), locale: "en", ...FARMER }, agentB.cookie)),
    );
    expect(again.status).toBe(403);
  });
});
