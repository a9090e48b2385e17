import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { payLinkToken } from "~/features/orders/server/pay-link.server";
import { action as staffAction } from "~/routes/admin/staff";
import { action as productEditAction } from "~/routes/admin/product-edit";
import { action as orderAction } from "~/routes/admin/order";
import { action as settingsAction } from "~/routes/admin/settings";
import { loader as auditLoader } from "~/routes/admin/audit";
import { loader as deskLoader, action as deskAction } from "~/routes/admin/assisted-order";
import { loader as payLoader, action as payAction } from "~/routes/store/pay-link";
import { action as callbackAction } from "~/routes/resources/razorpay-callback";
import { action as agentsAdminAction } from "~/routes/admin/agents";
import { action as commissionAdminAction } from "~/routes/admin/agent-commission";
import { action as registerAction } from "~/routes/agent/register";
import { action as farmersAction } from "~/routes/agent/farmers";
import { loader as agentOrderLoader, action as agentOrderAction } from "~/routes/agent/order-new";
import { loader as commissionPage } from "~/routes/store/agent-commission";
import { checkoutInput, createCustomer, createProduct } from "../factories";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { sizesOf } from "../sizes";
import { advanceOrder, withFakeGateway } from "../paid-orders";
import { get, ORIGIN, post, run, signIn } from "../route-calls";

/**
 * Issue 33's "done when", as the server runs it on the engine this run is on: an owner adds a catalogue
 * manager, an order-desk user and a support agent; each does their job and is refused the others'; the
 * trail shows each change by its person; the support agent takes a phone order for a new farmer who
 * pays by the SMS link; a field agent orders for two farmers and sees the commission after delivery.
 * (The policy over every route and role is tests/integration/staff-matrix.test.ts.)
 */
const engine = getDatabase().engine;
const gateway = withFakeGateway();
const PASSWORD = "team-owner-pass-2026";
const tag = newId(6);

type Person = { id: string; email: string; cookie: string };
let owner: Person;
const team: Record<"catalogue" | "orders" | "support", Person> = {} as never;
let product: { id: string };
let size: { id: string };

const mobileNumber = () => `7${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 900 + 100)}`;
const entriesBy = (actorId: string) =>
  getDb().selectFrom("audit_entry").select(["kind", "object_id", "actor_role"]).where("actor_id", "=", actorId).orderBy("at").execute();

beforeAll(async () => {
  const email = `team-owner-${tag}@angle.test`;
  const made = await createUserWithPassword({ name: "Owner Anita", email, password: PASSWORD, role: "admin" });
  owner = { id: made.id, email, cookie: await signIn(email, PASSWORD) };
  product = await createProduct({ name: `Hybrid Tomato Seed ${tag}`, category: "seeds", pricePaise: 45_000, stock: 40 });
  const [first] = await sizesOf(product.id);
  if (!first) throw new Error("the product has no size");
  size = first;
});

describe(`issue 33 done when (${engine})`, () => {
  it("the owner adds a catalogue manager, an order-desk user and a support agent by email, each signing in with the one-time password", async () => {
    for (const role of ["catalogue", "orders", "support"] as const) {
      const email = `team-${role}-${tag}@angle.test`;
      const added = await run<{ added: { email: string; password: string } | null }>(() =>
        staffAction(post("/admin/staff", { intent: "add", name: `Team ${role}`, contact: email, role }, owner.cookie)),
      );
      expect(added.status).toBe(200);
      const password = added.data.added?.password ?? "";
      expect(password.length).toBeGreaterThan(8);
      const row = await getDb()
        .selectFrom("user")
        .select(["id", "role", "staff_role"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: "admin", staff_role: role });
      team[role] = { id: row.id, email, cookie: await signIn(email, password) };
    }
    // Only an owner runs the team.
    const refused = await run(() =>
      staffAction(
        post("/admin/staff", { intent: "add", name: "Sneaky", contact: `x-${tag}@angle.test`, role: "owner" }, team.orders.cookie),
      ),
    );
    expect(refused.status).toBe(403);
  });

  it("each does their job and is refused the others', and the trail shows each change by its person", async () => {
    const sku = (await getDb().selectFrom("product_variant").select("sku").where("id", "=", size.id).executeTakeFirstOrThrow()).sku;
    const versionNow = async () =>
      Number((await getDb().selectFrom("product").select("version").where("id", "=", product.id).executeTakeFirstOrThrow()).version);
    const priced = async (cookie: string) => {
      const version = await versionNow();
      return run(() =>
        productEditAction({
          ...post(
            `/admin/products/${product.id}`,
            {
              name: `Hybrid Tomato Seed ${tag}`,
              description: "Hybrid tomato seed for kharif and rabi.",
              category: "seeds",
              hsnCode: "12099190",
              gstRate: "0",
              version: String(version),
              "variants[0].id": size.id,
              "variants[0].sku": sku,
              "variants[0].label": "1 unit",
              "variants[0].packQuantity": "1",
              "variants[0].packUnit": "piece",
              "variants[0].price": "420",
              "variants[0].mrp": "500",
              "variants[0].stock": "40",
            },
            cookie,
            { id: product.id },
          ),
        }),
      );
    };
    const customer = await createCustomer();
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    const moved = (cookie: string) =>
      run(() => orderAction(post(`/admin/orders/${orderId}`, { status: "confirmed", note: "Farmer confirmed" }, cookie, { id: orderId })));

    // The order desk and the support agent may not touch prices; the catalogue manager and support may not move orders.
    expect((await priced(team.orders.cookie)).status).toBe(403);
    expect((await priced(team.support.cookie)).status).toBe(403);
    expect((await moved(team.catalogue.cookie)).status).toBe(403);
    expect((await moved(team.support.cookie)).status).toBe(403);
    // No one but the owner saves the store's settings.
    for (const member of Object.values(team)) {
      expect((await run(() => settingsAction(post("/admin/settings", { siteTitle: "Taken" }, member.cookie)))).status).toBe(403);
    }
    expect(await entriesBy(team.orders.id)).toEqual([]);

    // Each one's own job.
    expect((await priced(team.catalogue.cookie)).status).toBe(303);
    expect((await moved(team.orders.cookie)).status).toBe(303);
    expect(await entriesBy(team.catalogue.id)).toEqual([{ kind: "product.update", object_id: product.id, actor_role: "catalogue" }]);
    expect(await entriesBy(team.orders.id)).toEqual([{ kind: "order.status", object_id: orderId, actor_role: "orders" }]);

    // The owner finds them in the trail by person.
    const trail = await run<{ page: { rows: { kind: string }[] } }>(() =>
      auditLoader(get(`/admin/audit?person=${encodeURIComponent(team.catalogue.email)}`, owner.cookie)),
    );
    expect(trail.status).toBe(200);
    expect(trail.data.page.rows.map((e) => e.kind)).toEqual(["product.update"]);
    expect((await run(() => auditLoader(get("/admin/audit", team.orders.cookie)))).status).toBe(403);
  });

  it("the support agent takes a phone order for a new farmer, who pays by the SMS link; the order and its placing are in the trail", async () => {
    const DESK = "/admin/assisted-orders/new";
    const mobile = mobileNumber();
    const fields = {
      name: "Geeta Kale",
      mobile,
      locale: "hi",
      street: "Gat 7, Junnar",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
    };
    const added = await run(() => deskAction(post(DESK, { intent: "add-farmer", ...fields }, team.support.cookie)));
    expect(added.status).toBe(303);
    const farmerId = new URL(added.location, ORIGIN).searchParams.get("farmer") ?? "";
    const lines = `${product.id}~${size.id}.3`;
    const page = await run<{ checkoutKey: string; payments: string[]; cart: { totals: { total: number } } }>(() =>
      deskLoader(get(`${DESK}?farmer=${farmerId}&lines=${encodeURIComponent(lines)}`, team.support.cookie)),
    );
    expect(page.data.payments).toContain("link");
    const placed = await run(() =>
      deskAction(
        post(DESK, { intent: "place", farmer: farmerId, lines, checkoutKey: page.data.checkoutKey, payment: "link" }, team.support.cookie),
      ),
    );
    expect(placed.status).toBe(303);
    const orderId = placed.location.replace("/admin/orders/", "");
    expect(
      await getDb().selectFrom("orders").select(["user_id", "placed_by", "payment_status"]).where("id", "=", orderId).executeTakeFirst(),
    ).toEqual({ user_id: farmerId, placed_by: team.support.id, payment_status: "awaiting_payment" });

    // The farmer's SMS, in Hindi, carries the link; it opens without a sign-in and pays through the gateway.
    const sms = await getDb()
      .selectFrom("outbox")
      .select("payload")
      .where("dedupe_key", "=", `assisted-pay-link:${orderId}`)
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/pay\?t=([A-Za-z0-9_-]+)/.exec(JSON.parse(sms.payload).text as string);
    expect(link?.[1]).toBe(payLinkToken(orderId));
    const token = link?.[1] ?? "";
    const opened = await run(() => payLoader(get(`/orders/${orderId}/pay?t=${token}`, undefined, { orderId })));
    expect(opened.status).toBe(200);
    const pay = await run<{ razorpay: { options: { order_id: string; amount: number } } }>(() =>
      payAction(post(`/orders/${orderId}/pay?t=${token}`, { intent: "pay" }, undefined, { orderId })),
    );
    expect(pay.data.razorpay.options.amount).toBe(page.data.cart.totals.total);
    const { callback } = gateway.control.payRazorpayOrder({
      orderId: pay.data.razorpay.options.order_id,
      outcome: "success",
      method: "upi",
    });
    const back = await run(() =>
      callbackAction(post(`/payments/razorpay/callback?pay=${token}`, callback as unknown as Record<string, string>)),
    );
    expect(back.status).toBe(303);
    expect(await getDb().selectFrom("orders").select(["status", "payment_status"]).where("id", "=", orderId).executeTakeFirst()).toEqual({
      status: "confirmed",
      payment_status: "paid",
    });
    expect(await entriesBy(team.support.id)).toEqual([{ kind: "order.place", object_id: orderId, actor_role: "support" }]);
  });

  it("a field agent, approved by the owner, orders for two farmers and sees the commission once they are delivered", async () => {
    expect(
      (
        await run(() =>
          commissionAdminAction(
            post("/admin/agent-commission", { intent: "rates", seeds: "5", equipment: "1", tools: "1", fertilizers: "2" }, owner.cookie),
          ),
        )
      ).status,
    ).toBeLessThan(400);
    const agentEmail = `team-agent-${tag}@angle.test`;
    const made = await createUserWithPassword({ name: "Ravi Shinde", email: agentEmail, password: PASSWORD, role: "user" });
    await getDb()
      .updateTable("user")
      .set({ phoneNumber: `+91${mobileNumber()}`, phoneNumberVerified: true })
      .where("id", "=", made.id)
      .execute();
    const agent = { id: made.id, cookie: await signIn(agentEmail, PASSWORD) };
    const registered = await run(() =>
      registerAction(post("/agent/register", { name: "Ravi Shinde", village: "Khed", pincode: "411001" }, agent.cookie)),
    );
    expect(registered.status).toBeLessThan(400);
    // Not yet approved: no farmers, no orders.
    expect((await run(() => farmersAction(post("/agent/farmers", { name: "X", mobile: mobileNumber() }, agent.cookie)))).status).toBe(403);
    const approved = await run(() =>
      agentsAdminAction(post("/admin/agents", { intent: "decide", agent: agent.id, status: "approved" }, team.orders.cookie)),
    );
    expect(approved.status).toBe(303);

    const orderIds: string[] = [];
    for (const name of ["Mohan Pawar", "Lata Gaikwad"]) {
      const mobile = mobileNumber();
      const farmer = { name, mobile, locale: "hi", street: "Ward 2, Khed", city: "Pune", state: "Maharashtra", pincode: "411001" };
      expect((await run(() => farmersAction(post("/agent/farmers", farmer, agent.cookie)))).status).toBe(303);
      const farmerId = (await getDb().selectFrom("user").select("id").where("phoneNumber", "=", `+91${mobile}`).executeTakeFirstOrThrow())
        .id;
      const lines = `${product.id}~${size.id}.2`;
      const page = await run<{ checkoutKey: string }>(() =>
        agentOrderLoader(get(`/agent/orders/new?farmer=${farmerId}&lines=${encodeURIComponent(lines)}`, agent.cookie)),
      );
      const placed = await run(() =>
        agentOrderAction(
          post("/agent/orders/new", { intent: "place", farmer: farmerId, lines, checkoutKey: page.data.checkoutKey }, agent.cookie),
        ),
      );
      expect(placed.status).toBe(303);
      const order = await getDb()
        .selectFrom("orders")
        .select("id")
        .where("user_id", "=", farmerId)
        .where("placed_by", "=", agent.id)
        .executeTakeFirstOrThrow();
      orderIds.push(order.id);
    }

    const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
    type Shown = { state: string; statement: { text: { earnedTotal: string }; earned: unknown[] } };
    const before = await run<Shown>(() => commissionPage(get(`/agent/commission?month=${month}`, agent.cookie)));
    expect(before.data.statement.earned).toEqual([]);

    for (const orderId of orderIds) await advanceOrder(orderId, "delivered", team.orders.id);
    const rows = await getDb()
      .selectFrom("agent_commission")
      .select(["commission_paise", "base_paise", "rate_bp"])
      .where("order_id", "in", orderIds)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => Number(r.rate_bp) === 500)).toBe(true);
    const total = rows.reduce((sum, r) => sum + Number(r.commission_paise), 0);
    expect(total).toBe(rows.reduce((sum, r) => sum + Math.floor((Number(r.base_paise) * 500) / 10_000), 0));
    expect(total).toBeGreaterThan(0);

    const after = await run<Shown>(() => commissionPage(get(`/agent/commission?month=${month}`, agent.cookie)));
    expect(after.status).toBe(200);
    expect(after.data.statement.earned).toHaveLength(2);
    const rupees = (total / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(after.data.statement.text.earnedTotal).toContain(rupees);
  });
});
