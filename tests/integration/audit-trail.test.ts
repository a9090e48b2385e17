import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { sql } from "kysely";
import { checkoutInput, createCustomer, createLot, createOffer, createProduct, testGstin } from "../factories";
import { action as vendorProductsAction } from "~/routes/vendor-login/products";
import { action as vendorsAction } from "~/routes/admin/vendors";
import { paidUpiOrder, withFakeGateway } from "../paid-orders";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { action as offersAction } from "~/routes/admin/offers";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { action as orderAction } from "~/routes/admin/order";
import { action as staffAction } from "~/routes/admin/staff";
import { action as settingsAction } from "~/routes/admin/settings";
import { loader as auditLoader } from "~/routes/admin/audit";
import { loader as auditExportLoader } from "~/routes/resources/admin-audit-export";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { withRequestMemo } from "~/platform/request-memo.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { MASK } from "~/features/audit/domain/audit-changes";
import { action as productEditAction } from "~/routes/admin/product-edit";
import { action as productsAction } from "~/routes/admin/products";

/**
 * The audit trail as the server writes it (docs/decisions/061-audit-trail.md): the admin pages'
 * actions called as the server runs them — a real session, the request's memo the root middleware
 * opens, the client's address our server records — and the entries they leave.
 */
const ORIGIN = "http://localhost:3999";
const IP = "203.0.113.7";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
const owner = { id: "", name: "Audit Owner", cookie: "" };

async function signInOwner() {
  if (owner.cookie) return owner;
  const email = `audit-owner-${Date.now().toString(36)}@angle.test`;
  const user = await createUserWithPassword({ name: owner.name, email, password: "audit-owner-pass", role: "admin" });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "audit-owner-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  owner.id = user.id;
  owner.cookie = headers.getSetCookie().map(cookiePair).join("; ");
  return owner;
}

async function post(path: string, fields: Record<string, string>) {
  const { cookie } = await signInOwner();
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "x-angle-client-ip": IP },
  });
  return { request, url: new URL(request.url), context: new RouterContextProvider() };
}

/** Runs an action inside a request's memo, as the root middleware does for every request. */
const inRequest = <T>(work: () => Promise<T>) => withRequestMemo(work);

const statusOf = (result: unknown) => {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result) return (result.init as ResponseInit | null)?.status ?? 200;
  return 200;
};

const entriesOf = (objectId: string) =>
  getDb().selectFrom("audit_entry").selectAll().where("object_id", "=", objectId).orderBy("at").orderBy("id").execute();

const sizeFields = (name: string, price: string, version?: number) => ({
  "variants[0].sku": `AUD-${name.split(" ").pop()}`,
  name,
  description: "Audited.",
  category: "fertilizers",
  hsnCode: "31052000",
  gstRate: "5",
  "variants[0].label": "1 kg",
  "variants[0].packQuantity": "1",
  "variants[0].packUnit": "kg",
  "variants[0].price": price,
  "variants[0].mrp": "600",
  "variants[0].stock": "4",
  ...(version === undefined ? {} : { version: String(version) }),
});

describe("a product's changes in the trail", () => {
  it("records the create and a price change with the owner, their address and only what changed; a refused edit records nothing", async () => {
    const name = `Audited Urea ${Date.now().toString(36)}`;
    const created = await inRequest(async () =>
      statusOf(
        await productEditAction({
          ...(await post("/admin/products/new", sizeFields(name, "500"))),
          params: {},
          pattern: "/admin/products/new",
        }),
      ),
    );
    expect(created).toBe(303);
    const product = await getDb().selectFrom("product").select(["id", "version"]).where("name", "=", name).executeTakeFirstOrThrow();
    const id = product.id;

    // Refused (a bad GST rate): no change, no entry.
    const refused = await inRequest(async () =>
      statusOf(
        await productEditAction({
          ...(await post(`/admin/products/${id}`, { ...sizeFields(name, "450", Number(product.version)), gstRate: "7" })),
          params: { id },
          pattern: "/admin/products/:id",
        }),
      ),
    );
    expect(refused).toBe(400);
    expect((await entriesOf(id)).map((e) => e.kind)).toEqual(["product.create"]);

    const saved = await inRequest(async () =>
      statusOf(
        await productEditAction({
          ...(await post(`/admin/products/${id}`, sizeFields(name, "450", Number(product.version)))),
          params: { id },
          pattern: "/admin/products/:id",
        }),
      ),
    );
    expect(saved).toBe(303);
    const [create, update] = await entriesOf(id);
    expect(create).toMatchObject({ kind: "product.create", object_type: "product", actor_id: owner.id, actor_role: "owner", ip: IP });
    expect(JSON.parse(create?.changes ?? "{}")).toMatchObject({ name: [null, name], "1 kg · price_paise": [null, 50_000] });
    expect(update).toMatchObject({ kind: "product.update", actor_id: owner.id, actor_name: owner.name, actor_role: "owner", ip: IP });
    expect(JSON.parse(update?.changes ?? "{}")).toEqual({ "1 kg · price_paise": [50_000, 45_000] });
  });

  it("records a delete, and an archive of a product orders name", async () => {
    const product = await createProduct({ stock: 3 });
    const deleted = await inRequest(async () =>
      statusOf(
        await productsAction({
          ...(await post("/admin/products", { intent: "delete", id: product.id })),
          params: {},
          pattern: "/admin/products",
        }),
      ),
    );
    expect(deleted).toBeLessThan(400);
    const [entry] = await entriesOf(product.id);
    expect(entry).toMatchObject({ kind: "product.delete", actor_id: owner.id, ip: IP });
    expect(JSON.parse(entry?.changes ?? "{}")).toMatchObject({ name: [product.name, null], "Standard · stock": [3, null] });
  });
});

describe("orders, the team and the settings in the trail", () => {
  it("records an order's status change with its note; a refused move records nothing", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    expect(await entriesOf(orderId)).toEqual([]);
    const move = (status: string) =>
      inRequest(async () =>
        statusOf(
          await orderAction({
            ...(await post(`/admin/orders/${orderId}`, { status, note: "Phoned the farmer" })),
            params: { id: orderId },
            pattern: "/admin/orders/:id",
          }),
        ),
      );
    expect(await move("delivered")).toBe(409);
    expect(await entriesOf(orderId)).toEqual([]);
    expect(await move("confirmed")).toBe(303);
    const [entry] = await entriesOf(orderId);
    expect(entry).toMatchObject({ kind: "order.status", object_type: "order", actor_id: owner.id, ip: IP, reason: "Phoned the farmer" });
    expect(JSON.parse(entry?.changes ?? "{}")).toEqual({ status: ["pending", "confirmed"] });
  });

  it("records a role change on the team", async () => {
    const email = `audit-staff-${Date.now().toString(36)}@angle.test`;
    const member = await createUserWithPassword({ name: "Desk", email, password: "audit-staff-pass", role: "admin" });
    const changed = await inRequest(async () =>
      statusOf(
        await staffAction({
          ...(await post("/admin/staff", { intent: "role", id: member.id, role: "orders" })),
          params: {},
          pattern: "/admin/staff",
        }),
      ),
    );
    expect(changed).toBe(303);
    const [entry] = await entriesOf(member.id);
    expect(entry).toMatchObject({ kind: "user.change", object_type: "user", actor_id: owner.id, ip: IP });
    expect(JSON.parse(entry?.changes ?? "{}")).toEqual({ staff_role: [null, "orders"] });
  });

  it("records a settings save with only what changed", async () => {
    await saveSetting("general", DEFAULT_GENERAL_SETTINGS);
    const { storeLegalName, storeGstin, storeGstAddress } = DEFAULT_GENERAL_SETTINGS;
    const fields = { siteTitle: "Angle Audited", siteTagline: "Good seed", adminEmail: "", taxMode: "by_rate", priceDisplay: "inclusive" };
    const saved = await inRequest(async () =>
      statusOf(
        await settingsAction({
          ...(await post("/admin/settings", { ...fields, storeLegalName, storeGstin, storeGstAddress })),
          params: {},
          pattern: "/admin/settings",
        }),
      ),
    );
    expect(saved).toBe(303);
    const entries = await entriesOf("general");
    const last = entries.at(-1);
    expect(last).toMatchObject({ kind: "settings.general", actor_id: owner.id, ip: IP });
    expect(JSON.parse(last?.changes ?? "{}").siteTitle).toEqual([DEFAULT_GENERAL_SETTINGS.siteTitle, "Angle Audited"]);
    await saveSetting("general", DEFAULT_GENERAL_SETTINGS);
  });
});

async function get(path: string, cookie?: string) {
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: cookie ?? (await signInOwner()).cookie } });
  return { request, url: new URL(request.url), context: new RouterContextProvider(), params: {} };
}

describe("the owner's trail", () => {
  it("filters by person, kind, object and date, newest first, and exports the same as CSV with formulas made harmless", async () => {
    const { id: ownerId } = await signInOwner();
    const other = `obj-${Date.now().toString(36)}`;
    const mine = `${other}-mine`;
    const by = { id: ownerId, name: "Audit Owner", role: "owner" as const, ip: IP };
    await recordAudit(getDb(), { kind: "test.first", object: { type: "test", id: mine }, before: { a: 1 }, after: { a: 2 }, actor: by });
    // Newest first is by time: the second entry a moment later (two in one millisecond are ordered by id alone).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordAudit(getDb(), {
      kind: "test.second",
      object: { type: "test", id: mine },
      before: { a: 2 },
      after: { a: "=HYPERLINK(1)" },
      actor: by,
      reason: "+cmd",
    });
    await recordAudit(getDb(), { kind: "test.first", object: { type: "test", id: other }, before: { a: 1 }, after: { a: 2 } });

    const list = async (query: string) => {
      const page = await auditLoader({ ...(await get(`/admin/audit?${query}`)), pattern: "/admin/audit" });
      return page.page?.rows.map((e) => [e.kind, e.object.id]) ?? page.error;
    };
    const { email } = await getDb().selectFrom("user").select("email").where("id", "=", ownerId).executeTakeFirstOrThrow();
    expect(await list(`object=${mine}`)).toEqual([
      ["test.second", mine],
      ["test.first", mine],
    ]);
    expect(await list(`object=${other}&person=${encodeURIComponent(email.toUpperCase())}`)).toEqual([]);
    expect(await list(`object=${mine}&person=${encodeURIComponent(email.toUpperCase())}`)).toHaveLength(2);
    expect(await list(`object=${mine}&kind=test.first`)).toEqual([["test.first", mine]]);
    expect(await list(`object=${mine}&kind=test`)).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`object=${mine}&from=2020-01-01&to=2020-01-02`)).toEqual([]);
    expect(await list(`object=${mine}&from=2020-01-01&to=2099-01-01`)).toHaveLength(2);
    expect(await list(`object=${mine}&from=${today}&to=2020-01-01`)).toBe("The start date is after the end date.");
    expect(await list("from=2026-02-30")).toMatch(/not a valid date/);

    const csv = await auditExportLoader({ ...(await get(`/admin/audit/export?object=${mine}`)), pattern: "/admin/audit/export" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await csv.text();
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("test.second");
    expect(text).toContain("'+cmd");
    expect(text).not.toMatch(/,=HYPERLINK|,\+cmd/);
    const bad = await auditExportLoader({ ...(await get("/admin/audit/export?to=soon")), pattern: "/admin/audit/export" });
    expect(bad.status).toBe(400);
  });

  it("is the owner's alone: another role is refused", async () => {
    const email = `audit-desk-${Date.now().toString(36)}@angle.test`;
    const desk = await createUserWithPassword({ name: "Desk", email, password: "audit-desk-pass", role: "admin" });
    await getDb().updateTable("user").set({ staff_role: "orders" }).where("id", "=", desk.id).execute();
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password: "audit-desk-pass" },
      headers: new Headers({ origin: ORIGIN }),
      returnHeaders: true,
    });
    const cookie = headers.getSetCookie().map(cookiePair).join("; ");
    const refused = await auditExportLoader({ ...(await get("/admin/audit/export", cookie)), pattern: "/admin/audit/export" }).catch(
      (thrown: unknown) => thrown,
    );
    expect(statusOf(refused)).toBe(403);
  });
});

describe("listings, offers and lots in the trail", () => {
  it("records a listing's approval, an offer paused and a lot adjusted, each by the owner from their address", async () => {
    const listing = await createProduct({ status: "pending" });
    const { version } = await getDb().selectFrom("product").select("version").where("id", "=", listing.id).executeTakeFirstOrThrow();
    const approved = await inRequest(async () =>
      statusOf(
        await vendorsAction({
          ...(await post("/admin/vendors", { intent: "approve", id: listing.id, version: String(version) })),
          params: {},
          pattern: "/admin/vendors",
        }),
      ),
    );
    expect(approved).toBeLessThan(400);
    const [review] = await entriesOf(listing.id);
    expect(review).toMatchObject({ kind: "listing.approve", actor_id: owner.id, ip: IP });
    expect(JSON.parse(review?.changes ?? "{}")).toEqual({ status: ["pending", "live"] });

    const offer = await createOffer({ code: `AUD${Date.now().toString(36).toUpperCase()}`, name: "Audited offer" });
    const paused = await inRequest(async () =>
      statusOf(
        await offersAction({ ...(await post("/admin/offers", { intent: "pause", id: offer.id })), params: {}, pattern: "/admin/offers" }),
      ),
    );
    expect(paused).toBeLessThan(400);
    const [pause] = await entriesOf(offer.id);
    expect(pause).toMatchObject({ kind: "offer.pause", actor_id: owner.id, ip: IP });
    expect(JSON.parse(pause?.changes ?? "{}")).toEqual({ status: ["active", "paused"] });

    const product = await createProduct({ category: "seeds", stock: 0 });
    const size = await getDb().selectFrom("product_variant").select("id").where("product_id", "=", product.id).executeTakeFirstOrThrow();
    const lot = await createLot(size.id, { quantity: 10 });
    const adjust = (change: string) =>
      inRequest(async () =>
        statusOf(
          await productEditAction({
            ...(await post(`/admin/products/${product.id}`, { intent: "adjust-lot", lotId: lot.id, change, reason: "Two bags torn" })),
            params: { id: product.id },
            pattern: "/admin/products/:id",
          }),
        ),
      );
    expect(await adjust("-20")).toBe(409);
    expect(await entriesOf(lot.id)).toEqual([]);
    expect(await adjust("-2")).toBeLessThan(400);
    const [adjusted] = await entriesOf(lot.id);
    expect(adjusted).toMatchObject({ kind: "lot.adjust", actor_id: owner.id, ip: IP, reason: "Two bags torn" });
    expect(JSON.parse(adjusted?.changes ?? "{}")).toEqual({ quantity: [10, 8] });
  });
});

describe("money in the trail", () => {
  const gateway = withFakeGateway();

  it("saved payment keys are in the trail masked", async () => {
    const last = (await entriesOf("payment")).at(-1);
    expect(last?.kind).toBe("settings.payment");
    expect(last?.changes).not.toMatch(/rzp_test_returns|rzp-secret|rzp-webhook/);
    expect(last?.changes).toContain(MASK);
  });

  it("an owner's cancel of a paid order records the cancel and the refund; a customer's own cancel records nothing", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const orderId = await paidUpiOrder(gateway, customer, [{ productId: product.id, quantity: 1 }]);
    const cancelled = await inRequest(async () =>
      statusOf(
        await orderAction({
          ...(await post(`/admin/orders/${orderId}`, { status: "cancelled", note: "Farmer changed his mind" })),
          params: { id: orderId },
          pattern: "/admin/orders/:id",
        }),
      ),
    );
    expect(cancelled).toBe(303);
    const entries = await entriesOf(orderId);
    expect(entries.map((e) => e.kind).sort()).toEqual(["order.cancel", "order.refund"]);
    for (const entry of entries) expect(entry).toMatchObject({ actor_id: owner.id, actor_role: "owner", ip: IP });
    expect(JSON.parse(entries.find((e) => e.kind === "order.cancel")?.changes ?? "{}").status).toEqual(["confirmed", "cancelled"]);

    const own = await paidUpiOrder(gateway, customer, [{ productId: product.id, quantity: 1 }]);
    await cancelOrder({ orderId: own, actor: { role: "customer", id: customer.id } });
    expect(await entriesOf(own)).toEqual([]);
  });
});

describe("a vendor's changes in the trail", () => {
  it("records a vendor taking down their own listing, as the vendor", async () => {
    const email = `audit-vendor-${Date.now().toString(36)}@angle.test`;
    const vendor = await createUserWithPassword({ name: "Audit Vendor", email, password: "audit-vendor-pass", role: "vendor" });
    await getDb()
      .insertInto("vendor")
      .values({
        user_id: vendor.id,
        business_name: `Audit Seeds ${vendor.id.slice(0, 6)}`,
        phone: "+91 91234 56789",
        gst_number: testGstin("27"),
        street: "Plot 4",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422007",
        created_at: new Date().toISOString(),
      })
      .execute();
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password: "audit-vendor-pass" },
      headers: new Headers({ origin: ORIGIN }),
      returnHeaders: true,
    });
    const cookie = headers.getSetCookie().map(cookiePair).join("; ");
    const listing = await createProduct({ vendorId: vendor.id, status: "live" });
    const request = new Request(`${ORIGIN}/vendor-login/products`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: listing.id }),
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "x-angle-client-ip": IP },
    });
    const removed = await inRequest(async () =>
      statusOf(
        await vendorProductsAction({
          request,
          url: new URL(request.url),
          params: {},
          context: new RouterContextProvider(),
          pattern: "/vendor-login/products",
        }),
      ),
    );
    expect(removed).toBeLessThan(400);
    const [entry] = await entriesOf(listing.id);
    expect(entry).toMatchObject({ kind: "product.delete", actor_id: vendor.id, actor_role: "vendor", actor_name: "Audit Vendor", ip: IP });
  });
});

describe("an entry itself", () => {
  it("is written by the system outside a request, or by the actor a script names", async () => {
    const id = `obj-${Date.now().toString(36)}`;
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, { kind: "test.system", object: { type: "test", id }, before: { a: 1 }, after: { a: 2 } });
        await recordAudit(trx, {
          kind: "test.script",
          object: { type: "test", id },
          before: { a: 2 },
          after: { a: 3 },
          actor: { id: "someone", name: "Script", role: "owner", ip: null },
        });
        // Nothing changed: nothing written.
        await recordAudit(trx, { kind: "test.none", object: { type: "test", id }, before: { a: 3 }, after: { a: 3 } });
      });
    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.kind, e.actor_role, e.actor_name]).sort()).toEqual([
      ["test.script", "owner", "Script"],
      ["test.system", "system", "System"],
    ]);
  });

  it("never keeps a secret's value", async () => {
    const id = `obj-${Date.now().toString(36)}`;
    await recordAudit(getDb(), {
      kind: "settings.payment",
      object: { type: "settings", id },
      before: { razorpay: { keyId: "rzp_old", keySecret: "sekrit-old" }, mode: "test" },
      after: { razorpay: { keyId: "rzp_new", keySecret: "sekrit-new" }, mode: "live" },
    });
    const [entry] = await entriesOf(id);
    expect(entry?.changes).not.toMatch(/rzp_|sekrit/);
    expect(JSON.parse(entry?.changes ?? "{}").razorpay[1]).toEqual({ keyId: MASK, keySecret: MASK });
  });

  it("cannot be changed or deleted: the database refuses", async () => {
    const id = `obj-${Date.now().toString(36)}`;
    await recordAudit(getDb(), { kind: "test.kept", object: { type: "test", id }, before: null, after: { a: 1 } });
    await expect(getDb().updateTable("audit_entry").set({ reason: "rewritten" }).where("object_id", "=", id).execute()).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(getDb().deleteFrom("audit_entry").where("object_id", "=", id).execute()).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql`delete from audit_entry`.execute(getDb())).rejects.toThrow(/cannot be changed or deleted/);
    expect(await entriesOf(id)).toHaveLength(1);
  });
});
