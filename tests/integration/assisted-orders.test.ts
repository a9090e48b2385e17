import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { placeholderEmail } from "~/features/accounts/domain/mobile";
import { listCustomerOrders } from "~/features/orders/server/list-customer-orders.server";
import { addFarmer as addFarmerNow, notMineLink, notMineToken } from "~/features/orders/server/assisted-orders.server";
import { loader as deskLoader, action as deskAction } from "~/routes/admin/assisted-order";
import { loader as notMineLoader, action as notMineAction } from "~/routes/store/not-mine";
import { createProduct } from "../factories";
import { sizesOf } from "../sizes";

/**
 * Orders placed for a farmer by the phone desk (issue 33, docs/decisions/062-assisted-orders.md), as
 * the server runs the desk's page and the farmer's not-mine link, on the engine the run is on.
 */
const engine = getDatabase().engine;
const ORIGIN = "http://localhost:3999";
const PASSWORD = "phone-desk-pass-2026";
const DESK = "/admin/assisted-orders/new";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

async function staffMember(role: "support" | "orders" | "catalogue") {
  const email = `desk-${role}-${newId(8)}@angle.test`;
  const name = `Desk ${role} ${newId(4)}`;
  const { id } = await createUserWithPassword({ name, email, password: PASSWORD, role: "admin" });
  await getDb().updateTable("user").set({ staff_role: role }).where("id", "=", id).execute();
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id, name, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

function args(request: Request) {
  const url = new URL(request.url);
  return { request, url, params: {}, context: new RouterContextProvider(), pattern: url.pathname };
}
const get = (path: string, cookie?: string) => args(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }));
function post(path: string, fields: Record<string, string>, cookie?: string) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  return args(request);
}

/** What a loader or action answered or threw: its status, its Location, and its data. */
async function run(fn: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await fn();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") ?? "", data: null as never };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { status: (result.init as ResponseInit | null)?.status ?? 200, location: "", data: result.data as never };
  }
  return { status: 200, location: "", data: result as never };
}

const mobileNumber = () => `9${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 900 + 100)}`;
const stockOf = async (variantId: string) =>
  Number((await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock);
const outbox = (kind: string, dedupeKey: string) =>
  getDb()
    .selectFrom("outbox")
    .select(["recipient", "payload"])
    .where("kind", "=", kind)
    .where("dedupe_key", "=", dedupeKey)
    .executeTakeFirst();

let support: Awaited<ReturnType<typeof staffMember>>;
let orders: Awaited<ReturnType<typeof staffMember>>;
let catalogue: Awaited<ReturnType<typeof staffMember>>;
let product: { id: string };
let size: { id: string };

beforeAll(async () => {
  [support, orders, catalogue] = await Promise.all([staffMember("support"), staffMember("orders"), staffMember("catalogue")]);
  product = await createProduct({ name: `Urea Neem Coated ${newId(5)}`, pricePaise: 26_650, stock: 20 });
  const [first] = await sizesOf(product.id);
  if (!first) throw new Error("the product has no size");
  size = first;
});

async function addFarmer(cookie: string, over: Partial<Record<string, string>> = {}) {
  const mobile = mobileNumber();
  const found = await run(() => deskLoader(get(`${DESK}?mobile=${mobile}`, cookie)));
  expect(found.status).toBe(200);
  expect((found.data as { step: string }).step).toBe("add");
  const added = await run(() =>
    deskAction(
      post(
        DESK,
        {
          intent: "add-farmer",
          name: "Ramesh Yadav",
          mobile,
          locale: "hi",
          street: "Ward 4, Khed",
          city: "Pune",
          state: "Maharashtra",
          pincode: "411001",
          ...over,
        },
        cookie,
      ),
    ),
  );
  expect(added.status).toBe(303);
  const farmerId = new URL(added.location, ORIGIN).searchParams.get("farmer") ?? "";
  return { farmerId, mobile: `+91${mobile}` };
}

describe(`phone orders for a farmer (${engine})`, () => {
  it("a support user adds a Hindi-speaking farmer by mobile and places a COD order for them; the farmer is told in Hindi and sees it", async () => {
    const { farmerId, mobile } = await addFarmer(support.cookie);
    const farmer = await getDb()
      .selectFrom("user")
      .select(["role", "email", "phoneNumber", "locale", "pincode"])
      .where("id", "=", farmerId)
      .executeTakeFirstOrThrow();
    expect(farmer).toMatchObject({ role: "user", email: placeholderEmail(mobile), phoneNumber: mobile, locale: "hi", pincode: "411001" });
    const welcome = await outbox("assisted-account-sms", `assisted-account:${farmerId}`);
    expect(welcome?.recipient).toBe(mobile);
    expect(JSON.parse(welcome?.payload ?? "{}").text).toContain("खाता बनाया है");

    // Found again by the number, however it is typed: the same account, no second SMS.
    const again = await run(() =>
      deskLoader(get(`${DESK}?mobile=${encodeURIComponent(`+91 ${mobile.slice(3, 8)} ${mobile.slice(8)}`)}`, support.cookie)),
    );
    expect(again.status).toBe(302);
    expect(again.location).toContain(`farmer=${farmerId}`);

    // The cart, priced by the storefront's functions.
    const lines = `${product.id}~${size.id}.3`;
    const page = await run(() => deskLoader(get(`${DESK}?farmer=${farmerId}&lines=${encodeURIComponent(lines)}`, support.cookie)));
    expect(page.status).toBe(200);
    const shown = page.data as { step: string; checkoutKey: string; cart: { totals: { total: number }; delivery: { ok: boolean } } };
    expect(shown.step).toBe("cart");
    expect(shown.cart.delivery.ok).toBe(true);

    const before = await stockOf(size.id);
    const placed = await run(() =>
      deskAction(post(DESK, { intent: "place", farmer: farmerId, lines, checkoutKey: shown.checkoutKey }, support.cookie)),
    );
    expect(placed.status).toBe(303);
    const orderId = placed.location.replace("/admin/orders/", "");
    const order = await getDb()
      .selectFrom("orders")
      .select(["user_id", "placed_by", "payment_method", "locale", "total_paise", "status"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: farmerId, placed_by: support.id, payment_method: "cod", locale: "hi", status: "pending" });
    expect(Number(order.total_paise)).toBe(shown.cart.totals.total);
    expect(await stockOf(size.id)).toBe(before - 3);

    // The usual SMS in Hindi, and the desk's own with the signed link.
    const usual = await outbox("order-status-sms", `order-status-sms:${orderId}:pending`);
    expect(JSON.parse(usual?.payload ?? "{}").text).toContain("आपका");
    const told = await outbox("assisted-order-sms", `assisted-order:${orderId}`);
    expect(told?.recipient).toBe(mobile);
    const toldText = JSON.parse(told?.payload ?? "{}").text as string;
    expect(toldText).toContain("फ़ोन डेस्क");
    expect(toldText).toContain(notMineLink(orderId, "hi"));
    expect(toldText).toContain(`/hi/orders/${orderId}/not-mine?t=`);

    // The farmer's own list shows it.
    expect((await listCustomerOrders(farmerId)).rows.map((o) => o.id)).toContain(orderId);

    // A second press of the button is the same order.
    const twice = await run(() =>
      deskAction(post(DESK, { intent: "place", farmer: farmerId, lines, checkoutKey: shown.checkoutKey }, support.cookie)),
    );
    expect(twice.location).toBe(placed.location);
  });

  it("an Orders user may take phone orders; a Catalogue user is refused (403) and nothing is written", async () => {
    const { farmerId } = await addFarmer(orders.cookie);
    const page = await run(() => deskLoader(get(`${DESK}?farmer=${farmerId}`, orders.cookie)));
    const placed = await run(() =>
      deskAction(
        post(
          DESK,
          {
            intent: "place",
            farmer: farmerId,
            lines: `${product.id}~${size.id}.1`,
            checkoutKey: (page.data as { checkoutKey: string }).checkoutKey,
          },
          orders.cookie,
        ),
      ),
    );
    expect(placed.status).toBe(303);

    expect((await run(() => deskLoader(get(DESK, catalogue.cookie)))).status).toBe(403);
    const mobile = mobileNumber();
    const refused = await run(() =>
      deskAction(
        post(
          DESK,
          {
            intent: "add-farmer",
            name: "Not Allowed",
            mobile,
            locale: "en",
            street: "x",
            city: "Pune",
            state: "Maharashtra",
            pincode: "411001",
          },
          catalogue.cookie,
        ),
      ),
    );
    expect(refused.status).toBe(403);
    expect(await getDb().selectFrom("user").select("id").where("phoneNumber", "=", `+91${mobile}`).executeTakeFirst()).toBeUndefined();
  });

  it("the farmer's not-mine link cancels the order with its stock back; a bad or used link is refused and writes nothing", async () => {
    const { farmerId } = await addFarmer(support.cookie);
    const page = await run(() => deskLoader(get(`${DESK}?farmer=${farmerId}`, support.cookie)));
    const before = await stockOf(size.id);
    const placed = await run(() =>
      deskAction(
        post(
          DESK,
          {
            intent: "place",
            farmer: farmerId,
            lines: `${product.id}~${size.id}.2`,
            checkoutKey: (page.data as { checkoutKey: string }).checkoutKey,
          },
          support.cookie,
        ),
      ),
    );
    const orderId = placed.location.replace("/admin/orders/", "");
    expect(await stockOf(size.id)).toBe(before - 2);
    const path = `/orders/${orderId}/not-mine`;
    const statusOfOrder = async () =>
      (await getDb().selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status;

    // A bad signature: refused, nothing written.
    // Its last character changed (to "y" where it was "x": one token in 64 ends in "x").
    const genuine = notMineToken(orderId);
    const forged = `${genuine.slice(0, -1)}${genuine.endsWith("x") ? "y" : "x"}`;
    expect((await run(() => notMineLoader({ ...get(`${path}?t=${forged}`), params: { orderId } }))).status).toBe(400);
    const bad = await run(() => notMineAction({ ...post(path, { t: forged }), params: { orderId } }));
    expect(bad.status).toBe(400);
    expect((bad.data as { message: string }).message).toBe(renderRefusal(refusal("orders.not_mine_link")));
    expect(await statusOfOrder()).toBe("pending");
    // Another order's link does not open this one.
    expect((await run(() => notMineAction({ ...post(path, { t: notMineToken("zzzzzzzzzzzzzzzz") }), params: { orderId } }))).status).toBe(
      400,
    );

    // The good link: the page, then the cancel.
    const token = notMineToken(orderId);
    expect((await run(() => notMineLoader({ ...get(`${path}?t=${token}`), params: { orderId } }))).status).toBe(200);
    const done = await run(() => notMineAction({ ...post(path, { t: token }), params: { orderId } }));
    expect(done.status).toBe(200);
    expect(await statusOfOrder()).toBe("cancelled");
    expect(await stockOf(size.id)).toBe(before);

    // Used: refused, nothing more written.
    const used = await run(() => notMineAction({ ...post(path, { t: token }), params: { orderId } }));
    expect(used.status).toBe(409);
    expect((await run(() => notMineLoader({ ...get(`${path}?t=${token}`), params: { orderId } }))).status).toBe(409);
    expect(await stockOf(size.id)).toBe(before);
  });

  it("an order for a pincode the store does not know is refused with the checkout's words, and nothing is taken", async () => {
    const { farmerId } = await addFarmer(support.cookie, { pincode: "999990" });
    const page = await run(() => deskLoader(get(`${DESK}?farmer=${farmerId}&lines=${product.id}~${size.id}.1`, support.cookie)));
    expect((page.data as { cart: { delivery: { ok: boolean } } }).cart.delivery.ok).toBe(false);
    const before = await stockOf(size.id);
    const refused = await run(() =>
      deskAction(
        post(
          DESK,
          {
            intent: "place",
            farmer: farmerId,
            lines: `${product.id}~${size.id}.1`,
            checkoutKey: (page.data as { checkoutKey: string }).checkoutKey,
          },
          support.cookie,
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { error: string }).error).toBe(renderRefusal(refusal("checkout.pincode_unknown", { pincode: "999990" })));
    expect(await stockOf(size.id)).toBe(before);
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", farmerId).execute()).toEqual([]);
  });

  it("two desks adding one number at once make one account and one SMS", async () => {
    const mobile = `+91${mobileNumber()}`;
    const input = {
      name: "Sita Devi",
      mobile,
      locale: "hi" as const,
      street: "Khed",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
    };
    const [a, b] = await Promise.all([addFarmerNow(input), addFarmerNow(input)]);
    expect(a.farmer.id).toBe(b.farmer.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const sms = await getDb()
      .selectFrom("outbox")
      .select("id")
      .where("kind", "=", "assisted-account-sms")
      .where("recipient", "=", mobile)
      .execute();
    expect(sms).toHaveLength(1);
  });

  it("a number a member of staff signs in with is not taken over for a farmer (409), and nothing is written", async () => {
    const mobile = mobileNumber();
    await getDb()
      .updateTable("user")
      .set({ phoneNumber: `+91${mobile}`, phoneNumberVerified: true })
      .where("id", "=", catalogue.id)
      .execute();
    const refused = await run(() =>
      deskAction(
        post(
          DESK,
          {
            intent: "add-farmer",
            name: "Someone",
            mobile,
            locale: "en",
            street: "x",
            city: "Pune",
            state: "Maharashtra",
            pincode: "411001",
          },
          support.cookie,
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect((refused.data as { error: string }).error).toBe(renderRefusal(refusal("orders.assisted_number_taken")));
    const held = await getDb().selectFrom("user").select(["id", "role"]).where("phoneNumber", "=", `+91${mobile}`).execute();
    expect(held).toEqual([{ id: catalogue.id, role: "admin" }]);
  });

  it("a number that is not a mobile number is refused at its field", async () => {
    const found = await run(() => deskLoader(get(`${DESK}?mobile=12345`, support.cookie)));
    expect(found.status).toBe(400);
    expect((found.data as { error: string }).error).toBe(renderRefusal(refusal("orders.assisted_mobile")));
  });
});
