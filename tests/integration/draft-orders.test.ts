import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { withRequestMemo } from "~/platform/request-memo.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { addFarmer } from "~/features/orders/server/assisted-orders.server";
import { loader as listLoader, action as listAction } from "~/routes/admin/draft-orders";
import { loader as draftLoader, action as draftAction } from "~/routes/admin/draft-order";
import { createProduct } from "../factories";
import { sizesOf } from "../sizes";
import { withFakeGateway } from "../paid-orders";

/**
 * Draft orders (docs/decisions/064-draft-orders.md), as the server runs the desk's pages: saved, changed,
 * discounted within the role's limit (audited, judged again when placed), placed once, discarded.
 */
const engine = getDatabase().engine;
const ORIGIN = "http://localhost:3999";
const PASSWORD = "draft-desk-pass-2026";
const LIST = "/admin/draft-orders";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

type Role = "owner" | "support" | "orders" | "catalogue";
async function staffMember(role: Role) {
  const email = `draft-${role}-${newId(8)}@angle.test`;
  const { id } = await createUserWithPassword({ name: `Draft ${role} ${newId(4)}`, email, password: PASSWORD, role: "admin" });
  await getDb().updateTable("user").set({ staff_role: role }).where("id", "=", id).execute();
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

function args(request: Request, params: Record<string, string> = {}) {
  const url = new URL(request.url);
  return { request, url, params, context: new RouterContextProvider(), pattern: url.pathname } as never;
}
const get = (path: string, cookie: string, params?: Record<string, string>) =>
  args(new Request(`${ORIGIN}${path}`, { headers: { cookie } }), params);
function post(path: string, fields: Record<string, string>, cookie: string, params?: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
    body: new URLSearchParams(fields),
  });
  return args(request, params);
}

/** What a loader or action answered or threw (run in a request's memo, as the root middleware runs it). */
async function run(fn: () => Promise<unknown>) {
  let result: unknown;
  try {
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

type Page = {
  draft: { status: string; discountPaise: number; orderId: string | null };
  quote: { goodsPaise: number; staffDiscountPaise: number; totals: { total: number }; offers: { offerId: string }[] };
  limit: { percent: number; paise: number };
};

const at = (id: string) => `${LIST}/${id}`;
const draftPage = async (id: string, cookie: string) => {
  const page = await run(() => draftLoader(get(at(id), cookie, { id })));
  expect(page.status).toBe(200);
  return page.data as Page;
};
const onDraft = (id: string, fields: Record<string, string>, cookie: string) =>
  run(() => draftAction(post(at(id), fields, cookie, { id })));
const draftRow = (id: string) => getDb().selectFrom("draft_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const auditOf = (objectId: string) =>
  getDb().selectFrom("audit_entry").selectAll().where("object_id", "=", objectId).orderBy("at").execute();
const stockOf = async (variantId: string) =>
  Number((await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock);
const setPrice = (variantId: string, paise: number) =>
  getDb().updateTable("product_variant").set({ price_paise: paise, mrp_paise: paise }).where("id", "=", variantId).execute();

let owner: Awaited<ReturnType<typeof staffMember>>;
let support: Awaited<ReturnType<typeof staffMember>>;
let orders: Awaited<ReturnType<typeof staffMember>>;
let catalogue: Awaited<ReturnType<typeof staffMember>>;

async function product(pricePaise: number, stock = 50) {
  const p = await createProduct({ name: `Draft Seed ${newId(5)}`, pricePaise, stock, gstRate: 5, hsnCode: "1209" });
  const [size] = await sizesOf(p.id);
  if (!size) throw new Error("the product has no size");
  return { productId: p.id, variantId: size.id, line: (n: number) => `${p.id}~${size.id}.${n}` };
}

let mobiles = 0;
async function farmer() {
  mobiles += 1;
  const mobile = `+9198${String(Date.now()).slice(-5)}${String(mobiles).padStart(3, "0")}`;
  const { farmer } = await addFarmer({
    name: "Sita Devi",
    mobile,
    locale: "hi",
    street: "Ward 2, Khed",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  });
  return farmer.id;
}

/** Saves a draft as the desk's "Save as draft" does; its id. */
// UPI is switched on (Razorpay's keys), so the desk may send a payment link.
withFakeGateway();

async function saveDraft(cookie: string, farmerId: string, lines: string) {
  const saved = await run(() => listAction(post(LIST, { intent: "save", farmer: farmerId, lines }, cookie)));
  expect(saved.status).toBe(303);
  return saved.location.replace(`${LIST}/`, "");
}

beforeAll(async () => {
  [owner, support, orders, catalogue] = await Promise.all([
    staffMember("owner"),
    staffMember("support"),
    staffMember("orders"),
    staffMember("catalogue"),
  ]);
});

describe(`draft orders (${engine})`, () => {
  it("saved, changed and discounted at the role's limit, the draft is placed once with the discount spread over its lines and GST on what is left", async () => {
    const a = await product(26_650);
    const b = await product(1_000_00);
    const farmerId = await farmer();
    const id = await saveDraft(support.cookie, farmerId, `${a.line(2)}|${b.line(1)}`);

    const listed = await run(() => listLoader(get(LIST, support.cookie)));
    const row = (listed.data as { drafts: { id: string; farmer: { name: string }; totalPaise: number }[] }).drafts.find((d) => d.id === id);
    expect(row?.farmer.name).toBe("Sita Devi");
    expect(row?.totalPaise).toBeGreaterThan(0);

    expect((await onDraft(id, { intent: "quantities", [`qty-${a.variantId}`]: "4" }, support.cookie)).status).toBe(303);
    expect((await draftRow(id)).lines).toBe(`${a.line(4)}|${b.line(1)}`);

    const before = await draftPage(id, support.cookie);
    expect(before.quote.goodsPaise).toBe(4 * 26_650 + 1_000_00);
    expect(before.limit).toMatchObject({ percent: 5, paise: Math.floor((206_600 * 5) / 100) });

    // One paisa above Support's 5%: refused with the limit, nothing written.
    const over = await onDraft(id, { intent: "discount", amount: "103.31", reason: "Regular buyer" }, support.cookie);
    expect(over.status).toBe(403);
    expect((over.data as { error: string }).error).toBe(
      renderRefusal(refusal("orders.discount_over_limit", { percent: 5, maxPaise: 10_330 }), "en"),
    );
    expect(Number((await draftRow(id)).discount_paise)).toBe(0);
    expect(await auditOf(id)).toHaveLength(0);

    // Exactly at the limit: kept, and audited with the reason.
    expect((await onDraft(id, { intent: "discount", amount: "103.30", reason: "Regular buyer" }, support.cookie)).status).toBe(303);
    expect(Number((await draftRow(id)).discount_paise)).toBe(10_330);
    const [given] = await auditOf(id);
    expect(given).toMatchObject({
      kind: "draft_order.discount",
      actor_id: support.id,
      reason: "Regular buyer",
      object_type: "draft_order",
    });
    expect(JSON.parse(given?.changes ?? "{}").discount_paise).toEqual([0, 10_330]);

    const quoted = await draftPage(id, support.cookie);
    expect(quoted.quote.staffDiscountPaise).toBe(10_330);
    expect(quoted.quote.offers.map((o) => o.offerId)).toContain("staff-discount");
    expect(quoted.quote.totals.total).toBeLessThan(before.quote.totals.total);

    const stock = await stockOf(a.variantId);
    const placed = await onDraft(id, { intent: "place" }, support.cookie);
    expect(placed.status).toBe(303);
    const orderId = placed.location.replace("/admin/orders/", "");
    expect(await stockOf(a.variantId)).toBe(stock - 4);

    const order = await getDb().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    const lines = await getDb().selectFrom("order_line").selectAll().where("order_id", "=", orderId).execute();
    expect(order.placed_by).toBe(support.id);
    expect(Number(order.discount_paise)).toBe(10_330);
    expect(lines.reduce((s, l) => s + Number(l.discount_paise), 0)).toBe(10_330);
    for (const l of lines) {
      // GST on the discounted value of each line.
      expect(Number(l.taxable_paise)).toBe(Number(l.line_total_paise) - Number(l.discount_paise));
      const tax = Number(l.cgst_paise) + Number(l.sgst_paise) + Number(l.igst_paise);
      expect(Math.abs(tax - (Number(l.taxable_paise) * 5) / 100)).toBeLessThanOrEqual(1);
    }
    expect(Number(order.subtotal_paise)).toBe(206_600 - 10_330);
    expect(Number(order.total_paise)).toBe(Number(order.subtotal_paise) + Number(order.shipping_paise) + Number(order.tax_paise));
    // The desk's quote of the draft is what the order charges.
    expect(Number(order.total_paise)).toBe(quoted.quote.totals.total);
    const shown = JSON.parse(order.offers) as { offerId: string; paise: number; name: string; nameHi: string }[];
    expect(shown).toEqual([
      expect.objectContaining({ offerId: "staff-discount", paise: 10_330, name: "Discount from the store", nameHi: "दुकान की ओर से छूट" }),
    ]);

    const [recorded] = (await auditOf(orderId)).filter((e) => e.kind === "order.discount");
    expect(recorded).toMatchObject({ actor_id: support.id, reason: "Regular buyer", object_type: "order" });
    expect(JSON.parse(recorded?.changes ?? "{}").discount_paise).toEqual([null, 10_330]);
    expect(await draftRow(id)).toMatchObject({ status: "placed", order_id: orderId });

    // A second press is the same order; a placed draft cannot be changed.
    const again = await onDraft(id, { intent: "place" }, support.cookie);
    expect(again.location).toBe(placed.location);
    expect(await stockOf(a.variantId)).toBe(stock - 4);
    expect((await onDraft(id, { intent: "discount", amount: "1", reason: "Later" }, support.cookie)).status).toBe(409);
  });

  it("the limit is judged again when placing: a price fall or a placing role with a lower limit is refused and nothing is written; a price rise is placed", async () => {
    const p = await product(10_000);
    const farmerId = await farmer();
    const id = await saveDraft(orders.cookie, farmerId, p.line(2));
    // Orders may give 10% of ₹200.
    expect((await onDraft(id, { intent: "discount", amount: "20", reason: "Damaged box" }, orders.cookie)).status).toBe(303);

    // Support's 5% is ₹10: refused for Support, said with Support's limit.
    const stock = await stockOf(p.variantId);
    const bySupport = await onDraft(id, { intent: "place" }, support.cookie);
    expect(bySupport.status).toBe(403);
    expect((bySupport.data as { error: string }).error).toBe(
      renderRefusal(refusal("orders.discount_over_limit", { percent: 5, maxPaise: 1_000 }), "en"),
    );

    // The price falls to ₹90: 10% is ₹18 now.
    await setPrice(p.variantId, 9_000);
    const fallen = await onDraft(id, { intent: "place" }, orders.cookie);
    expect(fallen.status).toBe(403);
    expect((fallen.data as { error: string }).error).toBe(
      renderRefusal(refusal("orders.discount_over_limit", { percent: 10, maxPaise: 1_800 }), "en"),
    );
    expect(await stockOf(p.variantId)).toBe(stock);
    expect((await draftRow(id)).status).toBe("open");
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", farmerId).execute()).toHaveLength(0);

    // The price rises to ₹110: ₹20 is within 10% of ₹220, and the order is at the new price.
    await setPrice(p.variantId, 11_000);
    const placed = await onDraft(id, { intent: "place" }, orders.cookie);
    expect(placed.status).toBe(303);
    const orderId = placed.location.replace("/admin/orders/", "");
    const order = await getDb().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(Number(order.subtotal_paise)).toBe(22_000 - 2_000);
    expect(Number(order.discount_paise)).toBe(2_000);
  });

  it("a draft may be placed to be paid by the SMS link: a UPI order held for payment, the link sent; an unknown way to pay is a 400", async () => {
    const p = await product(6_000);
    const farmerId = await farmer();
    const id = await saveDraft(support.cookie, farmerId, p.line(2));
    expect((await onDraft(id, { intent: "place", payment: "cheque" }, support.cookie)).status).toBe(400);
    expect((await draftRow(id)).status).toBe("open");
    const placed = await onDraft(id, { intent: "place", payment: "link" }, support.cookie);
    expect(placed.status).toBe(303);
    const orderId = placed.location.replace("/admin/orders/", "");
    const order = await getDb().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: farmerId, payment_method: "upi", payment_status: "awaiting_payment", status: "pending" });
    expect(order.payment_due_at).not.toBeNull();
    const sms = await getDb()
      .selectFrom("outbox")
      .select("payload")
      .where("dedupe_key", "=", `assisted-pay-link:${orderId}`)
      .executeTakeFirst();
    expect(JSON.parse(sms?.payload ?? "{}").text).toContain(`/orders/${orderId}/pay?t=`);
    expect((await draftRow(id)).status).toBe("placed");
  });

  it("a discount above the goods' value is refused even for an owner; a bad amount or no reason is a 400", async () => {
    const p = await product(5_000);
    const id = await saveDraft(owner.cookie, await farmer(), p.line(1));
    const page = await draftPage(id, owner.cookie);
    expect(page.limit).toMatchObject({ percent: 100, paise: 5_000 });
    const above = await onDraft(id, { intent: "discount", amount: "50.01", reason: "Too generous" }, owner.cookie);
    expect(above.status).toBe(409);
    expect((above.data as { error: string }).error).toBe(renderRefusal(refusal("orders.discount_over_goods", { maxPaise: 5_000 }), "en"));
    expect((await onDraft(id, { intent: "discount", amount: "abc", reason: "Why not" }, owner.cookie)).status).toBe(400);
    expect((await onDraft(id, { intent: "discount", amount: "-5", reason: "Why not" }, owner.cookie)).status).toBe(400);
    expect((await onDraft(id, { intent: "discount", amount: "5", reason: " " }, owner.cookie)).status).toBe(400);
    expect(Number((await draftRow(id)).discount_paise)).toBe(0);
    expect(await auditOf(id)).toHaveLength(0);
  });

  it("a discarded draft cannot be placed or changed; removing a line and the discount is kept", async () => {
    const a = await product(3_000);
    const b = await product(4_000);
    const id = await saveDraft(support.cookie, await farmer(), `${a.line(1)}|${b.line(1)}`);
    expect((await onDraft(id, { intent: "remove", size: a.variantId }, support.cookie)).status).toBe(303);
    expect((await draftRow(id)).lines).toBe(b.line(1));
    expect((await onDraft(id, { intent: "discount", amount: "2", reason: "Late delivery" }, support.cookie)).status).toBe(303);
    expect((await onDraft(id, { intent: "remove-discount" }, support.cookie)).status).toBe(303);
    expect(Number((await draftRow(id)).discount_paise)).toBe(0);

    expect((await onDraft(id, { intent: "discard" }, support.cookie)).status).toBe(303);
    expect((await auditOf(id)).map((e) => e.kind)).toEqual(["draft_order.discount", "draft_order.discount", "draft_order.discard"]);
    const stock = await stockOf(b.variantId);
    const refused = await onDraft(id, { intent: "place" }, support.cookie);
    expect(refused.status).toBe(409);
    expect((refused.data as { error: string }).error).toBe(renderRefusal(refusal("orders.draft_gone"), "en"));
    expect((await onDraft(id, { intent: "quantities", [`qty-${b.variantId}`]: "3" }, support.cookie)).status).toBe(409);
    expect(await stockOf(b.variantId)).toBe(stock);
    expect((await draftRow(id)).status).toBe("discarded");
  });

  it("odd forms are answered with a 4xx or change nothing they should not, on a real draft and an unknown one", async () => {
    const p = await product(2_500);
    const id = await saveDraft(orders.cookie, await farmer(), p.line(2));
    const forms: Record<string, string>[] = [
      { intent: "quantities", [`qty-${p.variantId}`]: "99999" },
      { intent: "quantities", [`qty-${p.variantId}`]: "1.5" },
      { intent: "quantities", [`qty-${p.variantId}`]: "-1" },
      { intent: "remove", size: "%00" },
      { intent: "discount", amount: "1e9", reason: "Big" },
      { intent: "discount", amount: "99999999999", reason: "Huge" },
      { intent: "discount", amount: "10", reason: "y".repeat(300) },
      { intent: "__proto__" },
      {},
    ];
    for (const fields of forms) {
      expect((await onDraft(id, fields, orders.cookie)).status, JSON.stringify(fields)).toBeLessThan(500);
      expect((await onDraft("nodraft000000", fields, orders.cookie)).status, JSON.stringify(fields)).toBeLessThan(500);
    }
    const tooMany = await onDraft(id, { intent: "quantities", [`qty-${p.variantId}`]: "99999" }, orders.cookie);
    expect(tooMany.status).toBe(400);
    expect((tooMany.data as { error: string }).error).toBe(renderRefusal(refusal("checkout.too_many_of_one", { max: 999 }), "en"));
    expect(await draftRow(id)).toMatchObject({ lines: p.line(2), status: "open" });
    expect(Number((await draftRow(id)).discount_paise)).toBe(0);
    expect((await run(() => draftLoader(get(at("nodraft000000"), orders.cookie, { id: "nodraft000000" })))).status).toBe(404);
    const bad = await run(() => listAction(post(LIST, { intent: "save", farmer: "nobody", lines: p.line(1) }, orders.cookie)));
    expect(bad.status).toBe(400);
    const someone = await farmer();
    const empty = await run(() => listAction(post(LIST, { intent: "save", farmer: someone, lines: "{" }, orders.cookie)));
    expect(empty.status).toBe(400);
  });

  it("a Catalogue user gets 403 on the drafts' pages and actions, and nothing is written", async () => {
    const p = await product(2_000);
    const farmerId = await farmer();
    const id = await saveDraft(support.cookie, farmerId, p.line(1));
    expect((await run(() => listLoader(get(LIST, catalogue.cookie)))).status).toBe(403);
    expect((await run(() => draftLoader(get(at(id), catalogue.cookie, { id })))).status).toBe(403);
    expect((await run(() => listAction(post(LIST, { intent: "save", farmer: farmerId, lines: p.line(1) }, catalogue.cookie)))).status).toBe(
      403,
    );
    const forms: Record<string, string>[] = [
      { intent: "place" },
      { intent: "discount", amount: "1", reason: "Regular buyer" },
      { intent: "discard" },
    ];
    for (const fields of forms) {
      expect((await onDraft(id, fields, catalogue.cookie)).status).toBe(403);
    }
    expect(await getDb().selectFrom("draft_order").select("id").where("farmer_id", "=", farmerId).execute()).toHaveLength(1);
    expect((await draftRow(id)).status).toBe("open");
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", farmerId).execute()).toHaveLength(0);
  });
});
