import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { readOndcSwitch } from "~/features/ondc/server/ondc-switch.server";
import { action as ondcAction, loader as ondcLoader } from "~/routes/admin/ondc";
import AdminOndcMessage, { loader as messageLoader } from "~/routes/admin/ondc-message";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as orderLoader } from "~/routes/admin/order";
import { issueCall } from "~/features/ondc/server/calls/issue.server";
import { issueStatusCall } from "~/features/ondc/server/calls/issue-status.server";
import { ratingCall } from "~/features/ondc/server/calls/rating.server";
import type { OndcCallHandler } from "~/features/ondc/server/calls/call";
import { resolveOndcIssue } from "~/features/ondc/server/ondc-issues.server";
import { listVendorOrderLines } from "~/features/vendor-shops/server/vendor-orders.server";
import { createCustomer, createOrder, createProduct, createVendor } from "../factories";
import { get, post, run, signIn } from "../route-calls";

/**
 * The ONDC admin page (docs/decisions/076-ondc-admin.md) as the server runs it, the orders list's
 * ONDC badge, and the grievance and rating calls' handlers, on the engine the run is on.
 */
const PASSWORD = "ondc-admin-pass-2026";

async function account(role: "admin" | "user" | "vendor") {
  const email = `ondc-${role}-${newId(8)}@angle.test`;
  await createUserWithPassword({ name: `ONDC ${role}`, email, password: PASSWORD, role });
  return signIn(email, PASSWORD);
}

async function logMessage(
  over: Partial<{
    direction: "in" | "out";
    action: string;
    tx: string;
    signature: "verified" | "refused" | "signed";
    body: string;
    at: string;
  }>,
) {
  const id = newId();
  await getDb()
    .insertInto("ondc_message")
    .values({
      id,
      direction: over.direction ?? "in",
      action: over.action ?? "search",
      transaction_id: over.tx ?? null,
      message_id: newId(8),
      counterparty: "buyer.example.in",
      signature: over.signature ?? "verified",
      reason: over.signature === "refused" ? "bad-signature" : null,
      http_status: over.signature === "refused" ? 401 : 200,
      ack: over.signature === "refused" ? "NACK" : "ACK",
      body: over.body ?? "{}",
      created_at: over.at ?? new Date().toISOString(),
    })
    .execute();
  return id;
}

/** A store order a buyer app placed over ONDC: the order and its ondc_order row. */
async function ondcOrder(bapId = "buyer.example.in") {
  const customer = await createCustomer();
  const product = await createProduct();
  const { id: orderId } = await createOrder(customer.id, [product.id], "confirmed");
  const transactionId = `tx-${newId(10)}`;
  const now = new Date().toISOString();
  await getDb()
    .insertInto("ondc_order")
    .values({
      id: newId(),
      bap_id: bapId,
      bap_uri: "https://buyer.example.in/ondc",
      transaction_id: transactionId,
      provider_id: "angle",
      state: "confirmed",
      order_id: orderId,
      payment_type: "ON-ORDER",
      payment_collected_by: "BAP",
      payment_status: "PAID",
      settlement: JSON.stringify({
        finderFeeType: "percent",
        finderFeeAmount: "3",
        basis: "delivery",
        window: "P1D",
        withholdingPaise: 0,
        bank: { accountName: "Angle Agro", accountNumber: "001234567890", bankName: "State Bank of India", ifscCode: "SBIN0000001" },
      }),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { orderId, transactionId, bapId };
}

function context(action: string, o: { transactionId: string; bapId: string }) {
  return {
    domain: "ONDC:AGR10",
    action,
    bap_id: o.bapId,
    bap_uri: "https://buyer.example.in/ondc",
    bpp_id: "angle.example.in",
    bpp_uri: "https://angle.example.in/ondc",
    transaction_id: o.transactionId,
    message_id: newId(8),
    timestamp: new Date().toISOString(),
  };
}

/** What the dispatcher does with a call once ACKed: parse the message by the handler's schema, then handle it. */
async function call(
  handler: OndcCallHandler<unknown>,
  action: "issue" | "issue_status" | "rating",
  o: { transactionId: string; bapId: string },
  message: unknown,
) {
  const parsed = handler.message.safeParse(message);
  if (!parsed.success) return "NACK" as const;
  return handler.handle({ action, context: context(action, o), message: parsed.data, receivedAt: new Date().toISOString() });
}

const issueMessage = (id: string, orderId: string, status: "OPEN" | "CLOSED" = "OPEN") => ({
  issue: {
    id,
    category: "ITEM",
    sub_category: "ITM02",
    order_details: { id: orderId, provider_id: "angle" },
    description: { short_desc: "Quantity short", long_desc: "Got 2 bags of urea, ordered 3." },
    status,
    created_at: new Date().toISOString(),
  },
});

let admin: string;
beforeAll(async () => {
  admin = await account("admin");
});

describe("the ONDC admin page", () => {
  it("is the admins' alone: a customer and a vendor are sent to sign in, and may not post", async () => {
    for (const role of ["user", "vendor"] as const) {
      const cookie = await account(role);
      const page = await run(() => ondcLoader(get("/admin/ondc", cookie)));
      expect(page.status).toBe(302);
      expect(page.location).toBe("/admin/login");
      const posted = await run(() => ondcAction(post("/admin/ondc", { intent: "switch", enabled: "on" }, cookie)));
      expect(posted.status).toBe(403);
      const body = await run(() => messageLoader(get("/admin/ondc/messages/x", cookie, { id: "x" })));
      expect(body.status).toBe(302);
    }
    expect((await readOndcSwitch()).enabled).toBe(false);
  });

  it("a staff member without the settings (support) gets 403", async () => {
    const email = `ondc-support-${newId(8)}@angle.test`;
    const { id } = await createUserWithPassword({ name: "Support", email, password: PASSWORD, role: "admin" });
    await getDb().updateTable("user").set({ staff_role: "support" }).where("id", "=", id).execute();
    const cookie = await signIn(email, PASSWORD);
    expect((await run(() => ondcLoader(get("/admin/ondc", cookie)))).status).toBe(403);
  });

  it("shows the store unconfigured, no private key, and the switch off", async () => {
    const page = await run<Awaited<ReturnType<typeof ondcLoader>>>(() => ondcLoader(get("/admin/ondc", admin)));
    expect(page.status).toBe(200);
    expect(page.data.identity.configured).toBe(false);
    expect(page.data.enabled).toBe(false);
    expect(JSON.stringify(page.data)).not.toMatch(/PRIVATE/i);
  });

  it("turns the switch on and off, each change audited", async () => {
    const on = await run(() => ondcAction(post("/admin/ondc", { intent: "switch", enabled: "on" }, admin)));
    expect(on.status).toBe(303);
    expect((await readOndcSwitch()).enabled).toBe(true);
    await run(() => ondcAction(post("/admin/ondc", { intent: "switch", enabled: "off" }, admin)));
    expect((await readOndcSwitch()).enabled).toBe(false);
    const audits = await getDb().selectFrom("audit_entry").select(["kind", "actor_name"]).where("kind", "=", "settings.ondc").execute();
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits.every((a) => a.actor_name === "ONDC admin")).toBe(true);
    const bad = await run<{ error: string }>(() => ondcAction(post("/admin/ondc", { intent: "switch", enabled: "maybe" }, admin)));
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe("Choose on or off.");
  });

  it("pages the log newest first and filters it by transaction, direction, action and signature", async () => {
    const tx = `tx-log-${newId(8)}`;
    const base = Date.parse("2026-11-01T00:00:00Z");
    for (let i = 0; i < 53; i++)
      await logMessage({
        tx,
        action: i % 2 ? "on_search" : "search",
        direction: i % 2 ? "out" : "in",
        signature: i % 2 ? "signed" : i % 3 === 0 ? "refused" : "verified",
        at: new Date(base + i * 1000).toISOString(),
      });
    type Page = Awaited<ReturnType<typeof ondcLoader>>;
    const first = await run<Page>(() => ondcLoader(get(`/admin/ondc?tx=${tx}`, admin)));
    expect(first.data.log.total).toBe(53);
    expect(first.data.log.rows).toHaveLength(50);
    expect(first.data.log.rows[0]?.createdAt).toBe(new Date(base + 52_000).toISOString());
    const second = await run<Page>(() => ondcLoader(get(`/admin/ondc?tx=${tx}&cursor=${first.data.log.nextCursor}`, admin)));
    expect(second.data.log.rows.map((r) => r.createdAt)).toEqual([2, 1, 0].map((i) => new Date(base + i * 1000).toISOString()));
    const out = await run<Page>(() => ondcLoader(get(`/admin/ondc?tx=${tx}&direction=out`, admin)));
    expect(out.data.log.total).toBe(26);
    expect(out.data.log.rows.every((r) => r.direction === "out" && r.action === "on_search")).toBe(true);
    const action = await run<Page>(() => ondcLoader(get(`/admin/ondc?tx=${tx}&action=search`, admin)));
    expect(action.data.log.total).toBe(27);
    const refused = await run<Page>(() => ondcLoader(get(`/admin/ondc?tx=${tx}&signature=refused`, admin)));
    // Even i, multiples of 3: 0, 6, 12, … 48.
    expect(refused.data.log.total).toBe(9);
    expect(refused.data.log.rows.every((r) => r.reason === "bad-signature" && r.ack === "NACK" && r.httpStatus === 401)).toBe(true);
    const nonsense = await run<Page>(() => ondcLoader(get(`/admin/ondc?tx=${tx}&direction=sideways&signature=x`, admin)));
    expect(nonsense.data.log.total).toBe(53);
  });

  it("shows a message's body pretty-printed and escaped", async () => {
    const id = await logMessage({ body: JSON.stringify({ context: { action: "search" }, message: { q: "<script>alert(1)</script>" } }) });
    const answer = await run<Awaited<ReturnType<typeof messageLoader>>>(() =>
      messageLoader(get(`/admin/ondc/messages/${id}`, admin, { id })),
    );
    expect(answer.data.message.body).toContain('\n  "context": {');
    const html = renderToStaticMarkup(createElement(AdminOndcMessage, { loaderData: answer.data }));
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect((await run(() => messageLoader(get("/admin/ondc/messages/nope", admin, { id: "nope" })))).status).toBe(404);
  });
});

describe("ONDC orders in the admin", () => {
  it("marks an ONDC order with its buyer app in the list, filters by channel, and shows its panel", async () => {
    const o = await ondcOrder("paytm.example.in");
    type Orders = Awaited<ReturnType<typeof ordersLoader>>;
    const ondc = await run<Orders>(() => ordersLoader(get(`/admin/orders?channel=ondc&q=${o.orderId}`, admin)));
    expect(ondc.data.page.rows.map((r) => [r.id, r.ondcBuyerApp])).toEqual([[o.orderId, "paytm.example.in"]]);
    const store = await run<Orders>(() => ordersLoader(get(`/admin/orders?channel=store&q=${o.orderId}`, admin)));
    expect(store.data.page.rows).toHaveLength(0);
    const plain = await createOrder((await createCustomer()).id, [(await createProduct()).id]);
    const all = await run<Orders>(() => ordersLoader(get("/admin/orders", admin)));
    expect(all.data.page.rows.find((r) => r.id === plain.id)?.ondcBuyerApp).toBeNull();
    expect(all.data.page.rows.find((r) => r.id === o.orderId)?.ondcBuyerApp).toBe("paytm.example.in");
    const page = await run<Awaited<ReturnType<typeof orderLoader>>>(() =>
      orderLoader(get(`/admin/orders/${o.orderId}`, admin, { id: o.orderId })),
    );
    expect(page.data.ondc).toMatchObject({ bapId: "paytm.example.in", transactionId: o.transactionId, paymentType: "ON-ORDER" });
    expect(page.data.ondc?.settlement).toEqual([
      { label: "Buyer app's finder fee", value: "3%" },
      { label: "Settlement basis", value: "delivery" },
      { label: "Settlement window", value: "P1D" },
      { label: "Withheld", value: "₹0" },
      { label: "Settled to", value: "Angle Agro, State Bank of India account ending 7890 (IFSC SBIN0000001)" },
    ]);
  });
});

describe("ONDC orders on a vendor's orders page", () => {
  it("marks the vendor's order that a buyer app placed, and not the others", async () => {
    const vendor = await createVendor();
    const o = await ondcOrder();
    const plain = await createOrder((await createCustomer()).id, [(await createProduct()).id]);
    await getDb().updateTable("order_line").set({ vendor_id: vendor.id }).where("order_id", "in", [o.orderId, plain.id]).execute();
    const page = await listVendorOrderLines(vendor.id);
    expect(page.rows.map((r) => [r.orderId, r.ondc]).sort()).toEqual(
      [
        [o.orderId, true],
        [plain.id, false],
      ].sort(),
    );
  });
});

describe("grievances (IGM) and ratings", () => {
  it("takes an issue, answers PROCESSING with the store's contact, and tells how it stands", async () => {
    const o = await ondcOrder();
    const issueId = `issue-${newId(8)}`;
    const replies = await call(issueCall, "issue", o, issueMessage(issueId, o.orderId));
    expect(replies).not.toBe("NACK");
    const onIssue = (replies as { message: { issue: Record<string, unknown> } }[])[0]?.message.issue;
    expect(onIssue).toMatchObject({
      id: issueId,
      issue_actions: {
        respondent_actions: [
          { respondent_action: "PROCESSING", cascaded_level: 1, updated_by: { org: { name: "angle.example.in::ONDC:AGR10" } } },
        ],
      },
    });
    const row = await getDb().selectFrom("ondc_issue").selectAll().where("issue_id", "=", issueId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ order_id: o.orderId, category: "ITEM", sub_category: "ITM02", status: "PROCESSING" });
    // The same issue again is answered as it stands, not stored twice.
    await call(issueCall, "issue", o, issueMessage(issueId, o.orderId));
    expect(await getDb().selectFrom("ondc_issue").select("id").where("issue_id", "=", issueId).execute()).toHaveLength(1);
    const status = (await call(issueStatusCall, "issue_status", o, { issue_id: issueId })) as {
      message: { issue: Record<string, unknown> };
    }[];
    expect(status[0]?.message.issue).not.toHaveProperty("resolution");
    // The complainant's CLOSE says little more than the issue's id; an issue we never had is not found.
    const close = (id: string) => ({ issue: { id, status: "CLOSED", updated_at: new Date().toISOString() } });
    expect(await call(issueCall, "issue", o, close("never-raised"))).toEqual([
      { error: expect.objectContaining({ message: "Issue not found" }) },
    ]);
    expect(await call(issueCall, "issue", o, close(issueId))).toHaveLength(1);
    expect((await getDb().selectFrom("ondc_issue").select("status").where("issue_id", "=", issueId).executeTakeFirstOrThrow()).status).toBe(
      "CLOSED",
    );
    expect(await call(issueStatusCall, "issue_status", o, { issue_id: "nope" })).toEqual([
      { error: expect.objectContaining({ message: "Issue not found" }) },
    ]);
  });

  it("refuses an issue about an order the buyer app did not place, and a malformed one", async () => {
    const o = await ondcOrder();
    const other = { transactionId: "tx-unknown", bapId: "another.example.in" };
    expect(await call(issueCall, "issue", other, issueMessage(`i-${newId(6)}`, o.orderId))).toEqual([
      { error: expect.objectContaining({ code: "30018" }) },
    ]);
    const bad = issueMessage("i-bad", o.orderId);
    expect(await call(issueCall, "issue", o, { issue: { ...bad.issue, category: "WEATHER" } })).toBe("NACK");
    expect(await call(issueCall, "issue", o, { issue: { ...bad.issue, sub_category: "x" } })).toBe("NACK");
  });

  it("lists the open issue for the admin, who resolves it with a note: audited, pushed, and shown by issue_status", async () => {
    const o = await ondcOrder();
    const issueId = `issue-${newId(8)}`;
    await call(issueCall, "issue", o, issueMessage(issueId, o.orderId));
    const page = await run<Awaited<ReturnType<typeof ondcLoader>>>(() => ondcLoader(get("/admin/ondc", admin)));
    const listed = page.data.issues.find((i) => i.issueId === issueId);
    expect(listed).toMatchObject({
      orderId: o.orderId,
      status: "PROCESSING",
      description: "Quantity short\n\nGot 2 bags of urea, ordered 3.",
    });
    const id = listed?.id ?? "";
    const noAction = await run<{ error: string }>(() =>
      ondcAction(post("/admin/ondc", { intent: "resolve", id, action: "RESOLVED", note: "Done." }, admin)),
    );
    expect(noAction.status).toBe(400);
    expect(noAction.data.error).toBe("Choose what was done.");
    const short = await run<{ error: string }>(() =>
      ondcAction(post("/admin/ondc", { intent: "resolve", id, action: "REPLACEMENT", note: "x" }, admin)),
    );
    expect(short.status).toBe(400);
    const done = await run(() =>
      ondcAction(post("/admin/ondc", { intent: "resolve", id, action: "REPLACEMENT", note: "Sent the missing bag on 2 December." }, admin)),
    );
    expect(done.status).toBe(303);
    const audit = await getDb()
      .selectFrom("audit_entry")
      .select(["kind", "actor_name"])
      .where("object_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ kind: "ondc_issue.resolve", actor_name: "ONDC admin" });
    const status = (await call(issueStatusCall, "issue_status", o, { issue_id: issueId })) as {
      message: { issue: Record<string, unknown> };
    }[];
    expect(status[0]?.message.issue).toMatchObject({
      resolution: { long_desc: "Sent the missing bag on 2 December.", action_triggered: "REPLACEMENT" },
      issue_actions: { respondent_actions: [{ respondent_action: "PROCESSING" }, { respondent_action: "RESOLVED" }] },
    });
    const again = await run(() => ondcAction(post("/admin/ondc", { intent: "resolve", id, action: "NO-ACTION", note: "Again." }, admin)));
    expect(again.status).toBe(409);
  });

  it("pushes the resolution to the buyer app as an unsolicited on_issue_status", async () => {
    const o = await ondcOrder();
    const issueId = `issue-${newId(8)}`;
    await call(issueCall, "issue", o, issueMessage(issueId, o.orderId));
    const row = await getDb().selectFrom("ondc_issue").select("id").where("issue_id", "=", issueId).executeTakeFirstOrThrow();
    const pushed: unknown[] = [];
    expect(
      await resolveOndcIssue({ id: row.id, note: "Sent a fresh bag.", action: "REPLACEMENT" }, async (...args) => pushed.push(args)),
    ).toEqual({ ok: true });
    expect(pushed).toEqual([
      [
        { bapId: o.bapId, bapUri: "https://buyer.example.in/ondc", transactionId: o.transactionId },
        "issue_status",
        {
          message: {
            issue: expect.objectContaining({
              id: issueId,
              resolution: expect.objectContaining({ long_desc: "Sent a fresh bag.", action_triggered: "REPLACEMENT" }),
            }),
          },
        },
      ],
    ]);
  });

  it("acknowledges a rating of a placed order; refuses a value outside 1–5 and an unknown order", async () => {
    const o = await ondcOrder();
    const rating = (value: unknown) => ({ ratings: [{ rating_category: "Order", id: o.orderId, value }] });
    expect(await call(ratingCall, "rating", o, rating("5"))).toEqual([{ message: { feedback_ack: false, rating_ack: true } }]);
    expect(await call(ratingCall, "rating", o, rating(1))).toEqual([{ message: { feedback_ack: false, rating_ack: true } }]);
    for (const value of ["0", "6", "4.5", "abc", 7]) {
      expect(await call(ratingCall, "rating", o, rating(value))).toEqual([{ error: expect.objectContaining({ code: "30015" }) }]);
    }
    expect(await call(ratingCall, "rating", { ...o, transactionId: "tx-none" }, rating("4"))).toEqual([
      { error: expect.objectContaining({ code: "30014" }) },
    ]);
    expect(await call(ratingCall, "rating", o, { ratings: [] })).toBe("NACK");
  });
});
