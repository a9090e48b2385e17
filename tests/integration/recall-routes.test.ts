import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createLot, createProduct } from "../factories";
import { sizeOf } from "../sizes";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { loader as adminLots } from "~/routes/admin/lots";
import { action as adminRecall, loader as adminLot } from "~/routes/admin/lot";
import { action as adminOrderAction } from "~/routes/admin/order";
import { loader as vendorLots } from "~/routes/vendor-login/lots";
import { action as vendorRecall, loader as vendorLot } from "~/routes/vendor-login/lot";
import { loader as reportCsv } from "~/routes/resources/lot-report-export";

/**
 * The lots pages, the recall action and the report's CSV as the server runs them: who may see and
 * recall which lot, and what a refusal answers. (The recall itself: app/features/lots/server/recalls.server.test.ts.)
 */
const ORIGIN = "http://localhost:3999";
const PASSWORD = "recall-routes-pass-2026";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

async function createSignedIn(role: "admin" | "vendor" | "user") {
  const email = `recall-${role}-${newId(8)}@angle.test`;
  const { id } = await createUserWithPassword({ name: `Recall ${role}`, email, password: PASSWORD, role });
  if (role === "vendor") {
    await getDb()
      .insertInto("vendor")
      .values({
        user_id: id,
        business_name: `Beej ${id.slice(0, 6)}`,
        phone: "+91 91234 56789",
        gst_number: `27${newId(13).toUpperCase()}`,
        street: "Plot 4, MIDC",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422007",
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

function args(path: string, cookie: string, ids: { lotId?: string; id?: string } = {}, form?: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, {
    ...(form ? { method: "POST", body: new URLSearchParams(form) } : {}),
    headers: { cookie, origin: ORIGIN, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
  });
  const params = { lotId: ids.lotId ?? "", id: ids.id ?? "" };
  return { request, url: new URL(request.url), params, context: new RouterContextProvider(), pattern: path.split("?")[0] ?? path };
}

/** What a loader or action answered or threw: its status, its data, a Response. */
async function outcome(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null, response: result };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit" && "init" in result) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, body: "data" in result ? (result.data as Record<string, unknown>) : null, response: null };
  }
  return { status: 200, body: result as Record<string, unknown>, response: null };
}

let admin: { id: string; cookie: string };
let customer: { id: string; cookie: string };
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };
let lotId: string;
let othersLotId: string;

async function lotOf(vendorId: string, number: string) {
  const product = await createProduct({
    category: "seeds",
    vendorId,
    variants: [{ label: "10 g", pricePaise: 15_000, stock: 0, sku: `SKU-${number}` }],
  });
  return (await createLot((await sizeOf(product.id, "10 g")).id, { number, quantity: 4 })).id;
}

beforeAll(async () => {
  admin = await createSignedIn("admin");
  customer = await createSignedIn("user");
  owner = await createSignedIn("vendor");
  other = await createSignedIn("vendor");
  lotId = await lotOf(owner.id, `OWN-${newId(6)}`);
  othersLotId = await lotOf(other.id, `OTHER-${newId(6)}`);
});

const numbers = (body: Record<string, unknown> | null) => ((body?.lots as { number: string }[] | undefined) ?? []).map((l) => l.number);

describe("lots pages and the recall action", () => {
  it("an admin finds any lot by number or SKU; a vendor sees only their own; others are sent away", async () => {
    const own = await getDb().selectFrom("lot").select("number").where("id", "=", lotId).executeTakeFirstOrThrow();
    const bySku = await outcome(() => adminLots(args(`/admin/lots?q=sku-${own.number.toLowerCase()}`, admin.cookie)));
    expect(numbers(bySku.body)).toEqual([own.number]);
    const mine = await outcome(() => vendorLots(args("/vendor-login/lots", owner.cookie)));
    expect(numbers(mine.body)).toEqual([own.number]);
    expect((await outcome(() => adminLots(args("/admin/lots", customer.cookie)))).status).toBe(302);
    expect((await outcome(() => vendorLot(args(`/vendor-login/lots/${othersLotId}`, owner.cookie, { lotId: othersLotId })))).status).toBe(
      404,
    );
    expect((await outcome(() => adminLot(args(`/admin/lots/${othersLotId}`, admin.cookie, { lotId: othersLotId })))).status).toBe(200);
  });

  it("a recall without a reason is a 400 with the reason why; another vendor's lot a 404; a customer's a 403", async () => {
    const path = `/vendor-login/lots/${lotId}`;
    const blank = await outcome(() => vendorRecall(args(path, owner.cookie, { lotId }, { reason: " " })));
    expect(blank.status).toBe(400);
    expect(blank.body?.error).toBe("Enter the reason for the recall: customers who received the lot are told it.");
    const notTheirs = await outcome(() => vendorRecall(args(path, other.cookie, { lotId }, { reason: "Leaking" })));
    expect(notTheirs.status).toBe(404);
    const byCustomer = await outcome(() => adminRecall(args(`/admin/lots/${lotId}`, customer.cookie, { lotId }, { reason: "Leaking" })));
    expect(byCustomer.status).toBe(403);
    const lot = await getDb().selectFrom("lot").select("recalled_at").where("id", "=", lotId).executeTakeFirstOrThrow();
    expect(lot.recalled_at).toBeNull();

    const done = await outcome(() => vendorRecall(args(path, owner.cookie, { lotId }, { reason: "Leaking packs" })));
    expect(done.status).toBe(303);
    const twice = await outcome(() => adminRecall(args(`/admin/lots/${lotId}`, admin.cookie, { lotId }, { reason: "Again" })));
    expect(twice.status).toBe(409);
    expect(String(twice.body?.error)).toMatch(/already recalled/);
  });

  it("the report's CSV: a vendor's own lot only; an order page's swap of a lot it does not hold is a 404", async () => {
    const own = await outcome(() => reportCsv(args(`/vendor-login/lots/${lotId}/report`, owner.cookie, { lotId })));
    expect(own.status).toBe(200);
    expect(own.response?.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await own.response?.text())?.split("\r\n")[0]).toBe(
      "order,placed_at,status,customer,phone,email,pincode,units,units_back,flag,told_at",
    );
    expect(
      (await outcome(() => reportCsv(args(`/vendor-login/lots/${othersLotId}/report`, owner.cookie, { lotId: othersLotId })))).status,
    ).toBe(404);
    expect((await outcome(() => reportCsv(args(`/admin/lots/${lotId}/report`, owner.cookie, { lotId })))).status).toBe(403);
    const orderId = newId();
    const swap = await outcome(() =>
      adminOrderAction(args(`/admin/orders/${orderId}`, admin.cookie, { id: orderId }, { intent: "recall-swap", lotId })),
    );
    expect(swap.status).toBe(404);
  });
});
