import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createCustomer, createProduct } from "../factories";
import { sizeOf } from "../sizes";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { action as groupsAction } from "~/routes/admin/customer-groups";
import { action as groupAction } from "~/routes/admin/customer-group";
import { action as listsAction } from "~/routes/admin/price-lists";
import { action as listEditAction } from "~/routes/admin/price-list-edit";
import { loader as cartOffersLoader } from "~/routes/resources/cart-offers";
import { loader as cartQuoteLoader } from "~/routes/resources/cart-quote";
import { cartCookieValue } from "~/features/cart/domain/cart-cookie";
import { newId } from "~/platform/ids";

/**
 * The customer-group and price-list admin pages' actions as the server runs them (docs/decisions/054-price-lists.md):
 * a real admin session, a posted form, the answer. Every bad field is a 4xx with its message, and writes nothing.
 * Last, the cart's two resource routes for a signed-in member: their quotes start from the group's price.
 */
const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
let adminCookie: string | undefined;

/** A signed-in session's cookie (a customer's, here). */
async function signIn(email: string, password: string, role: "user") {
  await createUserWithPassword({ name: "Signed In", email, password, role });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return headers.getSetCookie().map(cookiePair).join("; ");
}

async function signInAdmin() {
  if (adminCookie) return adminCookie;
  const email = `admin-pl-${Date.now().toString(36)}@angle.test`;
  await createUserWithPassword({ name: "Lists Admin", email, password: "lists-admin-pass", role: "admin" });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "lists-admin-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  adminCookie = headers.getSetCookie().map(cookiePair).join("; ");
  return adminCookie;
}

async function post(path: string, fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: await signInAdmin(), origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
  return { request, url: new URL(request.url), context: new RouterContextProvider() };
}

async function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, body: null as unknown, location: result.headers.get("location") };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit" && "init" in result) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, body: "data" in result ? (result.data as unknown) : null, location: null };
  }
  return { status: 200, body: result, location: null };
}

const errorsOf = (body: unknown) => (body as { errors?: Record<string, string> } | null)?.errors ?? {};
const count = async (table: "customer_group" | "price_list") =>
  Number(
    (
      await getDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function newGroup(name: string) {
  const res = await outcome(
    await groupsAction({ ...(await post("/admin/customer-groups", { name })), params: {}, pattern: "/admin/customer-groups" }),
  );
  expect(res.status).toBe(303);
  return (res.location ?? "").split("/").pop() ?? "";
}

const groupPost = async (id: string, fields: Record<string, string>) =>
  outcome(
    await groupAction({ ...(await post(`/admin/customer-groups/${id}`, fields)), params: { id }, pattern: "/admin/customer-groups/:id" }),
  );
const listPost = async (id: string | undefined, fields: Record<string, string>) =>
  outcome(
    await listEditAction({
      ...(await post(id ? `/admin/price-lists/${id}` : "/admin/price-lists/new", fields)),
      params: id ? { id } : {},
      pattern: id ? "/admin/price-lists/:id" : "/admin/price-lists/new",
    }),
  );

describe("customer groups", () => {
  it("refuses an empty name and a duplicate one (whatever its case), writing nothing", async () => {
    const before = await count("customer_group");
    const empty = await outcome(
      await groupsAction({ ...(await post("/admin/customer-groups", { name: "  " })), params: {}, pattern: "/admin/customer-groups" }),
    );
    expect(empty.status).toBe(400);
    expect(errorsOf(empty.body).name).toMatch(/Enter a name/);
    await newGroup("Dealer PL");
    const twice = await outcome(
      await groupsAction({
        ...(await post("/admin/customer-groups", { name: "dealer pl" })),
        params: {},
        pattern: "/admin/customer-groups",
      }),
    );
    expect(twice.status).toBe(409);
    expect(errorsOf(twice.body).name).toBe("There is already a customer group called “dealer pl”.");
    expect(await count("customer_group")).toBe(before + 1);
  });

  it("adds a member by email, refuses an unknown email or a customer of another group, and removes one", async () => {
    const fpo = await newGroup("FPO PL");
    const staff = await newGroup("Staff PL");
    const customer = await createCustomer();
    expect((await groupPost(fpo, { intent: "add_member", email: "nobody@example.in" })).status).toBe(400);
    const bad = await groupPost(fpo, { intent: "add_member", email: "not an email" });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body).email).toMatch(/email address/);
    expect((await groupPost(fpo, { intent: "add_member", email: customer.email.toUpperCase() })).status).toBe(303);
    const other = await groupPost(staff, { intent: "add_member", email: customer.email });
    expect(other.status).toBe(409);
    expect(errorsOf(other.body).email).toContain("“FPO PL”");
    const members = await getDb().selectFrom("customer_group_member").select("group_id").where("user_id", "=", customer.id).execute();
    expect(members).toEqual([{ group_id: fpo }]);
    expect((await groupPost(fpo, { intent: "remove_member", userId: customer.id })).status).toBe(303);
    expect(await getDb().selectFrom("customer_group_member").select("group_id").where("user_id", "=", customer.id).execute()).toEqual([]);
    expect((await groupPost(fpo, { intent: "explode" })).status).toBe(400);
  });
});

describe("price lists", () => {
  it("refuses a list without a group, a name or a start, or ending before it starts; creates one paused", async () => {
    const group = await newGroup("Lists PL");
    const before = await count("price_list");
    const none = await listPost(undefined, { intent: "save", groupId: "", name: "", startsAt: "" });
    expect(none.status).toBe(400);
    expect(Object.keys(errorsOf(none.body)).sort()).toEqual(["groupId", "name", "startsAt"]);
    const backwards = await listPost(undefined, {
      intent: "save",
      groupId: group,
      name: "Kharif",
      startsAt: "2026-06-10T09:00",
      endsAt: "2026-06-01T09:00",
    });
    expect(backwards.status).toBe(400);
    expect(errorsOf(backwards.body).endsAt).toBe("The price list must end after it starts.");
    expect(await count("price_list")).toBe(before);
    const made = await listPost(undefined, { intent: "save", groupId: group, name: "Kharif", startsAt: "2026-06-01T00:00", endsAt: "" });
    expect(made.status).toBe(303);
    const id = (made.location ?? "").split("/").pop() ?? "";
    const row = await getDb().selectFrom("price_list").select(["status", "starts_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    // Midnight in India is 18:30 the day before in UTC.
    expect(row).toEqual({ status: "paused", starts_at: "2026-05-31T18:30:00.000Z" });
  });

  it("checks every entry: a size's price above 0 and below its own, a known SKU or product, a percentage of 1 to 99; no list turned on empty", async () => {
    const group = await newGroup("Entries PL");
    const made = await listPost(undefined, { intent: "save", groupId: group, name: "Rabi", startsAt: "2026-01-01T00:00" });
    const id = (made.location ?? "").split("/").pop() ?? "";
    const product = await createProduct({
      category: "fertilizers",
      variants: [{ label: "50 kg", pricePaise: 100_000, stock: 5, sku: "PL-DAP-50" }],
    });
    const size = await sizeOf(product.id, "50 kg");

    const turnOn = async () =>
      outcome(
        await listsAction({ ...(await post("/admin/price-lists", { intent: "resume", id })), params: {}, pattern: "/admin/price-lists" }),
      );
    const empty = await turnOn();
    expect(empty.status).toBe(409);
    expect((empty.body as { error: string }).error).toMatch(/no prices/);

    const refusals: [Record<string, string>, string, RegExp][] = [
      [{ kind: "variant", sku: "PL-DAP-50", price: "0" }, "price", /above ₹0/],
      [{ kind: "variant", sku: "PL-DAP-50", price: "-5" }, "price", /above ₹0/],
      [{ kind: "variant", sku: "PL-DAP-50", price: "1000" }, "price", /below its own price, ₹1,000/],
      [{ kind: "variant", sku: "NO-SUCH", price: "900" }, "sku", /No pack size has the SKU NO-SUCH/],
      [{ kind: "variant", sku: "", price: "900" }, "sku", /SKU/],
      [{ kind: "product", productId: "zzzzzzzz", percent: "10" }, "productId", /No product/],
      [{ kind: "product", productId: product.id, percent: "0" }, "percent", /1 to 99/],
      [{ kind: "category", category: "fertilizers", percent: "100" }, "percent", /1 to 99/],
      [{ kind: "category", category: "gold", percent: "10" }, "category", /Choose a category/],
      [{ kind: "bananas" }, "kind", /pack size, a product or a category/],
    ];
    for (const [fields, field, message] of refusals) {
      const res = await listPost(id, { intent: "add_entry", ...fields });
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(errorsOf(res.body)[field], JSON.stringify(fields)).toMatch(message);
    }
    expect(await getDb().selectFrom("price_list_entry").select("id").where("price_list_id", "=", id).execute()).toEqual([]);

    expect((await listPost(id, { intent: "add_entry", kind: "variant", sku: "PL-DAP-50", price: "949.50" })).status).toBe(303);
    const twice = await listPost(id, { intent: "add_entry", kind: "variant", sku: "PL-DAP-50", price: "940" });
    expect(twice.status).toBe(409);
    expect((await listPost(id, { intent: "add_entry", kind: "category", category: "fertilizers", percent: "8" })).status).toBe(303);
    const entries = await getDb()
      .selectFrom("price_list_entry")
      .select(["kind", "target_id", "price_paise", "percent_off"])
      .where("price_list_id", "=", id)
      .orderBy("kind")
      .execute();
    expect(
      entries.map((e) => [
        e.kind,
        e.target_id,
        e.price_paise === null ? null : Number(e.price_paise),
        e.percent_off === null ? null : Number(e.percent_off),
      ]),
    ).toEqual([
      ["category", "fertilizers", null, 8],
      ["variant", size.id, 94_950, null],
    ]);
    expect((await turnOn()).status).toBe(303);
    expect((await getDb().selectFrom("price_list").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("active");
  });
});

describe("a signed-in member's cart quote and offers quote", () => {
  it("start from the group's price; a stranger's from the size's", async () => {
    const product = await createProduct({
      category: "fertilizers",
      variants: [{ label: "50 kg", pricePaise: 100_000, stock: 20, sku: `PL-Q-${newId(6)}` }],
    });
    const size = await sizeOf(product.id, "50 kg");
    const at = new Date().toISOString();
    const groupId = newId();
    await getDb()
      .insertInto("customer_group")
      .values({ id: groupId, name: `Quote ${groupId}`, name_key: `quote ${groupId}`, created_at: at, updated_at: at })
      .execute();
    await getDb()
      .insertInto("price_list")
      .values({
        id: groupId,
        group_id: groupId,
        name: "Quote list",
        starts_at: "2020-01-01T00:00:00.000Z",
        status: "active",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await getDb()
      .insertInto("price_list_entry")
      .values({ id: newId(), price_list_id: groupId, kind: "variant", target_id: size.id, price_paise: 80_000 })
      .execute();
    const memberEmail = `member-${newId(6)}@example.in`;
    const memberCookie = await signIn(memberEmail, "member-pass-123", "user");
    const member = await getDb().selectFrom("user").select("id").where("email", "=", memberEmail).executeTakeFirstOrThrow();
    await getDb().insertInto("customer_group_member").values({ user_id: member.id, group_id: groupId, added_at: at }).execute();
    const strangerCookie = await signIn(`stranger-${newId(6)}@example.in`, "stranger-pass-123", "user");
    await getDb()
      .insertInto("offer")
      .values({
        id: newId(),
        kind: "automatic",
        name: "Five off",
        discount_type: "percent",
        discount_percent: 5,
        target: "products",
        target_ids: JSON.stringify([product.id]),
        starts_at: "2020-01-01T00:00:00.000Z",
        status: "active",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const lines = cartCookieValue([{ product: { id: product.id, variantId: size.id }, quantity: 2 }]);
    const ask = async (cookie: string) => {
      const offers = new Request(`${ORIGIN}/resources/cart-offers?lines=${encodeURIComponent(lines)}&state=Maharashtra`, {
        headers: { cookie },
      });
      const quote = new Request(`${ORIGIN}/resources/cart-quote?ids=${product.id}~${size.id}`, { headers: { cookie } });
      const args = (request: Request) =>
        ({ request, url: new URL(request.url), context: new RouterContextProvider(), params: {} }) as never;
      return {
        discount: ((await cartOffersLoader(args(offers))) as { discounts: Record<string, number> }).discounts[size.id],
        price: ((await cartQuoteLoader(args(quote))) as { items: { pricePaise: number }[] }).items[0]?.pricePaise,
      };
    };
    // 5% of 2 × ₹800 (the group's price), and of 2 × ₹1,000 for a stranger.
    expect(await ask(memberCookie)).toEqual({ discount: 8_000, price: 80_000 });
    expect(await ask(strangerCookie)).toEqual({ discount: 10_000, price: 100_000 });
  });
});
